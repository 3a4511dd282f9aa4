#!/usr/bin/env bash
# conformance_link.sh - `bcextract link` against `llvm-link-22` on real
# multi-file programs nobody here wrote: zlib (15 C units), Lua (33 C
# units) and yaml-cpp (31 C++ units: templates, inline functions,
# exceptions), from Debian's source packages (`apt-get source
# --download-only` with an apt state of the script's own, nothing
# installed; kept in $BCX_CORPUS, default ~/.cache/bcextract-corpus, or
# taken from --src DIR holding zlib/, lua/ and yaml-cpp/), built by
# clang-22 -c -emit-llvm at -O0, -O2 and -Os, with and without -g (yaml-cpp
# at -O0, -O1, -O2, -Os, -O0 -g, -O2 -g, and -O2 with PGO instrumentation,
# -fprofile-instr-generate -fcoverage-mapping: the profile data of inline
# functions in comdats); then linked from the unit .bc
# files, from an ELF program built from objects compiled with
# -fembed-bitcode (whose .llvmbc sections hold the units), and as the main
# unit and an archive of the others (llvm-link-22 links an archive's
# members into one module first); at -O2 also with --only-needed,
# --internalize, both, and --override; and a ThinLTO build (-flto=thin
# objects, bitcode with summaries) from its static library. The linked
# module must print, by llvm-dis-22, as llvm-link-22's output of the same
# inputs does (the ModuleID line aside): the same text. Then the bitcode
# of Debian's packages that conformance_dis.sh --packages fetched, when it
# is there: ROCm's device libraries and PostgreSQL's JIT modules.
#
# Usage: scripts/conformance_link.sh [--src DIR] [--bcextract PATH]
#
# Prints one line per program, configuration and input kind, and a
# summary; exits 1 on any difference or failure. Prints a loud SKIPPED
# line (exit 0) when LLVM 22 or the sources cannot be had.
set -euo pipefail

SRC=""
BCX=""
while [[ $# -gt 0 ]]; do
	case "$1" in
	--src) SRC=${2:?}; shift 2 ;;
	--bcextract) BCX=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,/^set -e/{/^set -e/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) echo "conformance_link.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$PATH:/usr/local/go/bin"
skip() {
	echo "###################################################################"
	echo "SKIPPED: conformance_link: $*"
	echo "###################################################################"
	exit 0
}
for t in clang-22 clang++-22 llvm-link-22 llvm-dis-22 llvm-ar-22 llvm-objcopy-22 apt-get tar; do
	command -v "$t" >/dev/null 2>&1 || skip "$t not found"
done
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
if [[ -z $BCX ]]; then
	(cd "$REPO" && go build -o "$WORK/bcextract" ./cmd/bcextract)
	BCX="$WORK/bcextract"
fi
# shellcheck source=scripts/debsrc.sh
source "$REPO/scripts/debsrc.sh"
if [[ -z $SRC ]]; then
	SRC=$(debsrc_programs "$WORK") || skip "the sources of zlib, Lua and yaml-cpp (Debian's source packages) could not be fetched"
fi

JOBS=$(nproc 2>/dev/null || echo 2)
pass=0
fail=0
start=$SECONDS
configs() {
	case $1 in
	yaml-cpp) printf '%s\n' "-O0" "-O1" "-O2" "-Os" "-O0 -g" "-O2 -g" "-O2 -fprofile-instr-generate -fcoverage-mapping" ;;
	*) printf '%s\n' "-O0" "-O2" "-Os" "-O0 -g" "-O2 -g" ;;
	esac
}
# compare NAME REF OURS: llvm-dis-22 of both, ModuleID aside.
compare() {
	local name=$1 ref=$2 ours=$3
	if diff <(llvm-dis-22 "$ref" -o - | tail -n +2) <(llvm-dis-22 "$ours" -o - | tail -n +2) >"$WORK/diff"; then
		pass=$((pass + 1))
		echo "  same: $name"
	else
		fail=$((fail + 1))
		echo "  DIFFERENT: $name ($(wc -l <"$WORK/diff") diff lines; first:)"
		head -n 6 "$WORK/diff" | cut -c1-160 | sed 's/^/    /'
	fi
}
# link_both NAME DIR ARGS...: llvm-link-22 ARGS and bcextract link ARGS,
# compared.
link_both() {
	local name=$1 d=$2
	shift 2
	if ! llvm-link-22 "$@" -o "$d/ref-x.bc" 2>"$WORK/err"; then
		fail=$((fail + 1))
		echo "  FAILED: $name: llvm-link-22: $(head -n 1 "$WORK/err")"
		return
	fi
	if ! "$BCX" link --force -o "$d/ours-x.bc" "$@" >/dev/null 2>"$WORK/err"; then
		fail=$((fail + 1))
		echo "  FAILED: $name: bcextract link: $(head -n 1 "$WORK/err")"
		return
	fi
	compare "$name" "$d/ref-x.bc" "$d/ours-x.bc"
}
for prog in zlib lua yaml-cpp; do
	cc=clang-22
	[[ $prog == yaml-cpp ]] && cc=clang++-22
	mapfile -t cfgs < <(configs $prog)
	for cfg in "${cfgs[@]}"; do
		d="$WORK/$prog$(echo "$cfg" | tr -d ' -')"
		mkdir -p "$d"
		bcs=()
		objs=()
		# Each unit compiled once, $JOBS at a time, into an object
		# with -fembed-bitcode (-fPIC, for the shared library below),
		# whose .llvmbc is byte for byte the module -c -emit-llvm
		# makes of the unit with the same flags: that is the unit's
		# .bc, taken out by llvm-objcopy-22 (the compiles were most of
		# this script's time). Linked in the units' order.
		debsrc_units "$SRC" $prog | CC=$cc CFG=$cfg FLAGS=$(debsrc_cflags "$SRC" $prog) D=$d \
			xargs -d '\n' -P "$JOBS" -I{} bash -c '
				b=$(basename "$1" .c)
				$CC -w -c -fPIC -fembed-bitcode $CFG $FLAGS "$1" -o "$D/$b.o" &&
					llvm-objcopy-22 --dump-section .llvmbc="$D/$b.bc" "$D/$b.o" /dev/null' _ {}
		for c in $(debsrc_units "$SRC" $prog); do
			b=$(basename "$c" .c)
			bcs+=("$d/$b.bc")
			objs+=("$d/$b.o")
		done
		name="$prog $cfg (${#bcs[@]} units)"
		if ! llvm-link-22 "${bcs[@]}" -o "$d/ref.bc" 2>"$WORK/err"; then
			fail=$((fail + 1))
			echo "  FAILED: $name: llvm-link-22: $(head -n 1 "$WORK/err")"
			continue
		fi
		if ! "$BCX" link -o "$d/ours.bc" "${bcs[@]}" >/dev/null 2>"$WORK/err"; then
			fail=$((fail + 1))
			echo "  FAILED: $name: bcextract link: $(head -n 1 "$WORK/err")"
			continue
		fi
		compare "$name from the units" "$d/ref.bc" "$d/ours.bc"
		# A shared library linked from the objects: its .llvmbc holds
		# each unit's module, as that unit's .o does (llvm-link-22
		# links those bcextract extract takes out of it).
		if $cc -shared "${objs[@]}" -o "$d/prog" 2>"$WORK/err"; then
			"$BCX" extract --kind bitcode -d "$d/emb" "$d/prog" >/dev/null
			mapfile -t embedded < <(ls "$d"/emb/*.bc | sort -t'#' -k2 -n)
			# (The modules extracted are the units, byte for byte,
			# when extract is right: their link is then ref.bc.)
			same=1
			if [[ ${#embedded[@]} -ne ${#bcs[@]} ]]; then same=0; fi
			for i in "${!embedded[@]}"; do
				[[ $same -eq 1 ]] && cmp -s "${embedded[$i]}" "${bcs[$i]}" || same=0
			done
			if [[ $same -eq 1 ]]; then
				cp "$d/ref.bc" "$d/ref-emb.bc"
			else
				echo "  (the modules extract took out of $name's program are not its units)"
				llvm-link-22 "${embedded[@]}" -o "$d/ref-emb.bc" 2>"$WORK/err" || rm -f "$d/ref-emb.bc"
			fi
			if [[ -f $d/ref-emb.bc ]] && "$BCX" link -o "$d/ours-emb.bc" "$d/prog" >/dev/null 2>"$WORK/err"; then
				compare "$name from the -fembed-bitcode program" "$d/ref-emb.bc" "$d/ours-emb.bc"
			else
				fail=$((fail + 1))
				echo "  FAILED: $name from the program: $(head -n 1 "$WORK/err")"
			fi
		else
			echo "  (no program built for $name: $(head -n 1 "$WORK/err"))"
		fi
		# The main unit (the last), then an archive of the others.
		main=${bcs[-1]}
		rm -f "$d/lib.a"
		llvm-ar-22 rcs "$d/lib.a" "${bcs[@]:0:${#bcs[@]}-1}"
		link_both "$name as main + archive" "$d" "$main" "$d/lib.a"
		if [[ $cfg == -O2 ]]; then
			link_both "$name --only-needed, main + archive" "$d" --only-needed "$main" "$d/lib.a"
			link_both "$name --internalize, main + archive" "$d" --internalize "$main" "$d/lib.a"
			link_both "$name --only-needed --internalize, main + units" "$d" --only-needed --internalize "$main" "${bcs[@]:0:${#bcs[@]}-1}"
			link_both "$name --override the last unit" "$d" "${bcs[@]:0:${#bcs[@]}-1}" --override "$main"
		fi
	done
	# ThinLTO: objects of bitcode with summaries, in a static library.
	if [[ $prog != zlib ]]; then
		d="$WORK/$prog-thin"
		mkdir -p "$d"
		thin=()
		debsrc_units "$SRC" $prog | CC=$cc FLAGS=$(debsrc_cflags "$SRC" $prog) D=$d \
			xargs -d '\n' -P "$JOBS" -I{} bash -c '
				$CC -w -c -flto=thin -O2 $FLAGS "$1" -o "$D/$(basename "$1" .c).o"' _ {}
		for c in $(debsrc_units "$SRC" $prog); do
			thin+=("$d/$(basename "$c" .c).o")
		done
		llvm-ar-22 rcs "$d/lib.a" "${thin[@]}"
		link_both "$prog -flto=thin -O2 (${#thin[@]} units) from its static library" "$d" "$d/lib.a"
		link_both "$prog -flto=thin -O2 (${#thin[@]} units) from its objects" "$d" "${thin[@]}"
	fi
done
# Bitcode Debian ships, when conformance_dis.sh --packages fetched it (in
# $BCX_CORPUS): ROCm's device libraries as a device-library build links
# them (unnamed struct types, LLVM 15's producer), and PostgreSQL 15's
# backend modules for its JIT (734 modules of LLVM 14, with summaries;
# landing pads whose globals LLVM's writer orders anew).
CORPUS=${BCX_CORPUS:-$HOME/.cache/bcextract-corpus}
rocm=$CORPUS/rocm-device-libs/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
if [[ -f $rocm/ocml.bc ]]; then
	d="$WORK/rocm"
	mkdir -p "$d"
	libs=()
	for l in opencl ocml ockl oclc_isa_version_900 oclc_daz_opt_off oclc_finite_only_off oclc_unsafe_math_off \
		oclc_correctly_rounded_sqrt_on oclc_wavefrontsize64_on oclc_abi_version_500; do
		libs+=("$rocm/$l.bc")
	done
	link_both "ROCm device libraries (${#libs[@]} modules)" "$d" "${libs[@]}"
	link_both "ROCm device libraries, hip + ocml + ockl + asanrtl" "$d" "$rocm/hip.bc" "$rocm/ocml.bc" "$rocm/ockl.bc" "$rocm/asanrtl.bc"
	link_both "ROCm device libraries, opencl --only-needed ocml ockl" "$d" "$rocm/opencl.bc" --only-needed "$rocm/ocml.bc" "$rocm/ockl.bc"
else
	echo "  (no ROCm device libraries in $CORPUS: scripts/conformance_dis.sh --packages fetches them)"
fi
pg=$CORPUS/postgresql-15/usr/lib/postgresql/15/lib/bitcode
if [[ -d $pg/postgres ]]; then
	d="$WORK/pg"
	mkdir -p "$d"
	mapfile -t pgmods < <(find "$pg/postgres" -name '*.bc' | LC_ALL=C sort)
	link_both "PostgreSQL 15 backend (${#pgmods[@]} modules of LLVM 14)" "$d" "${pgmods[@]}"
	mapfile -t pgmods < <(find "$pg/pgcrypto" -name '*.bc' | LC_ALL=C sort)
	link_both "PostgreSQL 15 pgcrypto (${#pgmods[@]} modules of LLVM 14)" "$d" "${pgmods[@]}"
else
	echo "  (no PostgreSQL bitcode in $CORPUS: scripts/conformance_dis.sh --packages fetches it)"
fi
echo "link vs llvm-link-22: same $pass, different or failed $fail ($((SECONDS - start))s)"
[[ $fail == 0 ]]
