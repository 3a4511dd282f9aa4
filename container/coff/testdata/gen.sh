#!/usr/bin/env bash
# Regenerates the COFF and PE fixtures of container/coff from prog.c.
#
# Usage: container/coff/testdata/gen.sh   (from any directory; no arguments)
#
# Tools (override through the environment): CLANG=clang-22 LLD_LINK=lld-link-22
# OBJDUMP=llvm-objdump-22 READOBJ=llvm-readobj-22 OBJCOPY=llvm-objcopy-22
#
# Fixtures (all -fembed-bitcode, so each has .llvmbc and .llvmcmd):
#   x86_64.obj i686.obj aarch64.obj arm64ec.obj thumbv7.obj
#                  objects for the *-pc-windows-msvc targets
#   x86_64-gnu.dll a DLL linked by lld-link from an x86_64-w64-windows-gnu
#                  object built with -g: its .debug_* sections keep their long
#                  names through the image's string table
# The tests copy the expected sections from `llvm-readobj-22 --sections` and
# the sha256 of `llvm-objcopy-22 --dump-section .llvmbc=…`; gen.sh prints both.
set -euo pipefail

TD="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CLANG="${CLANG:-clang-22}"
LLD_LINK="${LLD_LINK:-lld-link-22}"
OBJDUMP="${OBJDUMP:-llvm-objdump-22}"
READOBJ="${READOBJ:-llvm-readobj-22}"
OBJCOPY="${OBJCOPY:-llvm-objcopy-22}"

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
cd "$TD"

# Relative source path, compilation directory (debug and coverage) and no
# system include paths, so the output does not depend on where the tree lives;
# TimeDateStamp 0 (-mno-incremental-linker-compatible; /Brepro for the DLL).
CFLAGS=(-ffreestanding -nostdinc -O1 -ffile-compilation-dir=. -mno-incremental-linker-compatible)

obj() { # obj <target> <source> <output> <extra flags…>
	local t="$1" src="$2" out="$3"
	shift 3
	"$CLANG" --target="$t" "${CFLAGS[@]}" "$@" -c "$src" -o "$out"
}

obj x86_64-pc-windows-msvc prog.c x86_64.obj -fembed-bitcode
obj i686-pc-windows-msvc prog.c i686.obj -fembed-bitcode
obj aarch64-pc-windows-msvc prog.c aarch64.obj -fembed-bitcode
obj arm64ec-pc-windows-msvc prog.c arm64ec.obj -fembed-bitcode
obj thumbv7-pc-windows-msvc prog.c thumbv7.obj -fembed-bitcode

obj x86_64-w64-windows-gnu prog.c "$TMP/gnu.obj" -fembed-bitcode -g
obj x86_64-w64-windows-gnu tls.c "$TMP/tls.obj"
"$LLD_LINK" /dll /noentry /nodefaultlib /machine:x64 /Brepro /debug:dwarf /noimplib \
	"$TMP/gnu.obj" "$TMP/tls.obj" /out:x86_64-gnu.dll

# Values for the tests' tables.
for f in x86_64.obj i686.obj aarch64.obj arm64ec.obj thumbv7.obj x86_64-gnu.dll; do
	echo "== $f"
	"$READOBJ" --file-headers "$f" | grep -E '^  (Machine|PointerToSymbolTable|SymbolCount|StringTableSize):'
	"$READOBJ" --sections "$f" | grep -E '^    (Number|Name|VirtualSize|RawDataSize|PointerToRawData):|^    Characteristics \[' |
		sed 's/ ([0-9A-F ]*)$//; s/Characteristics \[ (\(0x[0-9A-F]*\))/Characteristics: \1/' | paste - - - - - -
	"$OBJDUMP" -h "$f" | sed -n '/^Idx/,$p'
	"$OBJCOPY" --dump-section .llvmbc="$TMP/bc" "$f" "$TMP/out"
	echo ".llvmbc: $(wc -c <"$TMP/bc") bytes, sha256 $(sha256sum <"$TMP/bc" | cut -d' ' -f1)"
done
