#!/usr/bin/env bash
# regen.sh - regenerate the fixtures of testdata/ir/upgrade/ and their goldens.
#
# Usage: testdata/ir/upgrade/regen.sh   (from any directory; no arguments)
#
# What llvm-dis-22 upgrades while reading bitcode of LLVM 14-19 (AutoUpgrade):
# intrinsic calls it rewrites (NVVM barriers, atomics and math; AMDGPU
# atomics; llvm.objectsize rebuilt; renamed intrinsics), module flags
# (amdhsa_code_object_version; AArch64 branch protection copied onto the
# functions), !nvvm.annotations (kernels, launch bounds), removed constant
# expressions in metadata (poison), inline asm in LLVM 13's record without
# its function type (inlineasm-llvm13). Inputs are under src/: hand-written LLVM assembly assembled by
# the older llvm-as named in the file name (NAME-llvmNN.ll, llvm-as-NN; a
# first line "; llvm-as flags: ..." adds flags) and
# C compiled by older clangs, and modules written through LLVM 14's C API
# (src/capi14.py).
#
# Outputs, here:
#   NAME.bc    the fixture
#   NAME.dis   its golden: `llvm-dis-22 NAME.bc -o -` run from this folder
#              with the bare file name. di-NAME: with debug info.
#   strip/NAME.bc    a body whose debug info or !tbaa LLVM's verifiers
#              reject, for which llvm-dis-22 strips the debug info or every
#              !tbaa of the whole module: strip/NAME.dis is its text
#              (`bcextract dis` reads the module again, ir/bitcode's
#              Options.Reread), strip/NAME.want words of the report a
#              reader without Reread gives (ir/bitcode's
#              TestStripFixtures; handwritten). Not fixtures of internal/irfixtures (one
#              level deeper).
#
# Tools: LLVM_DIS=llvm-dis-22, CLANG4, CLANG6 and CLANG7 to CLANG12 (Ubuntu
# bionic's and focal's and Debian bullseye's, which scripts/archive_clang.sh
# fetches and unpacks: by default this script asks it), CLANG13=clang-13,
# CLANG14=clang-14, CLANG16=clang-16, CLANG19=clang-19,
# llvm-as-13, llvm-as-14, llvm-as-15, llvm-as-19, and python3 with
# libLLVM-14.so.1.
set -euo pipefail

DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LLVM_DIS="${LLVM_DIS:-llvm-dis-22}"
CLANG13="${CLANG13:-clang-13}"
CLANG14="${CLANG14:-clang-14}"
CLANG16="${CLANG16:-clang-16}"
CLANG19="${CLANG19:-clang-19}"
if [[ -z ${CLANG4:-} || -z ${CLANG6:-} || -z ${CLANG7:-} || -z ${CLANG8:-} || -z ${CLANG9:-} || -z ${CLANG10:-} ||
	-z ${CLANG11:-} || -z ${CLANG12:-} ]]; then
	eval "$("$DIR/../../../scripts/archive_clang.sh" 4 6 7 8 9 10 11 12)"
fi
for t in "$LLVM_DIS" "$CLANG4" "$CLANG6" "$CLANG7" "$CLANG8" "$CLANG9" "$CLANG10" "$CLANG11" "$CLANG12" "$CLANG13" "$CLANG14" "$CLANG16" "$CLANG19" llvm-as-13 llvm-as-14 llvm-as-15 llvm-as-19 python3; do
	command -v "$t" >/dev/null 2>&1 || { echo "regen.sh: $t not found" >&2; exit 1; }
done

cd "$DIR"
rm -f ./*.bc ./*.dis strip/*.bc strip/*.dis

# --- hand-written assembly: src/NAME-llvmNN.ll -> NAME-llvmNN.bc -------------
for ll in src/*.ll src/strip/*.ll; do
	name=$(basename "$ll" .ll)
	ver=${name##*-llvm}
	out="$name.bc"
	[[ $ll == src/strip/* ]] && out="strip/$name.bc"
	# A first line "; llvm-as flags: ..." gives flags (-disable-verify for
	# what older producers wrote but their verifier no longer accepts).
	read -r -a flags <<<"$(sed -n '1s/^; llvm-as flags: //p' "$ll")"
	"llvm-as-$ver" ${flags[@]+"${flags[@]}"} "$ll" -o "$out"
done

# --- LLVM 14's C API: src/capi14.py NAME -> NAME.bc ----------------------------
# What llvm-as upgrades while parsing (old module flags, old TBAA tags,
# the alignment argument of the memory intrinsics of LLVM 6 and older,
# other generic intrinsics of LLVM 13 and older, dbg.value with an offset),
# written as other producers write it (python3 with libLLVM-14.so.1).
for name in objc-flags-llvm14 tbaa-old-llvm14 memalign-llvm14 oldgeneric-llvm14 di-dbgvalue-offset-llvm14 \
	x86-old-llvm14 arm-old-llvm14 x86-ir-llvm14 x86-mistyped-llvm14 aarch64-sve-addqv-llvm14 objectsize-vector-llvm14; do
	python3 src/capi14.py "$name" "$name.bc"
done

# --- compiled sources ----------------------------------------------------------
# NAME|COMPILER|TARGET|FLAGS|SOURCE
AVX512="-mavx512f -mavx512bw -mavx512vl -mavx512cd -mavx512dq -mavx512vbmi -mavx512vbmi2 -mavx512bitalg"
AVX512OLD="-mavx512f -mavx512bw -mavx512vl -mavx512cd -mavx512dq -mavx512ifma -mavx512vbmi -mfma -mfma4 -mxop"
CFIXTURES=(
	"summary-objectsize-llvm14-O2|$CLANG14|x86_64-unknown-linux-gnu|-O2 -flto=thin|src/objectsize.c"
	"di-objectsize-llvm14-O2|$CLANG14|x86_64-unknown-linux-gnu|-O2 -flto=thin -g -fdebug-compilation-dir=.|src/objectsize.c"
	"branchprot-llvm14|$CLANG14|aarch64-unknown-linux-gnu|-O1 -mbranch-protection=standard|src/branchprot.c"
	"branchprot-llvm16|$CLANG16|aarch64-unknown-linux-gnu|-O1 -mbranch-protection=standard|src/branchprot.c"
	"branchprot-llvm19|$CLANG19|aarch64-unknown-linux-gnu|-O1 -mbranch-protection=standard|src/branchprot.c"
	"kernels-cl-llvm14|$CLANG14|nvptx64-nvidia-cuda|-x cl -cl-std=CL2.0 -O2|src/kernels.cl"
	"kernels-cuda-llvm19|$CLANG19|x86_64-unknown-linux-gnu|-x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc -nocudalib -O1|src/kernels.cu"
	"avx512bf16-llvm14-O2|$CLANG14|x86_64-unknown-linux-gnu|-O2 -mavx512bf16|src/avx512bf16.c"
	"aarch64-bf16cvt-llvm19|$CLANG19|aarch64-unknown-linux-gnu|-march=armv8.6-a+bf16 -ffreestanding -O1|src/bf16cvt.c"
	"arm-mve-llvm13-O1|$CLANG13|arm-none-eabi|-march=armv8.1-m.main+mve+cdecp0 -mfloat-abi=hard -ffreestanding -O1|src/mve-old.c"
	"riscv-rvv-llvm13-O1|$CLANG13|riscv64-unknown-linux-gnu|-menable-experimental-extensions -march=rv64gcv0p10 -ffreestanding -O1|src/rvv-old.c"
	"aarch64-sve-llvm14-O1|$CLANG14|aarch64-unknown-linux-gnu|-march=armv8.6-a+sve+bf16 -ffreestanding -O1|src/sve-old.c"
	"aarch64-sve-rev-llvm14-O1|$CLANG14|aarch64-unknown-linux-gnu|-march=armv8.6-a+sve2 -ffreestanding -O1|src/sve-rev-old.c"
	"aarch64-sve-set-llvm14-O1|$CLANG14|aarch64-unknown-linux-gnu|-march=armv8.6-a+sve+bf16 -ffreestanding -O1|src/sve-set-old.c"
	"aarch64-sve-bf16cvt-llvm19|$CLANG19|aarch64-unknown-linux-gnu|-march=armv8.6-a+sve+bf16 -ffreestanding -O1|src/sve-bf16cvt.c"
	"strip/inlined-loop-llvm7-O2|$CLANG7|x86_64-unknown-linux-gnu|-O2 -g -Xclang -fdebug-compilation-dir -Xclang .|src/inlined-loop.c"
	"strip/inlined-loop-llvm8-O2|$CLANG8|x86_64-unknown-linux-gnu|-O2 -g -Xclang -fdebug-compilation-dir -Xclang .|src/inlined-loop.c"
	"summary-switch-llvm8|$CLANG8|x86_64-unknown-linux-gnu|-O2 -flto=thin|../src/switch.c"
	"x86-avx512-llvm4-O1|$CLANG4|x86_64-unknown-linux-gnu|-O1 $AVX512OLD|src/avx512-llvm4.c"
	"x86-avx512-llvm6-O0|$CLANG6|x86_64-unknown-linux-gnu|-O0 $AVX512OLD|src/avx512-llvm4.c"
	"x86-avx512-llvm7-O0|$CLANG7|x86_64-unknown-linux-gnu|-O0 $AVX512|src/avx512-old.c"
	"x86-avx512-llvm8-O1|$CLANG8|x86_64-unknown-linux-gnu|-O1 $AVX512|src/avx512-old.c"
	"x86-mmx-llvm7-O2|$CLANG7|x86_64-unknown-linux-gnu|-O2|src/mmx-old.c"
	"x86-xop-llvm7-O0|$CLANG7|x86_64-unknown-linux-gnu|-O0 -mxop|src/xop-old.c"
	"di-switch-llvm9-O2|$CLANG9|x86_64-unknown-linux-gnu|-O2 -g -Xclang -fdebug-compilation-dir -Xclang .|../src/switch.c"
	"summary-vec-llvm9|$CLANG9|x86_64-unknown-linux-gnu|-O2 -flto=thin|../src/vec.c"
	"di-vec-llvm11-O2|$CLANG11|x86_64-unknown-linux-gnu|-O2 -g -fdebug-compilation-dir=.|../src/vec.c"
	"di-switch-llvm11-O0|$CLANG11|x86_64-unknown-linux-gnu|-O0 -g -fdebug-compilation-dir=.|../src/switch.c"
	"summary-switch-llvm11|$CLANG11|x86_64-unknown-linux-gnu|-O2 -flto=thin|../src/switch.c"
	"di-vec-llvm10-O2|$CLANG10|x86_64-unknown-linux-gnu|-O2 -g -fdebug-compilation-dir=.|../src/vec.c"
	"summary-vec-llvm10|$CLANG10|x86_64-unknown-linux-gnu|-O2 -flto=thin|../src/vec.c"
	"di-switch-llvm12-O0|$CLANG12|x86_64-unknown-linux-gnu|-O0 -g -fdebug-compilation-dir=.|../src/switch.c"
	"summary-vec-llvm12|$CLANG12|x86_64-unknown-linux-gnu|-O2 -flto=thin|../src/vec.c"
)
for entry in "${CFIXTURES[@]}"; do
	IFS='|' read -r name cc target flags src <<<"$entry"
	# shellcheck disable=SC2086 # flags is a word list
	"$cc" --target="$target" $flags -emit-llvm -c "$src" -o "$name.bc"
done

# --- goldens ---------------------------------------------------------------------
for bc in *.bc; do
	name=${bc%.bc}
	"$LLVM_DIS" "$bc" -o - >"$name.dis"
	case "$name" in
	di-*) grep -q '!DI' "$name.dis" || { echo "regen.sh: $bc has no debug info" >&2; exit 1; } ;;
	*) ! grep -q '!DI' "$name.dis" || { echo "regen.sh: $bc holds debug info; name it di-*" >&2; exit 1; } ;;
	esac
done
for bc in strip/*.bc; do
	(cd strip && "$LLVM_DIS" "$(basename "$bc")" -o - 2>/dev/null >"$(basename "$bc" .bc).dis")
done
