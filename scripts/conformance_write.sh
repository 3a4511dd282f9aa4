#!/usr/bin/env bash
# conformance_write.sh - the bitcode writer (package ir/bcwrite) against
# LLVM 22's: every module it writes must be byte for byte what
# `opt-22 FILE -o OUT` writes for the same file.
#
# Usage: scripts/conformance_write.sh [--no-rust] [--dir DIR]... [--keep]
#
#   --no-rust   leave out the Rust toolchain's modules.
#   --dir DIR   also every .bc file under DIR (repeatable), e.g. a
#               directory of package bitcode (BCX_CORPUS of
#               conformance_dis.sh).
#   --keep      keep the scratch directory.
#
# Inputs: every .bc file under testdata/ (bare or in the Darwin wrapper,
# one module each), and every bitcode module of the installed Rust
# toolchain's rlibs, extracted with `bcextract extract --kind bitcode`.
#
# The comparison is ir/bcwrite's TestWriteDirs (BCX_WRITE_DIRS): each file
# that reads cleanly is read with ir/bitcode and written with ir/bcwrite;
# what the writer does not write yet is refused with a reason (counted and
# listed, most frequent first), and everything it writes must equal opt-22's
# output. A module without a data layout, to which opt-22 gives its
# target's (a writer writes the module as it is), is written with the data
# layout opt-22 gave it, and compared as the others (counted apart).
# A combined summary index (a thin link's .thinlto.bc: no module, which
# opt-22 FILE -o OUT drops) is written with bcwrite.WriteIndex and
# compared with the input itself: byte for byte when LLVM 22 wrote it, as
# llvm-dis-22 prints it when an older LLVM did (counted with the modules
# of older producers).
# A second pass strips each module's debug info (ir.StripDebugInfo, as
# `convert --strip-debug`) and compares it with `opt-22 --strip-debug`'s.
# Exit status: 0 when every written module is identical, 1 otherwise.
set -euo pipefail
RUST=1
KEEP=0
DIRS=()
while [[ $# -gt 0 ]]; do
	case "$1" in
	--no-rust) RUST=0; shift ;;
	--dir) DIRS+=("$(realpath "${2:?}")"); shift 2 ;;
	--keep) KEEP=1; shift ;;
	-h | --help) sed -n '2,/^set -e/{/^set -e/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) echo "conformance_write.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"
export PATH="$PATH:/usr/local/go/bin:$HOME/.cargo/bin"
if ! command -v opt-22 >/dev/null 2>&1; then
	echo "SKIPPED: conformance_write: opt-22 not found - the writer NOT compared with LLVM's"
	exit 0
fi
WORK=$(mktemp -d)
cleanup() { if [[ $KEEP -eq 0 ]]; then rm -rf "$WORK"; else echo "kept $WORK"; fi; }
trap cleanup EXIT

list="$REPO/testdata"
if [[ $RUST -eq 1 ]]; then
	if command -v rustc >/dev/null 2>&1; then
		shopt -s nullglob
		rlibs=("$(rustc --print sysroot)"/lib/rustlib/*/lib/*.rlib)
		shopt -u nullglob
		if [[ ${#rlibs[@]} -gt 0 ]]; then
			go build -o "$WORK/bcextract" ./cmd/bcextract
			"$WORK/bcextract" extract --kind bitcode -d "$WORK/rust" "${rlibs[@]}" >/dev/null
			list="$list:$WORK/rust"
		else
			echo "SKIPPED: no .rlib under $(rustc --print sysroot) - Rust modules NOT written"
		fi
	else
		echo "SKIPPED: rustc not found - Rust modules NOT written"
	fi
fi
for d in "${DIRS[@]}"; do
	list="$list:$d"
done

start=$SECONDS
rc=0
for pass in plain strip; do
	log="$WORK/write-$pass.log"
	strip=""
	[[ $pass == strip ]] && strip=1
	prc=0
	BCX_WRITE_DIRS="$list" BCX_WRITE_STRIP="$strip" go test ./ir/bcwrite -run '^TestWriteDirs$' -count=1 -v -timeout 60m >"$log" 2>&1 || prc=$?
	grep -E 'differs|failed|Write:|panic|rejects|otherwise|another summary' "$log" | grep -v 'written byte for byte' | head -40 || true
	grep -E 'not written:|set apart:' "$log" | sed 's/^ *write_test.go:[0-9]*: /  /' || true
	summary=$(grep -E 'written byte for byte' "$log" | sed 's/^ *write_test.go:[0-9]*: //' || true)
	echo "writer vs opt-22 ($pass): ${summary:-no summary (see below)} ($((SECONDS - start))s)"
	if [[ $prc -ne 0 ]]; then
		[[ -n $summary ]] || tail -30 "$log"
		rc=1
	fi
done
if [[ $rc -ne 0 ]]; then
	echo "FAIL: conformance_write"
	exit 1
fi
