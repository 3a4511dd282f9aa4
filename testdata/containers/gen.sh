#!/usr/bin/env bash
# Regenerates every container fixture in testdata/containers/ (ELF, Mach-O,
# universal, COFF/PE, WebAssembly, ar archives, Mach-O bitcode bundles,
# crafted and malformed files) from the freestanding sources in
# testdata/containers/src/, plus the goldens sections.golden, members.golden
# and bundles.golden. The bundles (xar archives) are written by mk/xargen, a
# Go program, since no LLVM 22 tool writes one.
#
# Usage: testdata/containers/gen.sh     (from any directory; no arguments)
#
# Tools (override through the environment if they live elsewhere):
#   CLANG=clang-22  LD_LLD=ld.lld-22  LLD_LINK=lld-link-22  LLVM_AR=llvm-ar-22
#   LLVM_LIPO=llvm-lipo-22  LLVM_OBJCOPY=llvm-objcopy-22  LLVM_READOBJ=llvm-readobj-22
#   LLVM_OFFLOAD_BINARY=llvm-offload-binary-22  GO=go
#
# Everything is built with relative paths from testdata/containers/ and
# -fdebug-compilation-dir=. so that no path of the build machine ends up in a
# fixture; the script checks that at the end. Two runs give identical bytes.
set -euo pipefail

TD="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

CLANG="${CLANG:-clang-22}"
LD_LLD="${LD_LLD:-ld.lld-22}"
LLD_LINK="${LLD_LINK:-lld-link-22}"
LLVM_AR="${LLVM_AR:-llvm-ar-22}"
LLVM_LIPO="${LLVM_LIPO:-llvm-lipo-22}"
LLVM_OBJCOPY="${LLVM_OBJCOPY:-llvm-objcopy-22}"
LLVM_READOBJ="${LLVM_READOBJ:-llvm-readobj-22}"
LLVM_OFFLOAD_BINARY="${LLVM_OFFLOAD_BINARY:-llvm-offload-binary-22}"
GO="${GO:-go}"

export LC_ALL=C
export ZERO_AR_DATE=1 SOURCE_DATE_EPOCH=0

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
B="$TMP/build"
mkdir -p "$B"

cd "$TD"
# Remove previous outputs (everything except the sources, the docs and this script).
find . -mindepth 1 -maxdepth 1 ! -name src ! -name mk ! -name gen.sh ! -name README.md -exec rm -rf {} +
mkdir -p thin/objs

# -resource-dir=. keeps the install path of clang out of the full cc1 command
# line that -fembed-bitcode=marker stores (nothing is included, so it is unused).
CFLAGS=(-ffreestanding -nostdlib -nostdinc -resource-dir=. -O1 -ffile-compilation-dir=. -fno-ident)
EMBED=(-fembed-bitcode)

cc() { # cc TRIPLE OUT SRC [FLAGS...]
	local t="$1" out="$2" src="$3" extra=()
	shift 3
	# MSVC targets default to -mincremental-linker-compatible, which puts the
	# current time into the COFF header.
	[[ $t == *-windows-* ]] && extra=(-mno-incremental-linker-compatible)
	"$CLANG" --target="$t" "${CFLAGS[@]}" "${extra[@]}" "$@" -c "$src" -o "$out"
}

# --- ELF objects ----------------------------------------------------------------
cc x86_64-linux-gnu elf-x86_64.o src/m.c "${EMBED[@]}"
cc aarch64-linux-gnu elf-aarch64.o src/m.c "${EMBED[@]}"
cc i686-linux-gnu elf-i686.o src/m.c "${EMBED[@]}"
cc powerpc64-linux-gnu elf-ppc64be.o src/m.c "${EMBED[@]}"
cc mips-linux-gnu elf-mips32be.o src/m.c "${EMBED[@]}"
cc x86_64-linux-gnu elf-marker.o src/m.c -fembed-bitcode=marker

# Extension sections: an offload binary (device bitcode for nvptx64) embedded
# into an object compiled from a hand-written .ll.
"$CLANG" --target=nvptx64-nvidia-cuda "${CFLAGS[@]}" -emit-llvm -c src/dev.c -o "$B/dev.bc"
(cd "$B" && "$LLVM_OFFLOAD_BINARY" -o dev.offload \
	--image=file=dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_70,kind=openmp)
cp "$B/dev.offload" "$TMP/dev.offload"
"$CLANG" --target=x86_64-linux-gnu -O1 -fdebug-compilation-dir=. -faddrsig \
	-fbasic-block-address-map -Xclang -fembed-offload-object="$TMP/dev.offload" \
	-Wno-override-module -c src/ext.ll -o elf-ext.o

# Fat LTO objects (.llvm.lto, SHT_LLVM_LTO).
cc x86_64-linux-gnu fatlto-full.o src/m.c -flto -ffat-lto-objects
cc x86_64-linux-gnu fatlto-thin.o src/m.c -flto=thin -ffat-lto-objects

# --- ELF executable and shared object -------------------------------------------
for s in main util math; do
	cc x86_64-linux-gnu "$B/$s.o" "src/$s.c" "${EMBED[@]}"
	cc x86_64-linux-gnu "$B/$s.pic.o" "src/$s.c" "${EMBED[@]}" -fPIC
done
"$LD_LLD" -static -e main --build-id=none -o prog "$B/main.o" "$B/util.o" "$B/math.o"
"$LD_LLD" -shared --build-id=none -soname libshared.so -o libshared.so "$B/util.pic.o" "$B/math.pic.o"

# --- compressed sections (SHF_COMPRESSED) ---------------------------------------
# llvm-objcopy-22 --compress-sections rewrites a section as a compression
# header (Elf32_Chdr/Elf64_Chdr) and a zlib or zstd stream: both kinds, both
# classes, both byte orders, a linked .llvmbc of several modules, and every
# extension section of elf-ext.o.
"$LLVM_OBJCOPY" --compress-sections .llvmbc=zstd --compress-sections .llvmcmd=zlib elf-x86_64.o elf-x86_64-zstd.o
"$LLVM_OBJCOPY" --compress-sections '.llvm*=zlib' elf-i686.o elf-i686-zlib.o
"$LLVM_OBJCOPY" --compress-sections '.llvm*=zstd' elf-ppc64be.o elf-ppc64be-zstd.o
"$LLVM_OBJCOPY" --compress-sections '.llvm*=zlib' elf-mips32be.o elf-mips32be-zlib.o
"$LLVM_OBJCOPY" --compress-sections '.llvm*=zlib' prog prog-zlib
"$LLVM_OBJCOPY" --compress-sections '.llvm*=zstd' --compress-sections .deplibs=zstd \
	--compress-sections .linker-options=zlib elf-ext.o elf-ext-zstd.o
COMPRESSED=(elf-x86_64-zstd.o elf-i686-zlib.o elf-ppc64be-zstd.o elf-mips32be-zlib.o prog-zlib elf-ext-zstd.o)

# --- Mach-O and universal ---------------------------------------------------------
cc x86_64-apple-macos11 macho-x86_64.o src/m.c "${EMBED[@]}"
cc arm64-apple-macos11 macho-arm64.o src/m.c "${EMBED[@]}"
cc x86_64-apple-macos11 macho-marker.o src/m.c -fembed-bitcode=marker
# universal.o is written by hand: llvm-lipo-22 -create, given Mach-O objects
# that carry __LLVM,__bitcode, stores the embedded bitcode wrapper as the slice
# instead of the Mach-O object. Layout as llvm-lipo would write it: fat_header,
# two fat_arch entries, slices at 2^4-aligned offsets, zero padding.
be32() { # be32 N: 4 bytes big-endian
	local h
	h=$(printf '%08x' "$1")
	printf '%b' "\\x${h:0:2}\\x${h:2:2}\\x${h:4:2}\\x${h:6:2}"
}
mkfat() { # mkfat OUT CPUTYPE:CPUSUBTYPE:FILE...
	local out="$1" off spec f sz pad
	shift
	off=$((8 + 20 * $#))
	{
		be32 0xcafebabe
		be32 $#
		for spec in "$@"; do
			off=$(((off + 15) / 16 * 16))
			f=${spec##*:}
			sz=$(stat -c %s "$f")
			be32 $((${spec%%:*})); spec=${spec#*:}
			be32 $((${spec%%:*}))
			be32 "$off"; be32 "$sz"; be32 4
			off=$((off + sz))
		done
		off=$((8 + 20 * $#))
		for spec in "$@"; do
			f=${spec##*:}
			pad=$(((off + 15) / 16 * 16 - off))
			head -c "$pad" /dev/zero
			cat "$f"
			off=$((off + pad + $(stat -c %s "$f")))
		done
	} >"$out"
}
mkfat universal.o 0x01000007:3:macho-x86_64.o 0x0100000c:0:macho-arm64.o
[[ $("$LLVM_LIPO" -archs universal.o | xargs) == "x86_64 arm64" ]] || { echo "gen.sh: universal.o: bad archs" >&2; exit 1; }

# A fat file whose slices are darwin-format archives holding one member m.o each.
mkdir -p "$B/ux" "$B/ua"
cp macho-x86_64.o "$B/ux/m.o"
cp macho-arm64.o "$B/ua/m.o"
"$LLVM_AR" --format=darwin rcs "$B/ux/lib.a" "$B/ux/m.o"
"$LLVM_AR" --format=darwin rcs "$B/ua/lib.a" "$B/ua/m.o"
"$LLVM_LIPO" -create "$B/ux/lib.a" "$B/ua/lib.a" -output libuniversal.a

# --- Mach-O bitcode bundles (__LLVM,__bundle) ---------------------------------------
# ld64 -bitcode_bundle replaces the inputs' __LLVM,__bitcode and __cmdline with
# one __LLVM,__bundle section: a xar archive with one file per input ("1",
# "2", …) holding its bitcode, its command line in the table of contents, and
# the link in an "Ld" subdocument. No LLVM 22 tool writes one, and
# llvm-objcopy-22 cannot add a section to a linked Mach-O image (the result is
# malformed), so mk/xargen writes the archives and llvm-objcopy adds them to
# Mach-O objects compiled without bitcode, which stand in for linked images.
# The members are clang -emit-llvm -c bitcode; the command lines are the
# __LLVM,__cmdline sections of the same sources compiled with -fembed-bitcode.
X="$B/xar"
mkdir -p "$X"
(cd "$TD" && "$GO" build -trimpath -o "$X/xargen" ./mk/xargen)
for a in x86_64 arm64; do
	for s in main util math; do
		"$CLANG" --target="$a-apple-macos11" "${CFLAGS[@]}" -emit-llvm -c "src/$s.c" -o "$X/$a-$s.bc"
		cc "$a-apple-macos11" "$X/$a-$s.o" "src/$s.c" "${EMBED[@]}"
		"$LLVM_OBJCOPY" --dump-section "__LLVM,__cmdline=$X/$a-$s.cmd" "$X/$a-$s.o" "$X/junk.o"
	done
	cc "$a-apple-macos11" "$X/$a-image.o" src/main.c
done
# xar_macho OUT ARCH XARGEN-ARGS...: a Mach-O of ARCH whose __LLVM,__bundle
# is the archive xargen writes with XARGEN-ARGS.
xar_macho() {
	local out="$1" a="$2"
	shift 2
	"$X/xargen" -o "$X/${out##*/}.xar" -arch "$a" -platform macOS -sdk 11.0.0 \
		-dylib '{SDKPATH}/usr/lib/libSystem.B.dylib' -option=-execute -option=-platform_version \
		-option=macOS -option=11.0.0 -option=11.0.0 -option=-e -option=_main \
		-option=-executable_path -option=app "$@"
	"$LLVM_OBJCOPY" --add-section "__LLVM,__bundle=$X/${out##*/}.xar" "$X/$a-image.o" "$out"
}
# bitcode bundle members for ARCH: main.c as "1" and util.c as "2" (ENC1, ENC2).
members() { echo "1=$X/$1-main.bc,enc=$2,cmd=$X/$1-main.cmd" "2=$X/$1-util.bc,enc=$3,cmd=$X/$1-util.cmd"; }
# app: universal file, x86_64 and arm64 slices, members stored as is (as ld64 does).
# shellcheck disable=SC2046
{
	xar_macho "$X/app-x86_64" x86_64 $(members x86_64 none none)
	xar_macho "$X/app-arm64" arm64 $(members arm64 none none)
}
mkfat app 0x01000007:3:"$X/app-x86_64" 0x0100000c:0:"$X/app-arm64"
# bundle-gzip.o: arm64; "1" stored, "2" application/x-gzip as libxar writes it
# (a zlib stream), "3" (math.c) application/x-gzip holding a gzip stream, and
# an exported-symbols list "exports.exp" (gzip-encoded, file-type Exports: not
# a payload).
printf '_main\n_util_add\n\n' >"$X/exports.exp"
# shellcheck disable=SC2046
xar_macho bundle-gzip.o arm64 -option=-exported_symbols_list -option=exports.exp $(members arm64 none zlib) \
	"3=$X/arm64-math.bc,enc=gzip,cmd=$X/arm64-math.cmd" "exports.exp=$X/exports.exp,type=Exports,enc=zlib"
# bundle-marker.o: what ld64 writes for inputs that carry bitcode markers only
# (a dylib or bundle; executables get no section): one zero byte.
printf '\0' >"$X/marker"
"$LLVM_OBJCOPY" --add-section "__LLVM,__bundle=$X/marker" "$X/x86_64-image.o" bundle-marker.o
# Malformed bundles (arm64, members stored as is): member "2"'s last byte
# flipped after its checksums were taken; the archive cut 100 bytes short
# (inside member "2"); the TOC giving heap offset 0x10000000 for member "2".
# shellcheck disable=SC2046
{
	xar_macho bad-xar-cksum.o arm64 -corrupt 2 $(members arm64 none none)
	xar_macho bad-xar-trunc.o arm64 -truncate 100 $(members arm64 none none)
	xar_macho bad-xar-offset.o arm64 -lie 2=0x10000000 $(members arm64 none none)
}
# bundles.golden: each bundle member payload and the file it must equal.
{
	for a in x86_64 arm64; do
		echo "app[$a]:__LLVM,__bundle/1 $X/$a-main.bc"
		echo "app[$a]:__LLVM,__bundle/2 $X/$a-util.bc"
	done
	echo "bundle-gzip.o:__LLVM,__bundle/1 $X/arm64-main.bc"
	echo "bundle-gzip.o:__LLVM,__bundle/2 $X/arm64-util.bc"
	echo "bundle-gzip.o:__LLVM,__bundle/3 $X/arm64-math.bc"
	for f in bad-xar-cksum.o bad-xar-trunc.o bad-xar-offset.o; do
		echo "$f:__LLVM,__bundle/1 $X/arm64-main.bc"
	done
} | while read -r cpath f; do
	echo "$cpath $(stat -c %s "$f") $(sha256sum <"$f" | cut -d' ' -f1)"
done >bundles.golden

# --- WebAssembly ---------------------------------------------------------------------
# Objects keep .llvmbc and .llvmcmd as custom sections.
cc wasm32-unknown-unknown wasm32.o src/m.c "${EMBED[@]}"
cc wasm64-unknown-unknown wasm64.o src/m.c "${EMBED[@]}"
cc wasm32-unknown-unknown wasm-marker.o src/m.c -fembed-bitcode=marker
mkdir -p "$B/wasm"
cc wasm32-unknown-unknown "$B/wasm/util.o" src/util.c "${EMBED[@]}"
cc wasm32-unknown-unknown "$B/wasm/math.o" src/math.c "${EMBED[@]}"
"$LLVM_AR" --format=gnu rcs lib-wasm.a "$B/wasm/util.o" "$B/wasm/math.o"

# --- COFF objects and PE images -----------------------------------------------------
cc x86_64-pc-windows-msvc coff-x86_64.obj src/m.c "${EMBED[@]}"
cc i686-pc-windows-msvc coff-i386.obj src/m.c "${EMBED[@]}"
cc aarch64-pc-windows-msvc coff-arm64.obj src/m.c "${EMBED[@]}"
for s in main util math; do
	cc x86_64-pc-windows-msvc "$B/$s.obj" "src/$s.c" "${EMBED[@]}"
done
"$LLD_LINK" /nologo /brepro /nodefaultlib /entry:main /subsystem:console \
	/out:pe-x86_64.exe "$B/main.obj" "$B/util.obj" "$B/math.obj"
"$LLD_LINK" /nologo /brepro /nodefaultlib /noentry /dll /export:util_add /export:math_sq \
	/out:pe-x86_64.dll /implib:"$B/pe-x86_64.lib" "$B/util.obj" "$B/math.obj"

# --- ar archives ---------------------------------------------------------------------
# lib-gnu.a: long name (// table), two dup.o (quick-appended so both stay), a
# raw bitcode member, a short-named object, and a symbol table.
mkdir -p "$B/gnu/d1" "$B/gnu/d2"
cc x86_64-linux-gnu "$B/gnu/a_very_long_member_name_for_gnu.o" src/util.c "${EMBED[@]}"
cc x86_64-linux-gnu "$B/gnu/d1/dup.o" src/dup1.c "${EMBED[@]}"
cc x86_64-linux-gnu "$B/gnu/d2/dup.o" src/dup2.c "${EMBED[@]}"
"$CLANG" --target=x86_64-linux-gnu "${CFLAGS[@]}" -emit-llvm -c src/m.c -o "$B/gnu/raw.bc"
cc x86_64-linux-gnu "$B/gnu/math.o" src/math.c "${EMBED[@]}"
"$LLVM_AR" --format=gnu qcS lib-gnu.a "$B/gnu/a_very_long_member_name_for_gnu.o" \
	"$B/gnu/d1/dup.o" "$B/gnu/d2/dup.o" "$B/gnu/raw.bc" "$B/gnu/math.o"
"$LLVM_AR" --format=gnu s lib-gnu.a

# lib-bsd.a: darwin format (BSD "#1/N" long names, __.SYMDEF symbol table), Mach-O members.
mkdir -p "$B/bsd"
cc x86_64-apple-macos11 "$B/bsd/a_long_member_name_for_bsd.o" src/util.c "${EMBED[@]}"
cc x86_64-apple-macos11 "$B/bsd/math.o" src/math.c "${EMBED[@]}"
"$LLVM_AR" --format=darwin rcs lib-bsd.a "$B/bsd/a_long_member_name_for_bsd.o" "$B/bsd/math.o"

# thin/lib-thin.a: thin archive; the members stay in thin/objs/ and the archive
# stores paths relative to its own directory (objs/t1.o).
cc x86_64-linux-gnu thin/objs/t1.o src/util.c "${EMBED[@]}"
cc x86_64-linux-gnu thin/objs/t2.o src/math.c "${EMBED[@]}"
(cd thin && "$LLVM_AR" --format=gnu rcs --thin lib-thin.a objs/t1.o objs/t2.o)

# --- crafted archives ------------------------------------------------------------------
# ar_hdr NAME SIZE [END]: a 60-byte member header (END defaults to "`\n").
AR_END=$'`\n'
ar_hdr() { printf '%-16s%-12s%-6s%-6s%-8s%-10s%s' "$1" 0 0 0 644 "$2" "${3:-$AR_END}"; }
# ar_member NAME FILE: header + data + padding to an even offset.
ar_member() {
	local n
	n=$(stat -c %s "$2")
	ar_hdr "$1" "$n"
	cat "$2"
	if ((n % 2)); then printf '\n'; fi
}
# ar_strtab STRING: the GNU "//" long-name table.
ar_strtab() {
	ar_hdr // "${#1}"
	printf '%s' "$1"
	if ((${#1} % 2)); then printf '\n'; fi
}

E=elf-x86_64.o
# evil.a: hostile member names, each member a copy of elf-x86_64.o.
#   long-name table offsets: ../../escape.o/ at 0, /etc/abs.o/ at 16, a/../../b.o/ at 28
{
	printf '!<arch>\n'
	ar_strtab $'../../escape.o/\n/etc/abs.o/\na/../../b.o/\n'
	ar_member /0 "$E"
	ar_member /16 "$E"
	ar_member ../ "$E"
	ar_member /28 "$E"
	ar_member same.o/ "$E"
	ar_member same.o/ "$E"
} >evil.a

# Each bad-ar-* archive starts with a good member good.o (a copy of elf-x86_64.o).
head -c 12 "$E" >"$B/twelve"
head -c 1000 "$E" >"$B/first1000"
{
	printf '!<arch>\n'
	ar_member good.o/ "$E"
	ar_hdr bad.o/ 12x
	cat "$B/twelve"
} >bad-ar-size.a
{
	printf '!<arch>\n'
	ar_member good.o/ "$E"
	ar_hdr trunc.o/ "$(stat -c %s "$E")"
	cat "$B/first1000"
} >bad-ar-trunc.a
{
	printf '!<arch>\n'
	ar_strtab $'a_long_member_name_here.o/\n'
	ar_member good.o/ "$E"
	ar_member /500 "$E"
} >bad-ar-longname.a
{
	printf '!<arch>\n'
	ar_member good.o/ "$E"
	ar_hdr bad.o/ "$(stat -c %s "$E")" 'XY'
	cat "$E"
} >bad-ar-header.a

# --- malformed objects -------------------------------------------------------------------
# patch FILE OFFSET HEXBYTES: overwrite bytes in place ("0010ff" writes 00 10 ff).
patch() {
	local esc="" i
	for ((i = 0; i < ${#3}; i += 2)); do esc+="\\x${3:i:2}"; done
	printf '%b' "$esc" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}
# readobj_field FILE FIELD: first value of "FIELD: value" in --file-headers.
readobj_field() { "$LLVM_READOBJ" --file-headers "$1" | awk -v f="$2:" '$1 == f && !done { print $2; done = 1 }'; }
# section_index FILE NAME: ELF "Index" / COFF "Number" of the section named NAME.
section_index() {
	"$LLVM_READOBJ" --sections "$1" | awk -v want="$2" '
		$1 == "Index:" || $1 == "Number:" { idx = $2 }
		$1 == "Name:" && $2 == want && !done { print idx; done = 1 }'
}

# bad-elf-secoff.o: .llvmbc sh_offset (Elf64_Shdr +24, 8 bytes LE) = 0x10000000.
cp elf-x86_64.o bad-elf-secoff.o
shoff=$(($(readobj_field elf-x86_64.o SectionHeaderOffset)))
idx=$(section_index elf-x86_64.o .llvmbc)
patch bad-elf-secoff.o $((shoff + idx * 64 + 24)) 0000001000000000

# bad-elf-trunc.o: first half of elf-x86_64.o.
head -c $(($(stat -c %s elf-x86_64.o) / 2)) elf-x86_64.o >bad-elf-trunc.o

# bad-macho-secoff.o: __LLVM,__bitcode section_64.offset (+48, 4 bytes LE) = 0x10000000.
cp macho-x86_64.o bad-macho-secoff.o
hits=$(grep -obUaP '__bitcode\x00{7}__LLVM\x00{10}' macho-x86_64.o | cut -d: -f1)
[[ $(wc -w <<<"$hits") == 1 ]] || { echo "gen.sh: __bitcode header not found once" >&2; exit 1; }
patch bad-macho-secoff.o $((hits + 48)) 00000010

# bad-xar-magic.o: macho-x86_64.o with __LLVM,__bitcode renamed __LLVM,__bundle
# (sectname is 16 NUL-padded bytes): a bundle section holding a bitcode
# wrapper instead of a xar archive.
cp macho-x86_64.o bad-xar-magic.o
patch bad-xar-magic.o "$hits" 5f5f62756e646c650000

# bad-fat-off.o: second fat_arch's offset (8 + 20 + 8, 4 bytes BE) = 0x10000000.
cp universal.o bad-fat-off.o
patch bad-fat-off.o 36 10000000
# bad-fat-count.o: nfat_arch = 20 (< 43, so not a Java class file) with 2 real
# entries; entries 3..20 read as zero bytes (cputype 0, offset 0, size 0).
cp universal.o bad-fat-count.o
patch bad-fat-count.o 4 00000014

# bad-coff-secoff.obj: .llvmbc PointerToRawData (header +20) = 0x10000000.
# Section table: 20-byte file header + SizeOfOptionalHeader (0 for objects).
cp coff-x86_64.obj bad-coff-secoff.obj
num=$(section_index coff-x86_64.obj .llvmbc)
patch bad-coff-secoff.obj $((20 + (num - 1) * 40 + 20)) 00000010

# bad-wasm-size.o: wasm32.o with the .llvmbc section's size (a 5-byte LEB128
# after the id byte, as LLVM pads it) = 2^32-1.
cp wasm32.o bad-wasm-size.o
hits=$(grep -obUaP '\x00[\x80-\xff]{4}[\x00-\x0f]\x07\.llvmbc' wasm32.o | cut -d: -f1)
[[ $(wc -w <<<"$hits") == 1 ]] || { echo "gen.sh: .llvmbc header not found once" >&2; exit 1; }
patch bad-wasm-size.o $((hits + 1)) ffffffff0f
# bad-wasm-trunc.o: wasm32.o cut inside .llvmbc.
head -c 1000 wasm32.o >bad-wasm-trunc.o

# --- goldens ---------------------------------------------------------------------------------
# Sections reported in sections.golden (only when the name is unique in its object).
# shellcheck disable=SC2054 # the commas are part of the Mach-O names
WANT=(.llvmbc .llvmcmd .llvm.lto __LLVM,__bitcode __LLVM,__cmdline __LLVM,__bundle
	.llvm_addrsig .llvm.call-graph-profile .deplibs .linker-options .llvm.offloading
	.llvm_bb_addr_map .llvm_sympart __LLVM,__cg_profile __DATA,__llvm_addrsig)

# section_names FILE: one section name per line; Mach-O as SEGMENT,SECTION.
section_names() {
	"$LLVM_READOBJ" --sections "$1" | awk '
		/^  Section \{/ { name = ""; seg = "" }
		/^    Name: / { name = $2 }
		/^    Segment: / { seg = $2 }
		/^  \}/ { if (name != "") print (seg != "" ? seg "," name : name) }'
}

newtmp() { mktemp -d "$TMP/g.XXXXXX"; }

# walk CPATH FILE: append golden lines for the container FILE named CPATH.
walk() {
	local cpath="$1" file="$2" magic d
	magic=$(head -c 8 "$file" | od -An -tx1 | tr -d ' \n')
	case "$magic" in
	213c617263683e0a | 213c7468696e3e0a) # !<arch>\n, !<thin>\n
		local thin=0 names name i k count
		[[ $magic == 213c7468696e3e0a ]] && thin=1
		mapfile -t names < <("$LLVM_AR" t "$file")
		declare -A seen=()
		for name in "${names[@]}"; do
			seen[$name]=$((${seen[$name]:-0} + 1))
			k=${seen[$name]}
			count=0
			for i in "${names[@]}"; do [[ $i == "$name" ]] && count=$((count + 1)); done
			# A thin archive stores member paths relative to its own
			# directory; llvm-ar t prints them relative to the current one.
			local label="$name"
			((thin)) && [[ $(dirname "$file") != . ]] && label=${name#"$(dirname "$file")"/}
			((count > 1)) && label="$label@$k"
			if ((thin)); then
				walk "$cpath($label)" "$name"
			else
				d=$(newtmp)
				"$LLVM_AR" --output="$d" xN "$k" "$file" "$name"
				walk "$cpath($label)" "$d/$(basename "$name")"
			fi
		done
		;;
	cafebabe*)
		local arch
		for arch in $("$LLVM_LIPO" -archs "$file"); do
			d=$(newtmp)
			"$LLVM_LIPO" "$file" -thin "$arch" -output "$d/slice"
			walk "${cpath}[$arch]" "$d/slice"
		done
		;;
	4243c0de*) ;; # raw bitcode member: no sections
	*)
		local all s
		all=$(section_names "$file")
		for s in "${WANT[@]}"; do
			[[ $(grep -cxF -- "$s" <<<"$all") == 1 ]] || continue
			d=$(newtmp)
			"$LLVM_OBJCOPY" --dump-section "$s=$d/sec" "$file" "$d/out"
			echo "$cpath:$s $(stat -c %s "$d/sec") $(sha256sum <"$d/sec" | cut -d' ' -f1)" >>"$TMP/sections"
		done
		;;
	esac
}

GOOD=(elf-x86_64.o elf-aarch64.o elf-i686.o elf-ppc64be.o elf-mips32be.o elf-marker.o elf-ext.o
	fatlto-full.o fatlto-thin.o prog libshared.so "${COMPRESSED[@]}"
	macho-x86_64.o macho-arm64.o macho-marker.o universal.o libuniversal.a
	coff-x86_64.obj coff-i386.obj coff-arm64.obj pe-x86_64.exe pe-x86_64.dll
	lib-gnu.a lib-bsd.a thin/lib-thin.a
	app bundle-gzip.o bundle-marker.o wasm32.o wasm64.o wasm-marker.o lib-wasm.a)
: >"$TMP/sections"
for f in "${GOOD[@]}"; do walk "$f" "$f"; done
sort "$TMP/sections" >sections.golden

# decompressed.golden: each compressed section of sections.golden as
# llvm-objcopy-22 leaves it decompressed (--compress-sections NAME=none):
# what its payloads' bytes must be, put back together.
# compressed_names FILE: the names of FILE's sections flagged SHF_COMPRESSED.
compressed_names() {
	"$LLVM_READOBJ" --sections "$1" | awk '
		/^  Section \{/ { name = "" }
		/^    Name: / { name = $2 }
		/SHF_COMPRESSED/ { print name }'
}
for f in "${COMPRESSED[@]}"; do
	mapfile -t secs < <(compressed_names "$f")
	((${#secs[@]} > 0)) || { echo "gen.sh: $f: no compressed section" >&2; exit 1; }
	for s in "${secs[@]}"; do
		grep -qF "$f:$s " sections.golden || continue
		d=$(newtmp)
		"$LLVM_OBJCOPY" --compress-sections "$s=none" "$f" "$d/plain"
		"$LLVM_OBJCOPY" --dump-section "$s=$d/sec" "$d/plain" "$d/out"
		echo "$f:$s $(stat -c %s "$d/sec") $(sha256sum <"$d/sec" | cut -d' ' -f1)"
	done
done | sort >decompressed.golden

# members.golden: "llvm-ar t" (run from testdata/containers) prefixed by the
# archive's container path, in archive order; universal slices as ARCHIVE[arch].
{
	for f in lib-gnu.a lib-bsd.a lib-wasm.a; do
		"$LLVM_AR" t "$f" | sed "s|^|$f |"
	done
	# Thin members as stored: relative to the archive's directory.
	"$LLVM_AR" t thin/lib-thin.a | sed "s|^thin/||; s|^|thin/lib-thin.a |"
	for arch in $("$LLVM_LIPO" -archs libuniversal.a); do
		"$LLVM_LIPO" libuniversal.a -thin "$arch" -output "$TMP/slice.a"
		"$LLVM_AR" t "$TMP/slice.a" | sed "s|^|libuniversal.a[$arch] |"
	done
} >members.golden

# --- sanity checks ---------------------------------------------------------------------------
fail=0
complain() { echo "gen.sh: $*" >&2; fail=1; }
for f in "${GOOD[@]}" evil.a bad-*; do [[ -s $f ]] || complain "$f missing"; done
if grep -rlaE -e "$TD" -e "$TMP" -e '/work/' -e '/tmp/' -e "${HOME:-/root}/" --exclude=gen.sh --exclude=README.md . >"$TMP/leaks"; then
	complain "absolute paths in: $(tr '\n' ' ' <"$TMP/leaks")"
fi
want_members=$'../../escape.o\n/etc/abs.o\n..\na/../../b.o\nsame.o\nsame.o'
[[ $("$LLVM_AR" t evil.a) == "$want_members" ]] || complain "evil.a members: $("$LLVM_AR" t evil.a)"
for f in bad-ar-*.a; do
	if "$LLVM_AR" t "$f" >/dev/null 2>&1; then complain "$f: llvm-ar accepts it"; fi
done
for f in bad-elf-*.o bad-macho-secoff.o bad-coff-secoff.obj bad-wasm-*.o; do
	if "$LLVM_OBJCOPY" --dump-section "$([[ $f == bad-macho* ]] && echo __LLVM,__bitcode || echo .llvmbc)=$TMP/x" "$f" "$TMP/y" >/dev/null 2>&1; then
		complain "$f: llvm-objcopy accepts it"
	fi
done
for f in bad-fat-*.o; do
	if "$LLVM_LIPO" -info "$f" >/dev/null 2>&1; then complain "$f: llvm-lipo accepts it"; fi
done
# Decompressed, each compressed section is its original's section.
while read -r cpath size sum; do
	f=${cpath%%:*}
	orig=${f%-z*}
	[[ $f == *.o ]] && orig=$orig.o
	grep -qxF "$orig:${cpath#*:} $size $sum" sections.golden || complain "$cpath: decompressed, it is not $orig's"
done <decompressed.golden
total=$(du -cb --apparent-size -- * | tail -1 | cut -f1)
((total < 1000000)) || complain "fixtures too large: $total bytes"
[[ $fail -eq 0 ]]
echo "gen.sh: $(wc -l <sections.golden) golden sections ($(wc -l <decompressed.golden) compressed), $(wc -l <members.golden) members, $(wc -l <bundles.golden) bundle members, $total bytes in testdata/containers/"
