# shellcheck shell=bash
# benchlib.sh - what the bench_*.sh scripts share. Source it after setting
# BCX (a prebuilt bcextract, or "" to build one) and REPO.

# need_tools NAME TOOL...: print "SKIPPED: NAME: TOOL not found" and exit 0
# when a tool is missing.
need_tools() {
	local name=$1 t
	shift
	for t in "$@"; do
		command -v "$t" >/dev/null 2>&1 || { echo "SKIPPED: $name: $t not found"; exit 0; }
	done
}

# bench_setup: make the scratch directory $WORK (removed on exit) and build
# bcextract into it unless BCX names one.
bench_setup() {
	WORK=$(mktemp -d)
	trap 'rm -rf "$WORK"' EXIT
	if [[ -z $BCX ]]; then
		(cd "$REPO" && CGO_ENABLED=0 go build -o "$WORK/bcextract" ./cmd/bcextract)
		BCX="$WORK/bcextract"
	fi
}

# measure LABEL CMD...: run CMD (stdout discarded) and append "seconds
# peak-KiB" to $WORK/times.LABEL; the wall time comes from a microsecond
# clock, the peak RSS from /usr/bin/time.
measure() {
	local label=$1 t0 t1
	shift
	t0=$EPOCHREALTIME
	/usr/bin/time -f '%M' -o "$WORK/m" "$@" >/dev/null
	t1=$EPOCHREALTIME
	echo "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }') $(cat "$WORK/m")" >>"$WORK/times.$label"
}

# median: the median of the numbers on stdin, one per line.
median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
