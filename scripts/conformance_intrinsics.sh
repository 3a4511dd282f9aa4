#!/usr/bin/env bash
# conformance_intrinsics.sh - `bcextract dis` on the intrinsics older
# clangs emitted, against llvm-dis-22: for each clang (3.9 to 12, fetched by
# scripts/archive_clang.sh), a C file that calls every inline function of
# its x86 intrinsic headers, and one of its arm_neon.h
# (scripts/intrinsic_wrappers.py), built at -O0 and -O2 for x86-64 (every
# feature the clang knows), AArch64 and ARM; for clang 11 on (13, 14, 15,
# 16 and 19 as installed, clang-N: those alone), one of every function
# arm_sve.h declares, for AArch64 with every SVE feature it knows; for
# clang 13 and 14, one of every function riscv_vector.h declares (the RISC-V
# vector intrinsics before their pass-through operands, which LLVM 22
# leaves as they are and its verifier refuses), for RISC-V 64 with V; the
# wrappers a clang refuses are dropped. Each module must print as llvm-dis-22 prints it, with
# nothing reported: the intrinsic upgrades of ir/bitcode
# (upgrade_x86*.go, upgrade_aarch64*.go, ...) against LLVM 22's AutoUpgrade
# on what the headers really emitted.
#
# Usage: scripts/conformance_intrinsics.sh [--bcextract PATH] [--keep DIR]
#            [VERSION...]
#
# VERSION is 3.9, 4, 5, 6, 7 to 12, 13, 14, 15, 16, 19 (default: 3.9 to
# 12). Not in .ci/run
# (ten toolchains to fetch, 60 modules of 1,400 to 3,500 functions): run
# by hand. Prints one line per module, and exits 1 on any difference.
# Prints a loud SKIPPED line (exit 0) when the toolchains or LLVM 22
# cannot be had.
set -euo pipefail

BCX=""
KEEP=""
VERSIONS=()
while [[ $# -gt 0 ]]; do
	case "$1" in
	--bcextract) BCX=${2:?}; shift 2 ;;
	--keep) KEEP=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,/^set -e/{/^set -e/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	3.9 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 19) VERSIONS+=("$1"); shift ;;
	*) echo "conformance_intrinsics.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done
[[ ${#VERSIONS[@]} -gt 0 ]] || VERSIONS=(3.9 4 5 6 7 8 9 10 11 12)

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$PATH:/usr/local/go/bin"
skip() {
	echo "###################################################################"
	echo "SKIPPED: conformance_intrinsics: $*"
	echo "###################################################################"
	exit 0
}
for t in llvm-dis-22 python3 curl dpkg; do
	command -v "$t" >/dev/null 2>&1 || skip "$t not found"
done
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
if [[ -z $BCX ]]; then
	(cd "$REPO" && go build -o "$WORK/bcextract" ./cmd/bcextract)
	BCX="$WORK/bcextract"
fi
# clang 3.9 to 12 from the archives, 13 on as installed (clang-N).
ARCHIVED=()
for v in "${VERSIONS[@]}"; do
	case $v in
	13 | 14 | 15 | 16 | 19)
		command -v "clang-$v" >/dev/null 2>&1 || skip "clang-$v not installed"
		declare "CLANG$v=clang-$v"
		;;
	*) ARCHIVED+=("$v") ;;
	esac
done
if [[ ${#ARCHIVED[@]} -gt 0 ]]; then
	clangs=$("$REPO/scripts/archive_clang.sh" "${ARCHIVED[@]}") || skip "clang ${ARCHIVED[*]} could not be had"
	eval "$clangs"
fi
OUT=${KEEP:-$WORK/out}
mkdir -p "$OUT"

X86="-mavx512f -mavx512bw -mavx512vl -mavx512cd -mavx512dq -mavx512er -mavx512pf -mavx512ifma -mavx512vbmi
 -mavx512vbmi2 -mavx512bitalg -mavx512vnni -mavx512vpopcntdq -mavx512bf16 -mavx512vp2intersect -mavx5124fmaps
 -mavx5124vnniw -mavx512fp16 -mavxvnni -mxop -mfma4 -mtbm -mlwp -mgfni -mvaes -mvpclmulqdq -msha -maes -mpclmul
 -mf16c -mfma -mbmi -mbmi2 -mlzcnt -mpopcnt -madx -mrdrnd -mrdseed -mprfchw -mclflushopt -mclwb -mxsave -mxsaveopt
 -mxsavec -mxsaves -mfsgsbase -mrtm -msse4a -mmwaitx -mclzero -mwbnoinvd -mrdpid -mmovdiri -mmovdir64b -menqcmd
 -mserialize -mtsxldtrk -mwaitpkg -mcldemote -mptwrite -msgx -mshstk -mpku -mpconfig -mkl -mwidekl -muintr -mhreset"
# build CLANG FLAGS SRC BC: SRC compiled, the wrappers CLANG refuses
# dropped (at most 40 rounds).
build() {
	local cc=$1 flags=$2 src=$3 bc=$4 lines sedexpr
	for _ in $(seq 40); do
		# shellcheck disable=SC2086
		if "$cc" $flags -w -ferror-limit=0 -c -emit-llvm "$src" -o "$bc" 2>"$WORK/err"; then
			return 0
		fi
		lines=$(grep -o "^$src:[0-9]*" "$WORK/err" | cut -d: -f2 | sort -un) || true
		# An error inside a header names no wrapper: the function of
		# the header around the line it names does.
		while IFS=: read -r hdr hl; do
			fn=$(head -n "$hl" "$hdr" | grep -oE '^(__ai|static|sv).* (_mm[a-z0-9_]*|v[a-z0-9_]*|sv[a-z0-9_]*) *\(' | tail -n 1 | grep -oE '(_mm[a-z0-9_]*|v[a-z0-9_]*|sv[a-z0-9_]*) *\($' | tr -d ' (') || true
			[[ -n $fn ]] && lines="$lines $(grep -n " w_$fn(" "$src" | cut -d: -f1)"
		done < <(grep -oE '^/[^:]+\.h:[0-9]+' "$WORK/err" | sort -u)
		lines=$(echo "$lines" | tr ' ' '\n' | grep . | sort -un) || true
		[[ -n $lines ]] || return 1
		sedexpr=$(for l in $lines; do printf '%sd;' "$l"; done)
		sed -i "$sedexpr" "$src"
	done
	return 1
}

# march CLANG FLAGS M...: " -march=M" for the first M CLANG takes with FLAGS
# (nothing when it takes none).
march() {
	local cc=$1 flags=$2 m
	shift 2
	for m in "$@"; do
		# shellcheck disable=SC2086
		if "$cc" $flags -march="$m" -E -x c /dev/null -o /dev/null 2>/dev/null; then
			echo " -march=$m"
			return
		fi
	done
}

fail=0
start=$SECONDS
for v in "${VERSIONS[@]}"; do
	cc=CLANG${v/./}
	# clang 4 and older lack -print-resource-dir.
	inc=$("${!cc}" -print-resource-dir 2>/dev/null || true)/include
	[[ -f $inc/arm_neon.h ]] || inc=$(ls -d "$(dirname "${!cc}")"/../lib/clang/*/include | head -n 1)
	kinds="x86 a64 a32"
	# From 13 on, the SVE header alone (the others are LLVM 13 on's
	# own intrinsics); from 11 on, it too.
	case $v in
	13 | 14) kinds="sve rvv" ;;
	15 | 16 | 19) kinds="sve" ;;
	11 | 12) kinds="$kinds sve" ;;
	esac
	for kind in $kinds; do
		case $kind in
		x86)
			# Only the features this clang knows.
			flags="--target=x86_64-unknown-linux-gnu"
			for f in $X86; do
				"${!cc}" "$f" -E -x c /dev/null -o /dev/null 2>/dev/null && flags="$flags $f"
			done
			python3 "$REPO/scripts/intrinsic_wrappers.py" x86 "$inc" >"$WORK/w.c"
			;;
		a64)
			flags="--target=aarch64-linux-gnu -ffreestanding"
			flags+=$(march "${!cc}" "$flags" armv8.2-a+fp16+dotprod+crypto+rdm armv8.2-a+fp16+crypto armv8.1-a+crypto armv8-a+crypto)
			python3 "$REPO/scripts/intrinsic_wrappers.py" neon "$inc" >"$WORK/w.c"
			;;
		a32)
			flags="--target=armv8a-linux-gnueabihf -mfpu=crypto-neon-fp-armv8 -mfloat-abi=hard -ffreestanding"
			python3 "$REPO/scripts/intrinsic_wrappers.py" neon "$inc" >"$WORK/w.c"
			;;
		sve)
			flags="--target=aarch64-linux-gnu -ffreestanding"
			flags+=$(march "${!cc}" "$flags" \
				armv9.4-a+sve2p1+b16b16+sve2-bitperm+sve2-sha3+sve2-aes+sve2-sm4+f64mm+i8mm+bf16+sme2+sme2p1+sme-f64f64+sme-i16i64+fp8+fp8dot2+fp8dot4+fp8fma+sve-b16b16 \
				armv8.6-a+sve2-bitperm+sve2-sha3+sve2-aes+sve2-sm4+f64mm+i8mm+bf16 armv8.6-a+sve2+f64mm+i8mm+bf16 armv8.2-a+sve+bf16 armv8.2-a+sve)
			python3 "$REPO/scripts/intrinsic_wrappers.py" sve "$inc" >"$WORK/w.c"
			;;
		rvv)
			flags="--target=riscv64-linux-gnu -ffreestanding -menable-experimental-extensions"
			flags+=$(march "${!cc}" "$flags" rv64gcv_zfh rv64gcv rv64gcv0p10_zfh0p1 rv64gcv0p10)
			python3 "$REPO/scripts/intrinsic_wrappers.py" rvv "$inc" >"$WORK/w.c"
			;;
		esac
		for o in O0 O2; do
			name=clang$v-$kind-$o
			cp "$WORK/w.c" "$OUT/$name.c"
			if ! build "${!cc}" "-$o $flags" "$OUT/$name.c" "$OUT/$name.bc"; then
				echo "  FAILED: $name: clang-$v: $(head -n 1 "$WORK/err")"
				fail=1
				continue
			fi
			n=$(grep -c '^[^#].* w_' "$OUT/$name.c" || true)
			(cd "$OUT" && llvm-dis-22 "$name.bc" -o "$WORK/ref.ll" 2>/dev/null)
			if (cd "$OUT" && "$BCX" dis "$name.bc" -o - >"$WORK/ours.ll" 2>"$WORK/err"); then
				if cmp -s "$WORK/ref.ll" "$WORK/ours.ll"; then
					echo "  same: $name ($n functions)"
				else
					echo "  DIFFERENT: $name ($n functions; $(diff "$WORK/ref.ll" "$WORK/ours.ll" | grep -c '^[<>]') lines)"
					fail=1
				fi
			else
				echo "  REPORTED: $name ($n functions): $(wc -l <"$WORK/err") lines, first: $(head -n 1 "$WORK/err" | cut -c1-160)"
				fail=1
			fi
		done
	done
done
echo "conformance_intrinsics: $((SECONDS - start)) s"
exit $fail
