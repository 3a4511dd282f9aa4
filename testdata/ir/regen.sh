#!/usr/bin/env bash
# regen.sh - regenerate every IR fixture in testdata/ir/ and its golden.
#
# Usage: testdata/ir/regen.sh        (from any directory; no arguments)
#
# Inputs are under testdata/ir/src/: hand-written LLVM assembly (*.ll, one
# theme per file, assembled by llvm-as-22) and C, C++ and OpenCL sources
# compiled by clang-22 with -c -emit-llvm for several targets and
# optimization levels (the table below).
#
# Outputs, in testdata/ir/:
#   NAME.bc       the fixture
#   NAME.dis      its golden: the standard output of `llvm-dis-22 NAME.bc -o -`
#                 run FROM testdata/ir WITH THE BARE FILE NAME, so that the
#                 first line is "; ModuleID = 'NAME.bc'". A test must pass the
#                 same bare name (or rewrite that one line).
# Kinds, told apart by the name:
#   di-NAME.bc       compiled with -g: holds !DI... nodes and #dbg records
#                    (for the next issue; reported separately)
#   summary-NAME.bc  compiled with -flto=thin: holds a module summary (^N)
#                    (for the next issue; reported separately)
#   everything else  no debug info, no summary: must match exactly
# Containers (for `bcextract dis` on containers):
#   embed-x86_64.o        ELF object with .llvmbc (clang-22 -fembed-bitcode);
#                         golden embed-x86_64.o.1.dis = llvm-dis-22 of the
#                         .llvmbc section's module, with the ModuleID set to
#                         the container path as `bcextract list` names it
#                         ('embed-x86_64.o:.llvmbc#1'); the `==> PATH <==`
#                         line that `dis` prints before it is not included.
#   multi.bc              two modules in one file (llvm-cat-22 -b); goldens
#                         multi.0.dis and multi.1.dis are the files that
#                         `llvm-dis-22 multi.bc` writes (multi.0.ll,
#                         multi.1.ll), ModuleID 'multi.bc' in both.
#
# Every fixture is checked to be accepted by llvm-dis-22 (the script stops
# otherwise), every fixture not named di-*/summary-* is checked to hold no
# "!DI" and no "^N =" line, and two runs give byte-identical files (no
# absolute paths, no timestamps: sources are passed as relative paths from
# testdata/ir, debug info uses -fdebug-compilation-dir=.).
#
# Older producers (what llvm-dis-22 upgrades while reading):
#   llvm19-NAME.bc   compiled by clang-19 (LLVM 19.1) and
#   llvm14-NAME.bc   by clang-14 (LLVM 14.0, typed pointers); both are
#                    REQUIRED (apt-get install -y clang-19 clang-14).
#                    llvmNN-di-NAME.bc is compiled with -g (debug info).
#
# Tools can be overridden: LLVM_AS=llvm-as-22 LLVM_DIS=llvm-dis-22
# CLANG=clang-22 LLVM_CAT=llvm-cat-22 LLVM_OBJCOPY=llvm-objcopy-22
# CLANG19=clang-19 CLANG14=clang-14.
set -euo pipefail

IRDIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LLVM_AS="${LLVM_AS:-llvm-as-22}"
LLVM_DIS="${LLVM_DIS:-llvm-dis-22}"
CLANG="${CLANG:-clang-22}"
LLVM_CAT="${LLVM_CAT:-llvm-cat-22}"
LLVM_OBJCOPY="${LLVM_OBJCOPY:-llvm-objcopy-22}"
OPT="${OPT:-opt-22}"
CLANG19="${CLANG19:-clang-19}"
CLANG14="${CLANG14:-clang-14}"

for t in "$LLVM_AS" "$LLVM_DIS" "$CLANG" "$LLVM_CAT" "$LLVM_OBJCOPY" "$OPT" "$CLANG19" "$CLANG14"; do
	command -v "$t" >/dev/null 2>&1 || { echo "regen.sh: $t not found" >&2; exit 1; }
done

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

cd "$IRDIR"
rm -f ./*.bc ./*.dis ./*.o newer/*.bc newer/*.dis

# --- hand-written assembly: src/NAME.ll -> NAME.bc ---------------------------
# llvm-as-22 keeps use-list orders by default (-preserve-bc-uselistorder).
for ll in src/*.ll; do
	name=$(basename "$ll" .ll)
	flags=()
	case $name in
	splat-*)
		# Splats written as INTEGER and FLOAT records of vector type.
		flags=(-use-constant-int-for-fixed-length-splat -use-constant-fp-for-fixed-length-splat
			-use-constant-int-for-scalable-splat -use-constant-fp-for-scalable-splat) ;;
	esac
	"$LLVM_AS" "${flags[@]}" "$ll" -o "$name.bc"
done

# --- compiled sources ----------------------------------------------------------
# NAME|TARGET|FLAGS|SOURCE
CFIXTURES=(
	"cxx-stl-O2|x86_64-unknown-linux-gnu|-std=c++17 -O2|src/cxx-stl.cpp"
	"coro-O0|x86_64-unknown-linux-gnu|-std=c++20 -O0|src/coro.cpp"
	"coro-presplit|x86_64-unknown-linux-gnu|-std=c++20 -O1 -Xclang -disable-llvm-passes|src/coro.cpp"
	"coro-O2|x86_64-unknown-linux-gnu|-std=c++20 -O2|src/coro.cpp"
	"msvc-eh-O0|x86_64-pc-windows-msvc|-O0|src/msvc-eh.cpp"
	"msvc-eh-O1|x86_64-pc-windows-msvc|-O1|src/msvc-eh.cpp"
	"vec-avx512-O3|x86_64-unknown-linux-gnu|-O3 -march=x86-64-v4|src/vec.c"
	"vec-sve-O3|aarch64-unknown-linux-gnu|-O3 -march=armv9-a+sve -ffreestanding|src/vec.c"
	"vec-rvv-O3|riscv64-unknown-linux-gnu|-O3 -march=rv64gcv -ffreestanding|src/vec.c"
	"vec3-rvv-O3|riscv64-unknown-linux-gnu|-O3 -march=rv64gcv -ffreestanding|src/vec3.c"
	"neon-O2|aarch64-unknown-linux-gnu|-O2 -ffreestanding|src/neon.c"
	"switch-O0|x86_64-unknown-linux-gnu|-O0|src/switch.c"
	"switch-O2|x86_64-unknown-linux-gnu|-O2|src/switch.c"
	"switch-Os-riscv64|riscv64-unknown-linux-gnu|-Os -ffreestanding|src/switch.c"
	"switch-pgo-gen|x86_64-unknown-linux-gnu|-O2 -fprofile-generate|src/switch.c"
	"switch-asan|x86_64-unknown-linux-gnu|-O1 -fsanitize=address|src/switch.c"
	"cattrs-O0|x86_64-unknown-linux-gnu|-O0|src/cattrs.c"
	"cattrs-O1|x86_64-unknown-linux-gnu|-O1|src/cattrs.c"
	"kernels-nvptx|nvptx64-nvidia-cuda|-x cl -cl-std=CL2.0 -O2|src/kernels.cl"
	"kernels-amdgpu|amdgcn-amd-amdhsa|-x cl -cl-std=CL2.0 -mcpu=gfx90a -nogpulib -O2|src/kernels.cl"
	"darwin-arm64|arm64-apple-macos13|-fblocks -O2|src/darwin.c"
	"darwin-arm64e|arm64e-apple-macos13|-fblocks -O2|src/darwin.c"
	"darwin-kcfi|x86_64-unknown-linux-gnu|-fblocks -fsanitize=kcfi -O2|src/darwin.c"
	"wasm32|wasm32-unknown-unknown|-msimd128 -mtail-call -O2|src/wasm.c"
	# With debug info (next issue).
	"di-switch-O2|x86_64-unknown-linux-gnu|-O2 -g -fdebug-compilation-dir=.|src/switch.c"
	"di-coro-O0|x86_64-unknown-linux-gnu|-std=c++20 -O0 -g -fdebug-compilation-dir=.|src/coro.cpp"
	"di-cattrs-O1|x86_64-unknown-linux-gnu|-O1 -g -fdebug-compilation-dir=.|src/cattrs.c"
	# With a ThinLTO module summary (next issue).
	"summary-switch-O2|x86_64-unknown-linux-gnu|-O2 -flto=thin|src/switch.c"
	"summary-cattrs-O1|x86_64-unknown-linux-gnu|-O1 -flto=thin|src/cattrs.c"
)
for entry in "${CFIXTURES[@]}"; do
	IFS='|' read -r name target flags src <<<"$entry"
	lto=(-emit-llvm)
	[[ $name == summary-* ]] && lto=()
	if [[ $target == *-windows-msvc* ]]; then
		# Windows targets always get a DICompileUnit with emissionKind
		# NoDebug (and an absolute directory): drop it, through the text.
		# shellcheck disable=SC2086
		"$CLANG" --target="$target" $flags -S -emit-llvm "$src" -o - |
			grep -v '^!llvm.dbg.cu = \|= distinct !DICompileUnit(\|= !DIFile(' >"$TMP/$name.ll"
		"$LLVM_AS" "$TMP/$name.ll" -o "$name.bc"
		continue
	fi
	# shellcheck disable=SC2086 # flags is a word list
	"$CLANG" --target="$target" $flags "${lto[@]}" -c "$src" -o "$name.bc"
done

# --- older producers: clang-19 (LLVM 19) and clang-14 (LLVM 14) ------------------
# What llvm-dis-22 upgrades: lifetime intrinsics losing their size argument,
# data layouts gaining address spaces (AArch64) and i128 alignment (wasm);
# for LLVM 14 also typed pointers, debug intrinsics becoming records, icmp
# constant expressions becoming %constexpr instructions, no-op pointer
# casts and zero-index GEPs folded, intrinsic names remangled, llvm.coro.end
# gaining a token, module flag behaviours; masked gathers losing their
# alignment argument (both versions).
# NAME|COMPILER|TARGET|FLAGS|SOURCE
OLDFIXTURES=(
	"llvm19-cattrs-O2|$CLANG19|x86_64-unknown-linux-gnu|-O2|src/cattrs.c"
	"llvm19-coro-O0|$CLANG19|x86_64-unknown-linux-gnu|-std=c++20 -O0|src/coro.cpp"
	"llvm19-neon-O2|$CLANG19|aarch64-unknown-linux-gnu|-O2 -ffreestanding|src/neon.c"
	"llvm19-wasm32|$CLANG19|wasm32-unknown-unknown|-msimd128 -mtail-call -O2|src/wasm.c"
	"llvm19-di-switch-O2|$CLANG19|x86_64-unknown-linux-gnu|-O2 -g -fdebug-compilation-dir=.|src/switch.c"
	"llvm19-vec-avx512-O3|$CLANG19|x86_64-unknown-linux-gnu|-O3 -march=x86-64-v4|src/vec.c"
	"llvm14-darwin-O2|$CLANG14|x86_64-unknown-linux-gnu|-fblocks -O2|src/darwin.c"
	"llvm14-coro-O0|$CLANG14|x86_64-unknown-linux-gnu|-std=c++20 -O0|src/coro.cpp"
	"llvm14-neon-O2|$CLANG14|aarch64-unknown-linux-gnu|-O2 -ffreestanding|src/neon.c"
	"llvm14-di-switch-O0|$CLANG14|x86_64-unknown-linux-gnu|-O0 -g -fdebug-compilation-dir=.|src/switch.c"
)
for entry in "${OLDFIXTURES[@]}"; do
	IFS='|' read -r name cc target flags src <<<"$entry"
	# shellcheck disable=SC2086 # flags is a word list
	"$cc" --target="$target" $flags -emit-llvm -c "$src" -o "$name.bc"
done

# --- goldens ---------------------------------------------------------------------
for bc in *.bc; do
	name=${bc%.bc}
	if ! "$LLVM_DIS" "$bc" -o - >"$name.dis" 2>"$TMP/err"; then
		echo "regen.sh: llvm-dis-22 rejects $bc: $(cat "$TMP/err")" >&2
		exit 1
	fi
	case "$name" in
	di-* | llvm*-di-*)
		grep -q '!DI' "$name.dis" || { echo "regen.sh: $bc has no debug info" >&2; exit 1; } ;;
	summary-*)
		grep -q '^\^[0-9]* = ' "$name.dis" || { echo "regen.sh: $bc has no summary" >&2; exit 1; } ;;
	*)
		if grep -q '!DI\|^\^[0-9]* = ' "$name.dis"; then
			echo "regen.sh: $bc holds debug info or a summary; name it di-* or summary-*" >&2
			exit 1
		fi ;;
	esac
done

# --- containers --------------------------------------------------------------------
# An ELF object with the module in .llvmbc (and the command line in .llvmcmd).
"$CLANG" --target=x86_64-unknown-linux-gnu -O1 -fembed-bitcode -c src/switch.c -o embed-x86_64.o
"$LLVM_OBJCOPY" --dump-section ".llvmbc=$TMP/embed.bc" embed-x86_64.o /dev/null
# llvm-dis prints the path it is given as the ModuleID: give it a file
# named like the container path.
cp "$TMP/embed.bc" "$TMP/embed-x86_64.o:.llvmbc#1"
(cd "$TMP" && "$LLVM_DIS" "embed-x86_64.o:.llvmbc#1" -o -) >embed-x86_64.o.1.dis

# Two modules in one bitcode file; llvm-dis writes NAME.0.ll, NAME.1.ll.
"$LLVM_CAT" -b globals.bc fp.bc -o "$TMP/multi.bc"
mkdir "$TMP/multi"
cp "$TMP/multi.bc" "$TMP/multi/multi.bc"
(cd "$TMP/multi" && "$LLVM_DIS" multi.bc)
mv "$TMP/multi.bc" multi.bc
mv "$TMP/multi/multi.0.ll" multi.0.dis
mv "$TMP/multi/multi.1.ll" multi.1.dis
# multi.bc was given the golden multi.dis by nothing above (it is made
# after the golden loop); make sure no stale one exists.
rm -f multi.dis

# --- what llvm-dis-22 refuses: newer/ ----------------------------------------------
# llvm-as-22 writes hybrid_patchable as attribute kind 95, which llvm-dis-22's
# reader does not know ("Unknown attribute kind (95)"). The golden is what
# opt-22 -S prints from the source: the same printer, fed by the text parser.
mkdir -p newer
"$LLVM_AS" src/newer/hybrid-patchable.ll -o newer/hybrid-patchable.bc
if "$LLVM_DIS" newer/hybrid-patchable.bc -o /dev/null 2>/dev/null; then
	echo "regen.sh: llvm-dis-22 now reads newer/hybrid-patchable.bc; move it" >&2
	exit 1
fi
"$OPT" -S src/newer/hybrid-patchable.ll -o - |
	sed "1s|.*|; ModuleID = 'hybrid-patchable.bc'|" >newer/hybrid-patchable.dis

n=$(ls ./*.bc | wc -l)
echo "regen.sh: $n bitcode fixtures, 1 object; $(du -sh --apparent-size . | cut -f1) in testdata/ir"
