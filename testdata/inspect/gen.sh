#!/usr/bin/env bash
# Regenerates the fixtures of `bcextract inspect` in testdata/inspect/ and
# their goldens, from the sources in src/.
#
# Usage: testdata/inspect/gen.sh      (from any directory; no arguments)
#
# For every fixture F.bc it writes
#   F.bc.nm     llvm-nm-22 F.bc (what `bcextract inspect --symbols` must print)
#   F.bc.nmC    llvm-nm-22 -C F.bc (what `bcextract inspect --symbols -C` must print)
#   F.bc.facts  scripts/ir_facts.py llvm F.bc: producer, triple, data layout,
#               source file name, summary kind, llvm.ident and compile units
#               as llvm-dis-22 and llvm-bcanalyzer-22 state them
#
# Tools: CLANG=clang-22  LLVM_CAT=llvm-cat-22  LLVM_NM=llvm-nm-22
#        LLVM14_AS=/usr/bin/llvm-as (LLVM 14)  CLANG19=clang-19  RUSTC=rustc
set -euo pipefail

TD="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$TD/../.." && pwd)"
CLANG="${CLANG:-clang-22}"
LLVM_CAT="${LLVM_CAT:-llvm-cat-22}"
LLVM_NM="${LLVM_NM:-llvm-nm-22}"
LLVM14_AS="${LLVM14_AS:-/usr/bin/llvm-as}"
CLANG19="${CLANG19:-clang-19}"
RUSTC="${RUSTC:-$(command -v rustc || echo "$HOME/.cargo/bin/rustc")}"

"$LLVM14_AS" --version | grep -q 'LLVM version 14\.' ||
	{ echo "gen.sh: $LLVM14_AS is not LLVM 14's llvm-as" >&2; exit 1; }

cd "$TD"
rm -f ./*.bc ./*.bc.nm ./*.bc.facts

# Relative paths and no compilation directory: the fixtures do not depend on
# where the repository lives.
C=("$CLANG" -O1 -ffreestanding -fno-ident -fdebug-compilation-dir=. -c -emit-llvm)
# -fno-ident is dropped where the fixture is there to show llvm.ident.
"$CLANG" -O1 -ffreestanding -g -fdebug-compilation-dir=. -c -emit-llvm src/globals.c -o globals-x86_64.bc
"${C[@]}" --target=aarch64-linux-gnu src/globals.c -o globals-aarch64.bc
"${C[@]}" --target=i686-linux-gnu src/globals.c -o globals-i686.bc
"${C[@]}" --target=riscv64-linux-gnu src/globals.c -o globals-riscv64.bc
# Mach-O has neither aliases nor ifuncs; its bitcode is wrapped.
sed -e '/alias(/d' -e '/ifunc(/d' -e '/resolve(/d' -e '/impl(/d' -e 's/protected/default/' \
	-e 's/section(".mysec")/section("__DATA,__mysec")/' src/globals.c >src/globals-darwin.c
"${C[@]}" --target=x86_64-apple-macos11 src/globals-darwin.c -o globals-darwin.bc
rm src/globals-darwin.c
"${C[@]}" -x c++ src/cxx.cpp -o cxx.bc
"${C[@]}" src/asm.c -o asm.bc
"${C[@]}" --target=i686-windows-msvc src/win.c -o win32.bc
"${C[@]}" --target=x86_64-windows-msvc src/win.c -o win64.bc
"$CLANG" -O1 -ffreestanding -fdebug-compilation-dir=. -flto=thin -c src/globals.c -o thinlto.bc
"$CLANG" -O1 -ffreestanding -fdebug-compilation-dir=. -flto -c src/globals.c -o fulllto.bc
"$CLANG" -O1 -ffreestanding -fno-ident -fdebug-compilation-dir=. -x c++ -flto=thin -fsplit-lto-unit -fwhole-program-vtables \
	-c src/cxx.cpp -o split.bc
# llvm-cat -b writes modules without an IR symbol table: names are then
# mangled by bcextract itself.
"$LLVM_CAT" -b globals-x86_64.bc -o nosymtab.bc
"$LLVM_CAT" -b globals-darwin.bc -o nosymtab-darwin.bc
"$LLVM_CAT" -b globals-i686.bc cxx.bc -o nosymtab-multi.bc
"$LLVM14_AS" src/llvm14.ll -o llvm14.bc
"$CLANG19" -O1 -ffreestanding -g -fdebug-compilation-dir=. -flto=thin -c src/globals.c -o clang19.bc
"$RUSTC" --crate-type=lib --crate-name=fixture --emit=llvm-bc -C opt-level=1 -C debuginfo=1 \
	--remap-path-prefix="$TD=." src/lib.rs -o rust.bc
# Names to demangle: C++ at -O0 (nothing inlined away) and Rust v0.
"$CLANG" -O0 -ffreestanding -fno-ident -fdebug-compilation-dir=. -c -emit-llvm -x c++ src/names.cpp -o cxx-names.bc
"$RUSTC" --crate-type=lib --crate-name=fixture --emit=llvm-bc -C opt-level=1 -C symbol-mangling-version=v0 \
	--remap-path-prefix="$TD=." src/lib.rs -o rust-v0.bc

for f in *.bc; do
	"$LLVM_NM" "$f" >"$f.nm"
	"$LLVM_NM" -C "$f" >"$f.nmC"
	python3 "$ROOT/scripts/ir_facts.py" llvm "$f" >"$f.facts"
done
ls -l ./*.bc
