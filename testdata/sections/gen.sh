#!/usr/bin/env bash
# Regenerates the LLVM extension-section fixtures in testdata/sections/ (BB
# address maps, call-graph profiles, address-significance tables, dependent
# libraries, linker options, symbol partitions, and patched broken variants)
# from the sources in testdata/sections/src/, and the llvm-readobj-22 goldens
# in testdata/sections/golden/.
#
# Usage: testdata/sections/gen.sh     (from any directory; no arguments)
#
# Tools (override through the environment if they live elsewhere):
#   CLANG=clang-22  LLC=llc-22  LD_LLD=ld.lld-22  LLVM_READOBJ=llvm-readobj-22
#   LLVM_PROFDATA=llvm-profdata-22  LLVM_OBJCOPY=llvm-objcopy-22  LLVM_OBJDUMP=llvm-objdump-22
#   CLANG19=clang-19                      (bbmap-clang19.o; optional)
#   LLC14=llc-14 or /usr/lib/llvm-14/bin/llc  (bbmap-llvm14.o; optional)
# When an optional tool is missing, the committed fixture is kept as it is
# (its goldens are still regenerated).
#
# bbmap-pgo.o and cgprofile.o use a real profile: src/pgo.c is built hosted
# with -fprofile-instr-generate (needs libc and the compiler-rt profile
# runtime), run, and merged with llvm-profdata. The textual form of that
# profile is committed as src/pgo.proftext; the script fails if a run gives a
# different profile, and uses src/pgo.proftext when the instrumented build is
# not possible on this machine.
#
# Everything is built with relative paths from testdata/sections/,
# -ffile-compilation-dir=. and -resource-dir=.; the script checks that no path
# of the build machine ends up in a fixture or golden. Two runs give identical
# bytes.
set -euo pipefail

TD="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

CLANG="${CLANG:-clang-22}"
LLC="${LLC:-llc-22}"
LD_LLD="${LD_LLD:-ld.lld-22}"
LLVM_READOBJ="${LLVM_READOBJ:-llvm-readobj-22}"
LLVM_PROFDATA="${LLVM_PROFDATA:-llvm-profdata-22}"
LLVM_OBJCOPY="${LLVM_OBJCOPY:-llvm-objcopy-22}"
LLVM_OBJDUMP="${LLVM_OBJDUMP:-llvm-objdump-22}"
CLANG19="${CLANG19:-clang-19}"
if [[ -z ${LLC14:-} ]]; then
	LLC14=llc-14
	command -v "$LLC14" >/dev/null 2>&1 || LLC14=/usr/lib/llvm-14/bin/llc
fi

export LC_ALL=C
export SOURCE_DATE_EPOCH=0

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
B="$TMP/build"
mkdir -p "$B"

# have_version TOOL MAJOR: TOOL runs and reports LLVM version MAJOR.x.
have_version() {
	command -v "$1" >/dev/null 2>&1 && "$1" --version 2>/dev/null | grep -qE "(LLVM|clang) version $2\."
}
HAVE19=0 HAVE14=0
have_version "$CLANG19" 19 && HAVE19=1
have_version "$LLC14" 14 && HAVE14=1

cd "$TD"
# Remove previous outputs (everything except the sources, the docs, this
# script, and fixtures of optional tools that are missing here).
keep=(! -name src ! -name gen.sh ! -name README.md)
((HAVE19)) || { keep+=(! -name bbmap-clang19.o); echo "gen.sh: $CLANG19 not found, keeping bbmap-clang19.o" >&2; }
((HAVE14)) || { keep+=(! -name bbmap-llvm14.o); echo "gen.sh: $LLC14 (LLVM 14) not found, keeping bbmap-llvm14.o" >&2; }
find . -mindepth 1 -maxdepth 1 "${keep[@]}" -exec rm -rf {} +
mkdir golden

# -resource-dir=. keeps the install path of clang out of everything (nothing
# is included: the sources need no headers).
CFLAGS=(-ffreestanding -nostdlib -nostdinc -resource-dir=. -O1 -ffile-compilation-dir=. -fno-ident)
# shellcheck disable=SC2054 # the commas are part of the arguments
CREL=(-Wa,--crel,--allow-experimental-crel)
# shellcheck disable=SC2054
PGO_MAP=(-mllvm -pgo-analysis-map=func-entry-count,bb-freq,br-prob)

cc() { # cc TRIPLE OUT SRC [FLAGS...]
	local t="$1" out="$2" src="$3" extra=()
	shift 3
	# MSVC targets default to -mincremental-linker-compatible, which puts the
	# current time into the COFF header.
	[[ $t == *-windows-* ]] && extra=(-mno-incremental-linker-compatible)
	"$CLANG" --target="$t" "${CFLAGS[@]}" "${extra[@]}" "$@" -c "$src" -o "$out"
}

# --- BB address maps ----------------------------------------------------------------
cc x86_64-linux-gnu bbmap-x86_64.o src/bbmap.c -fbasic-block-address-map
"$LD_LLD" -static -nostdlib -e main --build-id=none -o bbmap-x86_64 bbmap-x86_64.o
cc aarch64-linux-gnu bbmap-aarch64.o src/bbmap.c -fbasic-block-address-map
# i686 uses SHT_REL relocations, which llvm-readobj-22 cannot apply to a BB
# address map (its golden records the warning).
cc i686-linux-gnu bbmap-i686.o src/bbmap.c -fbasic-block-address-map
cc x86_64-linux-gnu bbmap-sections.o src/bbmap.c -fbasic-block-sections=all -fbasic-block-address-map
cc x86_64-linux-gnu bbmap-crel.o src/bbmap.c -fbasic-block-address-map "${CREL[@]}"
if ((HAVE19)); then
	"$CLANG19" --target=x86_64-linux-gnu "${CFLAGS[@]}" -fbasic-block-address-map \
		-c src/bbmap.c -o bbmap-clang19.o
fi
if ((HAVE14)); then
	"$LLC14" -O1 -basic-block-sections=labels -filetype=obj src/llvm14.ll -o bbmap-llvm14.o
fi

# --- profile ------------------------------------------------------------------------
# Instrumented hosted build of src/pgo.c (libc + libclang_rt.profile), one run.
if "$CLANG" -O1 -fprofile-instr-generate src/pgo.c -o "$B/pgo-inst" 2>"$B/inst.log" &&
	LLVM_PROFILE_FILE="$B/pgo.profraw" "$B/pgo-inst"; then
	"$LLVM_PROFDATA" merge -o "$B/pgo.profdata" "$B/pgo.profraw"
	"$LLVM_PROFDATA" merge --text -o "$B/pgo.proftext" "$B/pgo.profdata"
	if [[ ! -e src/pgo.proftext ]]; then
		cp "$B/pgo.proftext" src/pgo.proftext
	elif ! cmp -s "$B/pgo.proftext" src/pgo.proftext; then
		echo "gen.sh: the profile of this run differs from src/pgo.proftext" >&2
		diff "$B/pgo.proftext" src/pgo.proftext >&2 || true
		exit 1
	fi
else
	echo "gen.sh: instrumented build/run of src/pgo.c failed, using src/pgo.proftext" >&2
	cat "$B/inst.log" >&2
	"$LLVM_PROFDATA" merge -o "$B/pgo.profdata" src/pgo.proftext
fi
PGO_USE=(-fprofile-instr-use="$B/pgo.profdata" -Werror=profile-instr-out-of-date -Werror=profile-instr-unprofiled)

cc x86_64-linux-gnu bbmap-pgo.o src/pgo.c "${PGO_USE[@]}" -fbasic-block-address-map "${PGO_MAP[@]}"

# --- call-graph profiles (the CG Profile module flag comes from the profile) --------------
cc x86_64-linux-gnu cgprofile.o src/pgo.c "${PGO_USE[@]}"
cc x86_64-linux-gnu cgprofile-crel.o src/pgo.c "${PGO_USE[@]}" "${CREL[@]}"
cc x86_64-pc-windows-msvc cgprofile-coff.obj src/pgo.c "${PGO_USE[@]}"

# --- addrsig, deplibs, linker options, symbol partitions ------------------------------------
cc x86_64-linux-gnu addrsig.o src/addrsig.c
cc x86_64-pc-windows-msvc addrsig-coff.obj src/addrsig.c
# -fprofile-generate adds counters whose section symbols (no name of their
# own) are address-significant: llvm-readobj prints them as "Sym:  (N)".
cc x86_64-linux-gnu addrsig-prof.o src/addrsig.c -fprofile-generate
cc x86_64-linux-gnu deplibs.o src/deplibs.c
"$LLC" -O1 -filetype=obj src/linkeropts.ll -o linkeropts.o
cc x86_64-linux-gnu sympart.o src/sympart.c -fsymbol-partition=part1

# --- compressed sections (SHF_COMPRESSED) ---------------------------------------------------
# llvm-objcopy-22 --compress-sections. llvm-readobj-22 decompresses a BB
# address map, but decodes the stored bytes of the others (compression
# header and all) as their contents: the goldens of those show it.
"$LLVM_OBJCOPY" --compress-sections .llvm_bb_addr_map=zstd --compress-sections .llvm_addrsig=zlib bbmap-x86_64.o bbmap-zstd.o
"$LLVM_OBJCOPY" --compress-sections .llvm_bb_addr_map=zlib bbmap-pgo.o bbmap-pgo-zlib.o
"$LLVM_OBJCOPY" --compress-sections .llvm.call-graph-profile=zlib cgprofile.o cgprofile-zlib.o
"$LLVM_OBJCOPY" --compress-sections .deplibs=zstd deplibs.o deplibs-zstd.o
"$LLVM_OBJCOPY" --compress-sections .linker-options=zlib linkeropts.o linkeropts-zlib.o

# --- C++: mangled names for -C (sections, bbmap) and calls through the PLT -------------------
# src/cxx-samples.txt is a sample profile (text, no run needed): it gives cxx.o a
# call-graph profile between mangled names; -faddrsig is the ELF default.
# cxx-plt links cxx.o and src/plt.cpp against a shared library standing in
# for libstdc++ (src/stub.cpp), which they call through the PLT; the i686
# one is position-independent, whose PLT entries jump through %ebx.
# -fexperimental-call-graph-section adds .llvm.callgraph (for --call-graph -C).
SAMPLE_USE=(-fprofile-sample-use=src/cxx-samples.txt -fexperimental-call-graph-section)
cc x86_64-linux-gnu cxx.o src/cxx.cpp "${SAMPLE_USE[@]}" -fbasic-block-address-map
for t in x86_64 aarch64 i686; do
	pic=()
	[[ $t == i686 ]] && pic=(-fPIC)
	cc "$t-linux-gnu" "$B/cxx-$t.o" src/cxx.cpp "${SAMPLE_USE[@]}" -fbasic-block-address-map "${pic[@]}"
	cc "$t-linux-gnu" "$B/plt-$t.o" src/plt.cpp -fbasic-block-address-map "${pic[@]}"
	cc "$t-linux-gnu" "$B/stub-$t.o" src/stub.cpp -fPIC
	"$LD_LLD" -shared --build-id=none -soname libstub.so -o "$B/libstub-$t.so" "$B/stub-$t.o"
done
cmp -s cxx.o "$B/cxx-x86_64.o" || { echo "gen.sh: cxx.o differs from a second build" >&2; exit 1; }
"$LD_LLD" --build-id=none -e _Z3runi -o cxx-plt cxx.o "$B/plt-x86_64.o" "$B/libstub-x86_64.so"
"$LD_LLD" --build-id=none -e _Z3runi -o cxx-plt-aarch64 "$B/cxx-aarch64.o" "$B/plt-aarch64.o" "$B/libstub-aarch64.so"
"$LD_LLD" --build-id=none -pie -e _Z3runi -o cxx-plt-i686 "$B/cxx-i686.o" "$B/plt-i686.o" "$B/libstub-i686.so"

# --- shared libraries with a soname -------------------------------------------------------------
# -shared -Wl,-soname,libfoo.so.1: llvm-readobj prints the DT_SONAME as the
# LoadName of the file summary. ELF64 and ELF32, both byte orders; the two
# that can carry one have a BB address map.
cc x86_64-linux-gnu "$B/soname-x86_64.o" src/soname.c -fPIC -fbasic-block-address-map
cc i686-linux-gnu "$B/soname-i686.o" src/soname.c -fPIC -fbasic-block-address-map
cc powerpc64-linux-gnu "$B/soname-ppc64.o" src/soname.c -fPIC
cc mips-linux-gnu "$B/soname-mips.o" src/soname.c -fPIC
for t in x86_64 i686 ppc64 mips; do
	"$LD_LLD" -shared --build-id=none -soname libfoo.so.1 -o "soname-$t.so" "$B/soname-$t.o"
done

# --- broken variants (patched copies) ---------------------------------------------------------
# patch FILE OFFSET HEXBYTES: overwrite bytes in place ("0010ff" writes 00 10 ff).
patch() {
	local esc="" i
	for ((i = 0; i < ${#3}; i += 2)); do esc+="\\x${3:i:2}"; done
	printf '%b' "$esc" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}
# le64 N: 16 hex digits, N as 8 bytes little-endian.
le64() {
	local h out="" i
	h=$(printf '%016x' "$1")
	for ((i = 14; i >= 0; i -= 2)); do out+="${h:i:2}"; done
	printf '%s' "$out"
}
# readobj_field FILE FIELD: first value of "FIELD: value" in --file-headers.
# (The awk scripts read to the end: exiting early could kill llvm-readobj with
# SIGPIPE, which pipefail turns into a failure of the script.)
readobj_field() { "$LLVM_READOBJ" --file-headers "$1" | awk -v f="$2:" '$1 == f && !done { print $2; done = 1 }'; }
# section_field FILE NAME FIELD: FIELD (Index, Offset, Size, ...) of the first
# section named NAME, as readobj prints it (decimal or 0x hex).
section_field() {
	"$LLVM_READOBJ" --sections "$1" | awk -v want="$2" -v f="$3:" '
		/^  Section \{/ { name = ""; delete v }
		$1 == "Name:" { name = $2 }
		$1 ~ /:$/ { v[$1] = $2 }
		/^  \}/ && name == want && !done { print v[f]; done = 1 }'
}
# section_bytes FILE NAME: the content of section NAME as hex, one byte a line.
section_bytes() {
	"$LLVM_OBJCOPY" --dump-section "$2=$B/sec.bin" "$1" "$B/sec.out"
	od -An -v -tx1 "$B/sec.bin" | awk '{ for (i = 1; i <= NF; i++) print $i }'
}
# patch_last FILE SECTION HEXBYTE: overwrite the last byte of SECTION.
patch_last() {
	local off size
	off=$(section_field "$1" "$2" Offset)
	size=$(section_field "$1" "$2" Size)
	patch "$1" $((off + size - 1)) "$3"
}

# deplibs-broken.o: the last byte of .deplibs ("with space\0") becomes 'X'.
cp deplibs.o deplibs-broken.o
patch_last deplibs-broken.o .deplibs 58

# linkeropts-odd.o: the NUL ending "empty-value" becomes '!', leaving 5 strings
# ("-lfoo", "-lbar", "key with space", "val\ttab", "empty-value!").
cp linkeropts.o linkeropts-odd.o
patch_last linkeropts-odd.o .linker-options 00
off=$(section_field linkeropts.o .linker-options Offset)
size=$(section_field linkeropts.o .linker-options Size)
patch linkeropts-odd.o $((off + size - 2)) 21

# addrsig-bad.o: the last byte of .llvm_addrsig becomes 0x80 (ULEB continues past the end).
cp addrsig.o addrsig-bad.o
patch_last addrsig-bad.o .llvm_addrsig 80

# bbmap-badversion.o: the version byte of the first function entry becomes 9.
cp bbmap-x86_64.o bbmap-badversion.o
patch bbmap-badversion.o "$(($(section_field bbmap-x86_64.o .llvm_bb_addr_map Offset)))" 09

# bbmap-trunc.o: bbmap-pgo.o with the .llvm_bb_addr_map sh_size (Elf64_Shdr
# +32) cut right after the last byte with the high bit set, i.e. in the middle
# of a multi-byte ULEB (in ET_REL every other field is small or zero).
cp bbmap-pgo.o bbmap-trunc.o
mapfile -t bytes < <(section_bytes bbmap-pgo.o .llvm_bb_addr_map)
cut=-1
for ((i = ${#bytes[@]} - 1; i >= 0; i--)); do
	if ((0x${bytes[i]} >= 0x80)); then cut=$((i + 1)); break; fi
done
((cut > 0)) || { echo "gen.sh: no multi-byte ULEB in bbmap-pgo.o's map" >&2; exit 1; }
shoff=$(($(readobj_field bbmap-pgo.o SectionHeaderOffset)))
idx=$(section_field bbmap-pgo.o .llvm_bb_addr_map Index)
patch bbmap-trunc.o $((shoff + idx * 64 + 32)) "$(le64 "$cut")"
# bbmap-trunc-zlib.o: bbmap-trunc.o with its cut map compressed: the decoder
# stops inside the decompressed bytes.
"$LLVM_OBJCOPY" --compress-sections .llvm_bb_addr_map=zlib bbmap-trunc.o bbmap-trunc-zlib.o

# phdr_field FILE TYPE FIELD: FIELD (Offset, FileSize, ...) of the first
# program header of TYPE (PT_DYNAMIC, ...), and its index as "Index".
phdr_field() {
	"$LLVM_READOBJ" --program-headers "$1" | awk -v want="$2" -v f="$3:" '
		/^  ProgramHeader \{/ { n++; delete v }
		$1 == "Type:" { type = $2 }
		$1 ~ /:$/ { v[$1] = $2 }
		/^  \}/ && type == want && !done { v["Index:"] = n - 1; print v[f]; done = 1 }'
}
# dyn_value_at FILE TAG: the file offset of the value of the first dynamic
# entry TAG (SONAME, STRTAB, ...) of an ELF64 file.
dyn_value_at() {
	local off k
	off=$(section_field "$1" .dynamic Offset)
	k=$("$LLVM_READOBJ" --dynamic-table "$1" | awk -v want="$2" '$1 ~ /^0x/ { if ($2 == want && !done) { print n; done = 1 } n++ }')
	echo $((off + k * 16 + 8))
}
# soname-secdyn.so: the PT_DYNAMIC program header becomes PT_NULL, leaving the
# .dynamic section to find the table by.
cp soname-x86_64.so soname-secdyn.so
patch soname-secdyn.so $(($(readobj_field soname-x86_64.so ProgramHeaderOffset) + $(phdr_field soname-x86_64.so PT_DYNAMIC Index) * 56)) 00000000
# soname-badoff.so: DT_SONAME points past the end of the string table (DT_STRSZ).
cp soname-x86_64.so soname-badoff.so
patch soname-badoff.so "$(dyn_value_at soname-x86_64.so SONAME)" "$(le64 4096)"
# soname-nostrtab.so: DT_STRTAB is in no segment: the string table of .dynsym
# stands in for it.
cp soname-x86_64.so soname-nostrtab.so
patch soname-nostrtab.so "$(dyn_value_at soname-x86_64.so STRTAB)" "$(le64 $((0xdead0000)))"

# --- goldens ----------------------------------------------------------------------------------
ELF_FIXTURES=(bbmap-x86_64.o bbmap-x86_64 bbmap-aarch64.o bbmap-i686.o bbmap-sections.o
	bbmap-crel.o bbmap-pgo.o bbmap-clang19.o bbmap-llvm14.o cgprofile.o cgprofile-crel.o
	addrsig.o addrsig-prof.o deplibs.o linkeropts.o sympart.o deplibs-broken.o linkeropts-odd.o
	addrsig-bad.o bbmap-badversion.o bbmap-trunc.o bbmap-trunc-zlib.o
	bbmap-zstd.o bbmap-pgo-zlib.o cgprofile-zlib.o deplibs-zstd.o linkeropts-zlib.o
	cxx.o cxx-plt cxx-plt-aarch64 cxx-plt-i686
	soname-x86_64.so soname-i686.so soname-ppc64.so soname-mips.so
	soname-secdyn.so soname-badoff.so soname-nostrtab.so)
COFF_FIXTURES=(addrsig-coff.obj cgprofile-coff.obj)
declare -A FLAGS=(
	[bb]="--bb-addr-map"
	[bbpretty]="--bb-addr-map --pretty-pgo-analysis-map"
	[cg]="--cg-profile"
	[addrsig]="--addrsig"
	[deplibs]="--dependent-libraries"
	[linkeropts]="--elf-linker-options"
	[all]="--dependent-libraries --elf-linker-options --cg-profile --bb-addr-map --addrsig"
	[bbC]="-C --bb-addr-map"
	[cgC]="-C --cg-profile"
	[addrsigC]="-C --addrsig"
	[allC]="-C --dependent-libraries --elf-linker-options --cg-profile --bb-addr-map --addrsig"
)
ELF_SETS=(bb bbpretty cg addrsig deplibs linkeropts all allC)
# -C alone, on the fixtures with C++ names.
CXX_FIXTURES=(cxx.o cxx-plt cxx-plt-aarch64 cxx-plt-i686)
CXX_SETS=(bbC cgC addrsigC)
COFF_SETS=(addrsig cg)
JSON_SETS=(bb cg)

# llvm_objdump FLAGS... FILE: llvm-objdump without its "FILE:\tfile format" line.
llvm_objdump() { "$LLVM_OBJDUMP" "$@" | sed 1,2d; }

# golden OUT FILE FLAGS...: readobj's stdout in OUT, stderr in OUT.stderr (if
# any), exit code in OUT.exit (if not 0).
golden() {
	local out="$1" rc=0
	shift
	"$LLVM_READOBJ" "$@" >"golden/$out" 2>"golden/$out.stderr" || rc=$?
	[[ -s golden/$out.stderr ]] || rm -f "golden/$out.stderr"
	((rc == 0)) || echo "$rc" >"golden/$out.exit"
}
for f in "${ELF_FIXTURES[@]}" "${COFF_FIXTURES[@]}"; do
	sets=("${ELF_SETS[@]}")
	[[ " ${CXX_FIXTURES[*]} " == *" $f "* ]] && sets+=("${CXX_SETS[@]}")
	json=1
	[[ $f == *.obj ]] && { sets=("${COFF_SETS[@]}"); json=0; }
	for s in "${sets[@]}"; do
		# shellcheck disable=SC2086 # FLAGS entries are word lists
		golden "$f.$s" ${FLAGS[$s]} "$f"
		if ((json)) && [[ " ${JSON_SETS[*]} " == *" $s "* ]]; then
			# shellcheck disable=SC2086
			golden "$f.$s.json" --elf-output-style=JSON --pretty-print ${FLAGS[$s]} "$f"
		fi
	done
done
# What llvm-objdump-22 -d (and -d -C) prints for the linked fixtures, for
# bbmap --disasm's branch targets (which name PLT entries as NAME@plt).
for f in bbmap-x86_64 cxx-plt cxx-plt-aarch64 cxx-plt-i686; do
	llvm_objdump -d "$f" >"golden/$f.objdump"
	[[ $f == cxx-* ]] && llvm_objdump -d -C "$f" >"golden/$f.objdumpC"
done

# --- sanity checks ------------------------------------------------------------------------------
fail=0
complain() { echo "gen.sh: $*" >&2; fail=1; }
for f in "${ELF_FIXTURES[@]}" "${COFF_FIXTURES[@]}"; do [[ -s $f ]] || complain "$f missing"; done
# expect GOLDEN PATTERN: the golden file matches the extended regexp.
expect() { grep -qE -- "$2" "golden/$1" 2>/dev/null || complain "golden/$1 lacks /$2/"; }
# first_byte FILE SECTION: the first content byte of SECTION (hex).
first_byte() { section_bytes "$1" "$2" | sed -n 1p; }

[[ $(first_byte bbmap-x86_64.o .llvm_bb_addr_map) == 05 ]] || complain "bbmap-x86_64.o: map version is not 5"
[[ $(first_byte bbmap-clang19.o .llvm_bb_addr_map) == 02 ]] || complain "bbmap-clang19.o: map version is not 2"
[[ $(section_field bbmap-llvm14.o .llvm_bb_addr_map Type) == Unknown ]] || complain "bbmap-llvm14.o: map type is not 0x6fff4c08"
"$LLVM_READOBJ" --sections bbmap-llvm14.o | grep -q 'Type: Unknown (0x6FFF4C08)' || complain "bbmap-llvm14.o: no 0x6fff4c08 section"
[[ $(section_field bbmap-i686.o .rel.llvm_bb_addr_map Type) == SHT_REL ]] || complain "bbmap-i686.o: no SHT_REL for the map"
for f in bbmap-crel.o cgprofile-crel.o; do
	"$LLVM_READOBJ" --sections "$f" | grep -q 'Type: SHT_CREL' || complain "$f: no SHT_CREL section"
done
[[ $(section_field sympart.o .llvm_sympart Type) == SHT_LLVM_SYMPART ]] || complain "sympart.o: no .llvm_sympart"
[[ $(grep -c 'Base Address' golden/bbmap-sections.o.bb) -gt 4 ]] || complain "bbmap-sections.o: not several BB ranges"
expect bbmap-x86_64.o.bb 'Callsite End Offsets'
expect bbmap-x86_64.bb 'At: 0x[1-9A-F]'
expect bbmap-aarch64.o.bb 'Name: sum'
expect bbmap-crel.o.bb 'Name: sum'
expect bbmap-clang19.o.bb 'Name: sum'
expect bbmap-pgo.o.bb 'FuncEntryCount: 2999'
expect bbmap-pgo.o.bbpretty 'Probability: 0x[0-9a-f]{8} / 0x80000000 = '
expect bbmap-i686.o.bb.stderr 'invalid sh_entsize: expected 12, but got 8'
expect cgprofile.o.cg 'To: is_prime'
expect cgprofile-coff.obj.cg 'To: is_prime'
expect addrsig.o.addrsig 'Sym: twice'
expect addrsig-coff.obj.addrsig 'Sym: twice'
expect addrsig-prof.o.addrsig 'Sym:  \([0-9]+\)'
expect deplibs.o.deplibs 'libz.so'
expect linkeropts.o.linkeropts 'key with space: val'
expect deplibs-broken.o.deplibs.stderr 'is broken: the content is not null-terminated'
expect linkeropts-odd.o.linkeropts.stderr 'incomplete key-value pair'
expect addrsig-bad.o.addrsig.stderr 'unable to decode SHT_LLVM_ADDRSIG'
expect bbmap-badversion.o.bb.stderr 'unsupported SHT_LLVM_BB_ADDR_MAP version: 9'
expect bbmap-trunc.o.bb.stderr 'malformed uleb128, extends past end'
expect bbmap-trunc-zlib.o.bb.stderr 'malformed uleb128, extends past end'
# Compressed: the BB address maps print as their originals; the other
# sections are read as stored.
for p in bbmap-zstd.o:bbmap-x86_64.o bbmap-pgo-zlib.o:bbmap-pgo.o; do
	for s in bb bbpretty; do
		cmp -s <(sed 1,2d "golden/${p%%:*}.$s") <(sed 1,2d "golden/${p#*:}.$s") || complain "golden/${p%%:*}.$s differs from ${p#*:}'s"
	done
done
expect bbmap-zstd.o.addrsig.stderr 'unable to read the name of symbol with index'
expect cgprofile-zlib.o.cg.stderr 'which is not a multiple of its sh_entsize \(8\)'
expect linkeropts-zlib.o.linkeropts.stderr 'is broken: the content is not null-terminated'
# (zstd stores the short .deplibs as a raw block: its 3 names follow 22
# entries read from the compression header and the frame's.)
(($(grep -c '^  ' golden/deplibs-zstd.o.deplibs) > 3)) || complain "deplibs-zstd.o: readobj decompressed .deplibs"
expect cxx.o.cgC 'To: int geo::dot<geo::Point>\(geo::Point const&, geo::Point const&\)'
expect cxx.o.addrsigC 'Sym: \(anonymous namespace\)::twice\(int\)'
expect cxx-plt.bbC 'Name: run\(int\)'
expect cxx-plt.objdump 'call.*<__cxa_throw@plt>'
expect cxx-plt-aarch64.objdump 'bl.*<_ZSt20__throw_length_errorPKc@plt>'
expect cxx-plt-i686.objdump 'jmpl.*\*0x[0-9a-f]+\(%ebx\)'
expect cxx-plt-i686.objdump 'calll.*<__cxa_throw@plt>'
for t in x86_64 i686 ppc64 mips; do expect "soname-$t.so.addrsig" '^LoadName: libfoo\.so\.1$'; done
expect soname-x86_64.so.bb 'Name: foo_add'
expect soname-secdyn.so.addrsig '^LoadName: libfoo\.so\.1$'
expect soname-badoff.so.addrsig '^LoadName: <\?>$'
expect soname-badoff.so.addrsig.stderr 'unable to read the string at 0x[0-9a-f]+: it goes past the end of the table'
expect soname-nostrtab.so.addrsig '^LoadName: libfoo\.so\.1$'
expect soname-nostrtab.so.addrsig.stderr 'unable to parse DT_STRTAB: virtual address is not in any segment: 0xdead0000'
if grep -rlaE -e "$TD" -e "$TMP" -e '/work/' -e '/tmp/' -e "${HOME:-/root}/" --exclude=gen.sh --exclude=README.md . >"$TMP/leaks"; then
	complain "absolute paths in: $(tr '\n' ' ' <"$TMP/leaks")"
fi
total=$(du -cb --apparent-size -- *.o *.obj *.so bbmap-x86_64 cxx-plt cxx-plt-aarch64 cxx-plt-i686 golden | tail -1 | cut -f1)
((total < 1500000)) || complain "fixtures too large: $total bytes"
[[ $fail -eq 0 ]]
echo "gen.sh: $((${#ELF_FIXTURES[@]} + ${#COFF_FIXTURES[@]})) fixtures, $(find golden -type f | wc -l) golden files, $total bytes in testdata/sections/"
