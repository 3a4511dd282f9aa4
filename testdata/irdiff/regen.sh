#!/usr/bin/env bash
# Regenerates the `bcextract diff` / funcs / callgraph fixtures in testdata/irdiff/
# from the C and C++ sources in testdata/irdiff/src/. See README.md for what each
# pair is and the result `bcextract diff OLD NEW` must give.
#
# Usage: testdata/irdiff/regen.sh      (from any directory; no arguments)
#
# Tools (override through the environment): CLANG=clang-22 LLVM_AR=llvm-ar-22
#
# Determinism: every compile runs inside a scratch directory on a RELATIVE
# source path, and the debug-info compilation directory is always given
# explicitly (-fdebug-compilation-dir=...), so neither the scratch directory nor
# the checkout location reaches the outputs. Archives are written in
# deterministic mode (D: zero timestamps, uids and gids, mode 644). Two runs give
# byte-identical files.
set -euo pipefail

CLANG="${CLANG:-clang-22}"
LLVM_AR="${LLVM_AR:-llvm-ar-22}"

DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SRC="$DIR/src"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# The target is pinned so the output does not depend on the host's default.
CC=("$CLANG" --target=x86_64-pc-linux-gnu)

OUTPUTS=(
	same-old.bc same-new.bc
	renamed-old.bc renamed-new.bc
	constant-old.bc constant-new.bc
	addrm-old.bc addrm-new.bc
	libold.a libnew.a libnew-changed.a
	cxx.bc m1.bc m2.bc
	asm-old.bc asm-new.bc
	nodebug.bc debug.bc
)
for f in "${OUTPUTS[@]}"; do rm -f "$DIR/$f"; done

# build SUBDIR SRCFILE NAME -- clang args...
# Copies SRCFILE to $TMP/SUBDIR/NAME and runs clang there (the remaining
# arguments, which name NAME relatively), so source_filename is NAME whatever the
# file was called in src/.
build() {
	local sub="$1" from="$2" name="$3"
	shift 4
	mkdir -p "$TMP/$sub"
	cp "$from" "$TMP/$sub/$name"
	(cd "$TMP/$sub" && "${CC[@]}" "$@")
}

# 1. same: one source, two directories, two output names, two compilation
#    directories. Only the debug info (DIFile/DICompileUnit directory) differs.
build same1 "$SRC/same.c" same.c -- -O1 -g -fdebug-compilation-dir=/build/one \
	-c -emit-llvm same.c -o first.bc
build same2 "$SRC/same.c" same.c -- -O1 -g -fdebug-compilation-dir=/build/two \
	-c -emit-llvm same.c -o second-output.bc
cp "$TMP/same1/first.bc" "$DIR/same-old.bc"
cp "$TMP/same2/second-output.bc" "$DIR/same-new.bc"

# 2. renamed-locals: locals and parameters renamed; -O0 keeps every alloca and
#    -fno-discard-value-names keeps their names in the IR (%count.addr, ...).
RENAMED=(-O0 -g -fdebug-compilation-dir=. -fno-discard-value-names -c -emit-llvm renamed.c -o out.bc)
build renamed-old "$SRC/renamed-locals/old.c" renamed.c -- "${RENAMED[@]}"
build renamed-new "$SRC/renamed-locals/new.c" renamed.c -- "${RENAMED[@]}"
cp "$TMP/renamed-old/out.bc" "$DIR/renamed-old.bc"
cp "$TMP/renamed-new/out.bc" "$DIR/renamed-new.bc"

# 3. one-constant: `x * 3` -> `x * 5` in scale().
CONSTANT=(-O1 -g -fdebug-compilation-dir=. -c -emit-llvm constant.c -o out.bc)
build constant-old "$SRC/one-constant/old.c" constant.c -- "${CONSTANT[@]}"
build constant-new "$SRC/one-constant/new.c" constant.c -- "${CONSTANT[@]}"
cp "$TMP/constant-old/out.bc" "$DIR/constant-old.bc"
cp "$TMP/constant-new/out.bc" "$DIR/constant-new.bc"

# 4. added-removed: f_old_only removed, f_new_only added.
ADDRM=(-O1 -g -fdebug-compilation-dir=. -c -emit-llvm addrm.c -o out.bc)
build addrm-old "$SRC/added-removed/old.c" addrm.c -- "${ADDRM[@]}"
build addrm-new "$SRC/added-removed/new.c" addrm.c -- "${ADDRM[@]}"
cp "$TMP/addrm-old/out.bc" "$DIR/addrm-old.bc"
cp "$TMP/addrm-new/out.bc" "$DIR/addrm-new.bc"

# 5. archives: ThinLTO bitcode objects (-flto=thin -c writes bitcode, with a
#    module summary) of a.c b.c c.c, archived as a.o b.o c.o (libold.a) and as
#    x1.o x2.o x3.o = c, a, b (libnew.a). libnew-changed.a is libnew.a with
#    b.c replaced by src/archives-changed/b.c (17 -> 19 in b_weight).
THIN=(-O1 -flto=thin -c)
for u in a b c; do
	build arch "$SRC/archives/$u.c" "$u.c" -- "${THIN[@]}" "$u.c" -o "$u.o"
done
build arch-changed "$SRC/archives-changed/b.c" b.c -- "${THIN[@]}" b.c -o b.o
(
	cd "$TMP/arch"
	"$LLVM_AR" --format=gnu rcsD libold.a a.o b.o c.o
	cp c.o x1.o
	cp a.o x2.o
	cp b.o x3.o
	"$LLVM_AR" --format=gnu rcsD libnew.a x1.o x2.o x3.o
	cp ../arch-changed/b.o x3.o
	"$LLVM_AR" --format=gnu rcsD libnew-changed.a x1.o x2.o x3.o
)
cp "$TMP/arch/libold.a" "$TMP/arch/libnew.a" "$TMP/arch/libnew-changed.a" "$DIR/"

# 6. cxx: constructors/destructors with C1/D1 aliases (and calls through them),
#    a virtual method, a template instantiated twice, an inline member
#    (linkonce_odr). -disable-llvm-passes keeps the frontend's -O1 IR as it is:
#    otherwise GlobalOpt rewrites the calls through the aliases to the aliasees
#    and the inliner removes the linkonce_odr functions.
build cxx "$SRC/cxx.cpp" cxx.cpp -- -O1 -Xclang -disable-llvm-passes -Xclang -mconstructor-aliases \
	-g -fdebug-compilation-dir=. -c -emit-llvm cxx.cpp -o cxx.bc
cp "$TMP/cxx/cxx.bc" "$DIR/cxx.bc"

# 7. callgraph: two modules at -O0 (nothing inlined), each with a static helper.
for m in m1 m2; do
	build cg "$SRC/$m.c" "$m.c" -- -O0 -g -fdebug-compilation-dir=. -c -emit-llvm "$m.c" -o "$m.bc"
	cp "$TMP/cg/$m.bc" "$DIR/$m.bc"
done

# 8. asm-comment: a comment line added near the top; the inline asm calls and the
#    call to a function with a warning attribute carry !srcloc (byte offsets into
#    the source), which all move, as do the debug locations.
ASM=(-O1 -g -fdebug-compilation-dir=. -c -emit-llvm asm.c -o out.bc)
build asm-old "$SRC/asm-comment/old.c" asm.c -- "${ASM[@]}"
build asm-new "$SRC/asm-comment/new.c" asm.c -- "${ASM[@]}"
cp "$TMP/asm-old/out.bc" "$DIR/asm-old.bc"
cp "$TMP/asm-new/out.bc" "$DIR/asm-new.bc"

# 9. debug: src/same.c at -O2 without and with -g. The loop's !llvm.loop node
#    lists two DILocations in the -g build only.
build nodebug "$SRC/same.c" same.c -- -O2 -c -emit-llvm same.c -o out.bc
build debug "$SRC/same.c" same.c -- -O2 -g -fdebug-compilation-dir=. -c -emit-llvm same.c -o out.bc
cp "$TMP/nodebug/out.bc" "$DIR/nodebug.bc"
cp "$TMP/debug/out.bc" "$DIR/debug.bc"
