#!/usr/bin/env bash
# conformance_bbmap.sh - compare the instruction boundaries of `bcextract bbmap
# --disasm` with llvm-objdump-22 -d, basic block by basic block.
#
# Usage:
#   scripts/conformance_bbmap.sh [--bcextract PATH] [--keep] [FILE...]
#   scripts/conformance_bbmap.sh [--bcextract PATH] --objdump-blocks FILE
#
#   --bcextract PATH   use a prebuilt bcextract instead of building
#                      ./cmd/bcextract with `go build` into a temp dir.
#   --keep             keep the scratch directory (the outputs of failures).
#   --objdump-blocks   print llvm-objdump's view of FILE's blocks (the line
#                      format below) and exit; testdata/bbmap/gen.sh writes
#                      the goldens with it.
#   FILE...            compare these ELF files instead of the fixtures: every
#                      bbmap-* and cxx* of testdata/sections that has a BB
#                      address map, and the linked bbmap-* (executables,
#                      bbmap-x86_64.so) of testdata/bbmap.
#
# For each FILE, the blocks of its BB address maps come from `bcextract bbmap
# --json` (function, range, block ID, section index, address, size). Two views
# of each block are then printed as one line,
#
#   FUNCTION RANGE ID SECTION START END: INSTRUCTION-STARTS... -> LAST-END
#
# (addresses in hex; SECTION is the section index; LAST-END is where the last
# instruction that starts inside the block ends): one from the instructions
# llvm-objdump-22 -d -z prints for that section (the byte count of each
# instruction is the number of hex digits of its encoding, halved), one from
# `bcextract bbmap --disasm --json`. A FILE passes when the two views are
# identical and every block's LAST-END is its END in llvm-objdump's view, i.e.
# both tools decode the same instructions and each block ends on an
# instruction boundary.
#
# Then the names of branch targets: every instruction bcextract prints with a
# target named "0xADDR <NAME>" must have the same "<NAME>" in llvm-objdump-22
# -d's line at that address, and every instruction of a block whose operand
# llvm-objdump names that way must be named by bcextract too (memory operand
# comments, "# 0x... <...>", are not compared); once as they are, once with
# -C on both sides. Only for x86 and AArch64 files: bcextract names no
# targets on the other architectures.
#
# If llvm-objdump-22 is missing the script prints a line starting with
# "SKIPPED:" and exits 0. On a difference it prints the file and the first
# lines of the diff. The last line is always
#   conformance-bbmap: N passed, M failed
# and the exit status is non-zero if M > 0. Needs jq.

set -euo pipefail

OBJDUMP=${LLVM_OBJDUMP:-llvm-objdump-22}
READOBJ=${LLVM_READOBJ:-llvm-readobj-22}
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BCEXTRACT=""
KEEP=0
MODE=compare
FILES=()
while (($#)); do
	case "$1" in
	--bcextract) BCEXTRACT="$2"; shift 2 ;;
	--keep) KEEP=1; shift ;;
	--objdump-blocks) MODE=objdump; FILES=("$2"); shift 2 ;;
	-h | --help) sed -n '2,/^$/p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
	-*) echo "conformance_bbmap.sh: unknown option $1" >&2; exit 2 ;;
	*) FILES+=("$1"); shift ;;
	esac
done

export LC_ALL=C
for tool in "$OBJDUMP" "$READOBJ" jq; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		[[ $MODE == objdump ]] && { echo "conformance_bbmap.sh: $tool not found" >&2; exit 1; }
		echo "SKIPPED: $tool not found"
		echo "conformance-bbmap: 0 passed, 0 failed"
		exit 0
	fi
done

TMP="$(mktemp -d)"
if ((KEEP)); then echo "scratch directory: $TMP" >&2; else trap 'rm -rf "$TMP"' EXIT; fi
if [[ -z $BCEXTRACT ]]; then
	(cd "$ROOT" && go build -o "$TMP/bcextract" ./cmd/bcextract)
	BCEXTRACT="$TMP/bcextract"
fi

if ((${#FILES[@]} == 0)); then
	for f in x86_64 x86_64.o aarch64.o i686.o pgo.o sections.o crel.o clang19.o llvm14.o; do
		FILES+=("$ROOT/testdata/sections/bbmap-$f")
	done
	FILES+=("$ROOT/testdata/sections/cxx.o" "$ROOT/testdata/sections/cxx-plt" "$ROOT/testdata/sections/cxx-plt-aarch64" "$ROOT/testdata/sections/cxx-plt-i686")
	for f in "$ROOT"/testdata/bbmap/bbmap-*; do
		[[ $f == *.so || $f != *.* ]] && FILES+=("$f")
	done
fi

# blocks FILE: "FUNCTION RANGE ID SECTION START SIZE" per block, in decimal.
blocks() {
	"$BCEXTRACT" bbmap --json "$1" | jq -r '
		.functions[] | (.name // "<?>") as $n | .ranges | to_entries[] | .key as $r
		| .value.section_index as $s | .value.blocks[]
		| "\($n) \($r) \(.id) \($s // -1) \(.address) \(.size)"'
}

# code_sections FILE: the indexes of FILE's executable sections with contents,
# in section index order, from llvm-readobj.
code_sections() {
	"$READOBJ" --sections "$1" | awk '
		/^  Section \{/ { i = ""; t = ""; s = ""; x = 0 }
		$1 == "Index:" { i = $2 }
		$1 == "Type:" { t = $2 }
		$1 == "Size:" { s = $2 }
		/SHF_EXECINSTR/ { x = 1 }
		/^  \}/ && x && t != "SHT_NOBITS" && s != "0" { printf "%s ", i }'
}

# objdump_insts FILE: "SECTION START LENGTH" per instruction llvm-objdump -d -z
# prints (START in hex). It walks the executable sections with contents in
# section index order (code_sections).
objdump_insts() {
	local idx
	idx=$(code_sections "$1")
	"$OBJDUMP" -d -z "$1" | awk -v idx="$idx" '
		BEGIN { n = split(idx, sec, " "); k = 0 }
		/^Disassembly of section / { k++; cur = (k <= n) ? sec[k] : -1; next }
		/^ *[0-9a-f]+: / {
			line = $0
			sub(/^ */, "", line)
			addr = substr(line, 1, index(line, ":") - 1)
			rest = substr(line, index(line, ":") + 2)
			t = index(rest, "\t")
			if (t > 0) rest = substr(rest, 1, t - 1)
			gsub(/ /, "", rest)
			if (rest !~ /^[0-9a-f]+$/) next
			print cur, addr, length(rest) / 2
		}'
}

# objdump_view FILE: llvm-objdump's view of every block (the line format above).
objdump_view() {
	local -A starts=() lens=()
	local sec a len
	while read -r sec a len; do
		starts[$sec]+="$((16#$a)) "
		lens[$sec]+="$len "
	done < <(objdump_insts "$1")
	local name r id s start size end line last i
	local -a st ln
	while read -r name r id s start size; do
		end=$((start + size))
		read -r -a st <<<"${starts[$s]:-}"
		read -r -a ln <<<"${lens[$s]:-}"
		line=$(printf '%s %s %s %s 0x%x 0x%x:' "$name" "$r" "$id" "$s" "$start" "$end")
		last=$start
		for i in "${!st[@]}"; do
			if ((st[i] >= start && st[i] < end)); then
				line+=$(printf ' 0x%x' "${st[i]}")
				last=$((st[i] + ln[i]))
			fi
		done
		printf '%s -> 0x%x\n' "$line" "$last"
	done < <(blocks "$1")
}

# target_of: the "<NAME>" after the branch target of an instruction's text
# (after its address, "0x201540 <__cxa_throw@plt>"), or "-"; x86 memory
# operand comments ("# 0x200340 <...>") do not count.
TARGET_AWK='
	function target_of(text,    i) {
		sub(/[ \t]#[ \t].*$/, "", text)
		if (match(text, /0x[0-9a-f]+ <.*>$/)) {
			text = substr(text, RSTART, RLENGTH)
			return substr(text, index(text, " <") + 1)
		}
		return "-"
	}'

# objdump_targets FILE FLAGS...: "SECTION ADDRESS <NAME>|-" per instruction
# llvm-objdump prints (ADDRESS in hex), section indexes as in objdump_insts.
objdump_targets() {
	local f="$1" idx
	shift
	idx=$(code_sections "$f")
	"$OBJDUMP" -d -z "$@" "$f" | awk -v idx="$idx" "$TARGET_AWK"'
		BEGIN { n = split(idx, sec, " "); k = 0 }
		/^Disassembly of section / { k++; cur = (k <= n) ? sec[k] : -1; next }
		/^ *[0-9a-f]+: / {
			line = $0
			sub(/^ */, "", line)
			addr = substr(line, 1, index(line, ":") - 1)
			print cur, addr, target_of(line)
		}'
}

# target_view FILE [-C]: for every instruction bcextract decodes in a block,
# "SECTION ADDRESS OURS | LLVM-OBJDUMP'S" (each "<NAME>" or "-").
target_view() {
	local f="$1"
	shift
	objdump_targets "$f" "$@" >"$TMP/targets.objdump"
	"$BCEXTRACT" bbmap --disasm --json "$@" "$f" | jq -r '
		.functions[].ranges[] | .section_index as $s | .blocks[].instructions[]?
		| "\($s // -1) \(.address) \(.text)"' |
		awk "$TARGET_AWK"'
			FNR == NR { t = $0; sub(/^[^ ]+ [^ ]+ /, "", t); theirs[$1 " " $2] = t; next }
			{
				text = $0; sub(/^[^ ]+ [^ ]+ /, "", text)
				key = $1 " " sprintf("%x", $2)
				print key, target_of(text), "|", (key in theirs) ? theirs[key] : "(no instruction)"
			}' "$TMP/targets.objdump" -
}

# our_view FILE: bcextract's view of every block.
our_view() {
	"$BCEXTRACT" bbmap --disasm --json "$1" | jq -r '
		.functions[] | (.name // "<?>") as $n | .ranges | to_entries[] | .key as $r
		| .value.section_index as $s | .value.blocks[]
		| "\($n) \($r) \(.id) \($s // -1) \(.address) \(.size) \(
			if (.instructions | length) > 0 then (.instructions[-1] | .address + .size) else .address end
		) \([.instructions[].address] | join(" "))"' |
		while read -r name r id s start size last rest; do
			line=$(printf '%s %s %s %s 0x%x 0x%x:' "$name" "$r" "$id" "$s" "$start" "$((start + size))")
			for a in $rest; do line+=$(printf ' 0x%x' "$a"); done
			printf '%s -> 0x%x\n' "$line" "$last"
		done
}

if [[ $MODE == objdump ]]; then
	objdump_view "${FILES[0]}"
	exit 0
fi

pass=0 fail=0
for f in "${FILES[@]}"; do
	b=$(basename "$f")
	if ! objdump_view "$f" >"$TMP/$b.objdump" 2>"$TMP/$b.err" || ! our_view "$f" >"$TMP/$b.ours" 2>>"$TMP/$b.err"; then
		echo "FAIL $f: a tool failed:"
		head -5 "$TMP/$b.err"
		fail=$((fail + 1))
		continue
	fi
	# Every block must end where an instruction ends, in llvm-objdump's view.
	bad_ends=$(awk '{ e = $6; sub(/:$/, "", e); if ($NF != e) print }' "$TMP/$b.objdump")
	if [[ ! -s $TMP/$b.objdump ]]; then
		echo "FAIL $f: no basic blocks"
		fail=$((fail + 1))
	elif ! diff -u "$TMP/$b.objdump" "$TMP/$b.ours" >"$TMP/$b.diff"; then
		echo "FAIL $f: instruction boundaries differ (--- llvm-objdump-22, +++ bcextract):"
		head -20 "$TMP/$b.diff"
		fail=$((fail + 1))
	elif [[ -n $bad_ends ]]; then
		echo "FAIL $f: blocks that do not end on an instruction boundary:"
		echo "$bad_ends" | head -5
		fail=$((fail + 1))
	elif [[ $("$BCEXTRACT" bbmap --json "$f" | jq -r .arch) =~ ^(x86_64|i386|aarch64)$ ]] &&
		{ ! target_view "$f" >"$TMP/$b.targets" || ! target_view "$f" -C >>"$TMP/$b.targets" ||
			grep -v '^[^ ]* [^ ]* \(.*\) | \1$' "$TMP/$b.targets" >"$TMP/$b.badtargets"; }; then
		echo "FAIL $f: branch target names differ (SECTION ADDRESS bcextract | llvm-objdump-22):"
		head -10 "$TMP/$b.badtargets"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
done
echo "conformance-bbmap: $pass passed, $fail failed"
((fail == 0))
