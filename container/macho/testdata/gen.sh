#!/usr/bin/env bash
# Regenerates the Mach-O fixtures of container/macho from prog.c.
#
# Usage: container/macho/testdata/gen.sh   (from any directory; no arguments)
#
# Tools (override through the environment): CLANG=clang-22 LIPO=llvm-lipo-22
# AR=llvm-ar-22 LD64=ld64.lld-22 DSYMUTIL=dsymutil-22 OBJDUMP=llvm-objdump-22
# READOBJ=llvm-readobj-22 OBJCOPY=llvm-objcopy-22
#
# Fixtures:
#   x86_64.o arm64.o i386.o arm64_32.o  -fembed-bitcode objects (LC_SEGMENT_64
#                        for the first two, LC_SEGMENT for the others)
#   universal.o          llvm-lipo of -fembed-bitcode=marker objects for x86_64
#                        and arm64, slices aligned to 8 bytes
#   universal-bitcode.o  llvm-lipo of x86_64.o and arm64.o: llvm-lipo opens
#                        its inputs with an LLVMContext, finds the embedded
#                        bitcode and writes THAT (wrapped bitcode) as the
#                        slices, not the Mach-O objects
#   universal64.a        llvm-lipo -fat64 of two Darwin ar archives holding
#                        x86_64.o and arm64.o (slices are ar archives)
#   dsym-arm64           the DWARF file of a dSYM (MH_DSYM) for an arm64 dylib
#                        linked from prog.c with -g
#   cgprofile-macho.o    x86_64 object of cgprofile.c built with the text
#                        sample profile cgprofile-sample.txt, so that -O1 writes
#                        __LLVM,__cg_profile; cgprofile-macho.o.readobj is
#                        what `llvm-readobj-22 --cg-profile cgprofile-macho.o`
#                        prints for it
# The tests copy the expected sections from `llvm-objdump-22 --macho -h` /
# `llvm-readobj-22 --sections` and the sha256 of
# `llvm-objcopy-22 --dump-section __LLVM,__bitcode=…`; gen.sh prints both.
set -euo pipefail

TD="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CLANG="${CLANG:-clang-22}"
LIPO="${LIPO:-llvm-lipo-22}"
AR="${AR:-llvm-ar-22}"
LD64="${LD64:-ld64.lld-22}"
DSYMUTIL="${DSYMUTIL:-dsymutil-22}"
OBJDUMP="${OBJDUMP:-llvm-objdump-22}"
READOBJ="${READOBJ:-llvm-readobj-22}"
OBJCOPY="${OBJCOPY:-llvm-objcopy-22}"

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
cd "$TD"

# Relative source path, compilation directory (debug and coverage) and no
# system include paths: as few absolute paths in the
# objects as clang allows (-resource-dir remains in __cmdline), so the output
# does not depend on where the tree lives.
CFLAGS=(-ffreestanding -nostdinc -O1 -ffile-compilation-dir=.)

obj() { # obj <target> <output> <extra flags…>
	local t="$1" out="$2"
	shift 2
	"$CLANG" --target="$t" "${CFLAGS[@]}" "$@" -c prog.c -o "$out"
}

obj x86_64-apple-macos11 x86_64.o -fembed-bitcode
obj arm64-apple-macos11 arm64.o -fembed-bitcode
obj i386-apple-macos10.13 i386.o -fembed-bitcode
obj arm64_32-apple-watchos5 arm64_32.o -fembed-bitcode

obj x86_64-apple-macos11 "$TMP/x86_64-marker.o" -fembed-bitcode=marker
obj arm64-apple-macos11 "$TMP/arm64-marker.o" -fembed-bitcode=marker
"$LIPO" -create "$TMP/x86_64-marker.o" "$TMP/arm64-marker.o" \
	-segalign x86_64 8 -segalign arm64 8 -output universal.o

"$LIPO" -create x86_64.o arm64.o -output universal-bitcode.o

cp x86_64.o arm64.o "$TMP/"
(cd "$TMP" && "$AR" --format=darwin rcD libx86_64.a x86_64.o && "$AR" --format=darwin rcD libarm64.a arm64.o)
"$LIPO" -create -fat64 "$TMP/libx86_64.a" "$TMP/libarm64.a" -output universal64.a

# Linked and dsymutil'ed inside $TMP with relative paths (-oso_prefix .), so
# that no temporary path ends up in the debug map.
obj arm64-apple-macos11 "$TMP/g.o" -g
(cd "$TMP" && "$LD64" -arch arm64 -platform_version macos 11.0 11.0 -dylib -undefined dynamic_lookup \
	-install_name libg.dylib -oso_prefix . g.o -o libg.dylib && "$DSYMUTIL" libg.dylib -o libg.dSYM)
cp "$TMP/libg.dSYM/Contents/Resources/DWARF/libg.dylib" dsym-arm64

# Call-graph profile: clang writes __LLVM,__cg_profile only from profile
# counts.
"$CLANG" --target=x86_64-apple-macos11 "${CFLAGS[@]}" -fprofile-sample-use=cgprofile-sample.txt \
	-c cgprofile.c -o cgprofile-macho.o
"$READOBJ" --cg-profile cgprofile-macho.o >cgprofile-macho.o.readobj

# Values for the tests' tables.
for f in x86_64.o arm64.o i386.o arm64_32.o; do
	echo "== $f"
	"$OBJDUMP" --macho -h "$f" | sed -n '/^Idx/,$p'
	"$READOBJ" --sections "$f" | grep -E '^    (Name|Segment|Size|Offset|Type):' | paste - - - - - | sed 's/ ([0-9A-F ]*)//g'
	"$OBJCOPY" --dump-section __LLVM,__bitcode="$TMP/bc" "$f" "$TMP/out"
	echo "__LLVM,__bitcode sha256 $(sha256sum <"$TMP/bc" | cut -d' ' -f1)"
	echo "symbols (llvm-readobj --symbols):"
	"$READOBJ" --symbols "$f" | grep -E '^    Name:'
done
echo "== cgprofile-macho.o symbols (llvm-readobj --symbols)"
"$READOBJ" --symbols cgprofile-macho.o | grep -E '^    Name:'
for f in universal.o universal-bitcode.o universal64.a; do
	echo "== $f"
	{ "$OBJDUMP" --macho --universal-headers "$f" 2>/dev/null || true; } | grep -E 'architecture|offset|size|align'
	"$LIPO" -archs "$f" 2>/dev/null || true
done
for a in x86_64 arm64; do
	echo "== universal.o [$a]: sectname size offset"
	"$OBJDUMP" --macho --private-headers --arch="$a" universal.o | grep -E '^ +(sectname|size|offset) ' | paste - - - | awk '{print $2, $4, $6}'
done
echo "== dsym-arm64"
"$READOBJ" --file-headers --sections dsym-arm64 | grep -E '^  (FileType)|^    (Name|Segment|Size|Offset|Type):' | sed 's/ ([0-9A-F ]*)//g'
