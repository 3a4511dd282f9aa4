#!/usr/bin/env bash
# Regenerates every fixture in testdata/bc/ and every golden in testdata/golden/.
#
# Usage: testdata/gen.sh            (from any directory; no arguments)
#
# Tools (override through the environment if they live elsewhere):
#   CLANG=clang-22  LLVM_CAT=llvm-cat-22  BCANALYZER=llvm-bcanalyzer-22
#   LLVM14_AS=/usr/bin/llvm-as (must be LLVM 14)  GO=go (falls back to /usr/local/go/bin/go)
#
# Goldens are produced by running llvm-bcanalyzer FROM testdata/ with the
# relative path bc/<file>, because the summary prints the path as given.
# For every fixture and variant V: golden/<file>.<V> holds stdout (also on
# failure); golden/<file>.<V>.exit holds the exit code only when it is not 0;
# golden/<file>.<V>.stderr holds stderr only when it is not empty.
set -euo pipefail

TD="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$TD/.." && pwd)"

CLANG="${CLANG:-clang-22}"
LLVM_CAT="${LLVM_CAT:-llvm-cat-22}"
BCANALYZER="${BCANALYZER:-llvm-bcanalyzer-22}"
LLVM14_AS="${LLVM14_AS:-/usr/bin/llvm-as}"
if [[ -z "${GO:-}" ]]; then
	if command -v go >/dev/null 2>&1; then GO=go; else GO=/usr/local/go/bin/go; fi
fi

"$LLVM14_AS" --version | grep -q 'LLVM version 14\.' ||
	{ echo "gen.sh: $LLVM14_AS is not LLVM 14's llvm-as" >&2; exit 1; }

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

cd "$TD"
mkdir -p bc golden
rm -f bc/* golden/*

# Deterministic, location-independent inputs: relative source paths, no
# absolute compilation directory in debug info.
CFLAGS=(-ffreestanding)

# --- clang / LLVM produced fixtures -------------------------------------------
"$CLANG" "${CFLAGS[@]}" -O1 -c -emit-llvm src/prog.c -o bc/plain.bc
"$CLANG" "${CFLAGS[@]}" -O1 -g -fdebug-compilation-dir=. -c -emit-llvm src/prog.c -o bc/debug.bc
"$CLANG" "${CFLAGS[@]}" -O1 -flto=thin -c src/prog.c -o bc/thinlto.bc
"$CLANG" "${CFLAGS[@]}" -O1 --target=x86_64-apple-macos11 -c -emit-llvm src/prog.c -o bc/darwin.bc
"$CLANG" "${CFLAGS[@]}" -O1 --target=arm64-apple-macos11 -c -emit-llvm src/prog.c -o bc/darwin-arm64.bc
"$LLVM_CAT" -b bc/plain.bc bc/debug.bc -o bc/multi.bc
"$LLVM14_AS" src/llvm14.ll -o bc/llvm14.bc

# Serialized diagnostics: clang fails (there is an error), which is expected.
rc=0
"$CLANG" -fsyntax-only -Wall --serialize-diagnostics bc/diag.dia src/diag.c 2>/dev/null || rc=$?
[[ $rc -eq 1 && -s bc/diag.dia ]] || { echo "gen.sh: diag.dia: clang exited $rc" >&2; exit 1; }

# Bitstream remarks: with an ELF target clang writes <output>.opt.bitstream
# next to the object (and warns that ELF has no remarks section).
"$CLANG" -O2 -c -Wno-source-mgr -fsave-optimization-record=bitstream src/remarks.c -o "$TMP/remarks.o"
cp "$TMP/remarks.opt.bitstream" bc/remarks.opt.bitstream

# PCH of a tiny header. The host (x86_64) target makes a ~180-240 KB PCH
# (mostly the identifier table of x86 builtins); msp430 has few builtins and
# gives ~64 KB. No timestamps; the absolute path of src/tiny.h is embedded.
"$CLANG" --target=msp430-unknown-elf -x c-header -undef -nostdinc -ffreestanding \
	-Xclang -fno-pch-timestamp src/tiny.h -o bc/tiny.pch

# --- hand-built streams --------------------------------------------------------
(cd "$ROOT" && "$GO" run ./testdata/mkstream -o testdata/bc)

# --- goldens -------------------------------------------------------------------
variants=(
	"dump|-dump"
	"stats|"
	"dump-nonsym|-dump -non-symbolic"
	"dump-blobs|-dump -show-binary-blobs"
	"dump-blockinfo|-dump -dump-blockinfo"
	"dump-nohist|-dump -disable-histogram"
	"stats-nohist|-disable-histogram"
)
for path in bc/*; do
	f="${path#bc/}"
	for v in "${variants[@]}"; do
		name="${v%%|*}"
		read -r -a flags <<<"${v#*|}"
		rc=0
		"$BCANALYZER" "${flags[@]}" "bc/$f" >"golden/$f.$name" 2>"$TMP/stderr" || rc=$?
		if [[ $rc -ne 0 ]]; then echo "$rc" >"golden/$f.$name.exit"; fi
		if [[ -s "$TMP/stderr" ]]; then cp "$TMP/stderr" "golden/$f.$name.stderr"; fi
	done
done

# --- sanity checks -------------------------------------------------------------
# Every valid fixture must exit 0 with empty stderr in every variant. Every
# bad-* fixture must exit 1 with exactly the message below. The
# bad-mdstrings-* ones only fail when dumping: llvm-bcanalyzer decodes the
# METADATA_STRINGS blob only with -dump, so their stats variants exit 0.
declare -A expect=(
	[bad-abbrev-array-array.bc]="Array element type can't be an Array or a Blob"
	[bad-abbrev-array-blob.bc]="Array element type can't be an Array or a Blob"
	[bad-abbrev-array-literal.bc]="Array element type has to be an encoding of a type"
	[bad-abbrev-array-pos.bc]="Array op not second to last"
	[bad-abbrev-code-array.bc]="Abbreviation starts with an Array or a Blob"
	[bad-abbrev-code-blob.bc]="Abbreviation starts with an Array or a Blob"
	[bad-abbrev-enc0.bc]="Invalid encoding"
	[bad-abbrev-enc6.bc]="Invalid encoding"
	[bad-abbrev-enc7.bc]="Invalid encoding"
	[bad-abbrev-fixed33.bc]="Fixed or VBR abbrev record with size > MaxChunkData"
	[bad-abbrev-vbr33.bc]="Fixed or VBR abbrev record with size > MaxChunkData"
	[bad-abbrev-noops.bc]="Abbrev record with no operands"
	[bad-array-count.bc]="Size is not plausible"
	[bad-unabbrev-numops.bc]="Size is not plausible"
	[bad-blob-overrun.bc]="Blob ends too soon"
	[bad-blockinfo-nosetbid.bc]="Malformed BlockInfoBlock"
	[bad-blockinfo-name-nosetbid.bc]="Malformed BlockInfoBlock"
	[bad-blocklen.bc]="can't skip to bit 32416 from 416"
	[bad-codewidth0.bc]="can't enter sub-block: current code size is 0"
	[bad-codewidth33.bc]="can't read more than 32 at a time, trying to read 33"
	[bad-enter-at-eof.bc]="can't enter sub block: already at end of stream"
	[bad-empty.bc]="Unexpected end of file reading 0 of 0 bytes"
	[bad-not-mult4.bc]="Bitcode stream should be a multiple of 4 bytes in length"
	[bad-toplevel-endblock.bc]="Invalid record at top-level"
	[bad-toplevel-record.bc]="Invalid record at top-level"
	[bad-trunc-block.bc]="Premature end of bitstream"
	[bad-trunc-record.bc]="Unexpected end of file reading 88 of 88 bytes"
	[bad-undef-abbrev.bc]="Invalid abbrev number"
	[bad-vbr32-unterminated.bc]="Unterminated VBR"
	[bad-vbr64-unterminated.bc]="Unterminated VBR"
	[bad-wrapper-past-end.bc]="Invalid bitcode wrapper header"
	[bad-wrapper-short.bc]="Invalid bitcode wrapper header"
	[bad-mdstrings-badlen.bc]="bad length"
	[bad-mdstrings-zero-count.bc]="bad length"
	[bad-mdstrings-lenread.bc]="Unexpected end of file reading 4 of 4 bytes"
	[bad-mdstrings-trunc-chars.bc]="truncated chars"
	[bad-mdstrings-empty-blob.bc]="Cannot decode empty blob."
	[bad-mdstrings-ops.bc]="Decoding metadata strings blob needs two record entries."
)
fail=0
complain() { echo "gen.sh: $*" >&2; fail=1; }
for path in bc/*; do
	f="${path#bc/}"
	if [[ "$f" == bad-* && -z "${expect[$f]:-}" ]]; then complain "$f: no expected message"; fi
	for v in "${variants[@]}"; do
		name="${v%%|*}"
		g="golden/$f.$name"
		got_rc="$(cat "$g.exit" 2>/dev/null || echo 0)"
		got_err="$(cat "$g.stderr" 2>/dev/null || true)"
		if [[ "$f" != bad-* || ("$f" == bad-mdstrings-* && "$name" == stats*) ]]; then
			[[ "$got_rc" == 0 && -z "$got_err" ]] || complain "$f ($name): exit $got_rc: $got_err"
		else
			[[ "$got_rc" == 1 ]] || complain "$f ($name): exit $got_rc, want 1"
			[[ "$got_err" == "llvm-bcanalyzer: ${expect[$f]}" ]] ||
				complain "$f ($name): stderr '$got_err', want '${expect[$f]}'"
		fi
	done
done
for f in "${!expect[@]}"; do [[ -e "bc/$f" ]] || complain "bc/$f missing"; done
[[ $fail -eq 0 ]]
echo "gen.sh: $(ls bc | wc -l) fixtures, $(ls golden | wc -l) golden files, $(du -sb --apparent-size "$TD" | cut -f1) bytes in testdata/"
