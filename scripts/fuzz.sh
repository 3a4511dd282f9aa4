#!/usr/bin/env bash
# fuzz.sh - run every fuzz target of the module for a set time each and
# report, per target, the executions, the CPU time spent and the findings.
#
# usage: scripts/fuzz.sh [--time DUR] [--parallel N] [--only REGEX]
#                        [--skip REGEX] [--log FILE] [--list] [--summary]
#
#   --time DUR      fuzzing time per target, as go test's -fuzztime (default 3m)
#   --cpu SECONDS   instead of --time: run each target, in runs of at least
#                   20 s, until the log credits it (all runs added up) with
#                   that much CPU time; targets already there are passed over,
#                   so a campaign goes on where the last sitting stopped
#   --parallel N    fuzz workers per target (default 1: CPU time = wall time)
#   --only REGEX    run only the targets whose "pkg.Target" matches (grep -E)
#   --skip REGEX    leave out the targets whose "pkg.Target" matches
#   --log FILE      append one tab-separated line per run to FILE
#                   (default fuzz-log.tsv in the current directory)
#   --list          print the targets and exit
#   --summary       print the log's totals per target (all runs added up,
#                   e.g. a campaign run in several sittings) and exit
#
# The CPU time is the user + system time of the whole "go test -fuzz" process
# tree (its coordinator and workers), measured by the shell; it includes the
# instrumented build, which is therefore done first, outside the measure.
# The corpus the fuzzer grows is kept in go's cache ($(go env GOCACHE)/fuzz),
# so a later run goes on from where the last one stopped.
#
# A finding is a failing input: go test writes it to the package's
# testdata/fuzz/<Target>/ directory, which is where regression seeds are
# committed. The run's output is kept beside the log (FILE.d/pkg_Target.out).
# Exit status: 0 if no target found anything, 1 otherwise.
#
# Examples:
#   scripts/fuzz.sh --cpu 610 --log campaign.tsv    # the campaign, resumable
#   scripts/fuzz.sh --time 30s --only 'sections\.'  # a quick look
#   scripts/fuzz.sh --summary --log fuzz-log.tsv
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
export PATH="$PATH:/usr/local/go/bin"

fuzztime=3m cputarget=0 parallel=1 only="" skip="" log=fuzz-log.tsv mode=run
while (($#)); do
	case $1 in
	--time) fuzztime=$2; shift 2 ;;
	--cpu) cputarget=$2; shift 2 ;;
	--parallel) parallel=$2; shift 2 ;;
	--only) only=$2; shift 2 ;;
	--skip) skip=$2; shift 2 ;;
	--log) log=$2; shift 2 ;;
	--list) mode=list; shift ;;
	--summary) mode=summary; shift ;;
	-h | --help) sed -n '2,35p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "fuzz.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
	esac
done

summary() {
	[[ -s $log ]] || { echo "fuzz.sh: no log $log" >&2; exit 2; }
	awk -F'\t' '
		{ k = $2 "." $3; if (!(k in runs)) order[n++] = k
		  runs[k]++; fuzz[k] += $4; cpu[k] += $5; execs[k] += $6
		  if ($8 != "ok") found[k] = found[k] " " $9 }
		END {
			printf "%-44s %5s %10s %9s %14s  %s\n", "target", "runs", "fuzz-s", "cpu-min", "execs", "findings"
			for (i = 0; i < n; i++) { k = order[i]
				printf "%-44s %5d %10.0f %9.1f %14d  %s\n", k, runs[k], fuzz[k], cpu[k] / 60, execs[k], (k in found) ? found[k] : "none" }
		}' "$log"
}
if [[ $mode == summary ]]; then summary; exit 0; fi

# targets: "importpath Target" for every Fuzz function of every package.
mod=$(go list -m)
targets=()
while read -r pkg; do
	dir=$(go list -f '{{.Dir}}' "$pkg")
	while read -r t; do
		[[ -n $t ]] && targets+=("$pkg $t")
	done < <(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u)
done < <(go list ./...)

selected=()
for pt in "${targets[@]}"; do
	read -r pkg t <<<"$pt"
	name="${pkg#"$mod"/}.$t"
	[[ $pkg == "$mod" ]] && name=".$t"
	[[ -n $only ]] && ! grep -Eq -- "$only" <<<"$name" && continue
	[[ -n $skip ]] && grep -Eq -- "$skip" <<<"$name" && continue
	selected+=("$pkg $t $name")
done
if [[ $mode == list ]]; then
	for s in "${selected[@]}"; do echo "${s##* }"; done
	exit 0
fi

outdir="$log.d"
mkdir -p "$outdir"
# credited NAME: the CPU seconds the log credits target NAME ("pkg.Target")
# with.
credited() {
	[[ -f $log ]] || { echo 0; return; }
	awk -F'\t' -v k="$1" '$2 "." $3 == k { c += $5 } END { printf "%d", c }' "$log"
}

# queue: the targets still to run. With --cpu a target that ran without a
# finding comes back until the log credits it with enough.
status=0
queue=("${selected[@]}")
while ((${#queue[@]})); do
	s=${queue[0]}
	queue=("${queue[@]:1}")
	read -r pkg t name <<<"$s"
	if ((cputarget > 0)); then
		left=$((cputarget - $(credited "$name")))
		((left <= 0)) && continue
		# Each worker keeps a CPU busy (about 99% of the wall time on an idle
		# machine): 2% and 5 s more make one run enough; on a busy machine the
		# next run, of 20 s at least, makes up what this one fell short of.
		ft=$(((left * 102 / 100 + 5) / parallel))
		fuzztime="$((ft > 20 ? ft : 20))s"
	fi
	# The run's files are named after the package and the target: several
	# packages have a FuzzNewFile, and runs may go on side by side.
	out="$outdir/${name//\//_}"
	# Build the instrumented test binary (and run the seeds) outside the
	# measure.
	if ! go test -run '^$' -fuzz "^$t\$" -fuzztime 1x "$pkg" >"$out.build" 2>&1; then
		echo "$name: seed run failed, see $out.build"
	fi
	TIMEFORMAT='%U %S'
	t0=$EPOCHREALTIME
	{ time go test -run '^$' -fuzz "^$t\$" -fuzztime "$fuzztime" -fuzzminimizetime 3s \
		-parallel "$parallel" "$pkg" >"$out.out" 2>&1; } 2>"$out.time"
	rc=$?
	t1=$EPOCHREALTIME
	cpu=$(awk '{ printf "%.1f", $1 + $2 }' "$out.time")
	wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
	last=$(grep -ao 'execs: [0-9]*' "$out.out" | tail -1 | awk '{ print $2 }')
	newi=$(grep -ao 'new interesting: [0-9]*' "$out.out" | tail -1 | awk '{ print $3 }')
	if ((rc == 0)); then
		result=ok finding=-
		# With --cpu, check the target's credit again before the next one.
		((cputarget > 0)) && queue=("$s" "${queue[@]}")
	elif ! grep -q 'Failing input written' "$out.out" && grep -q 'context deadline exceeded' "$out.out"; then
		# go test may fail a run whose -fuzztime ends while the coordinator
		# is busy (minimizing, gathering coverage): no input failed.
		result=ok finding=deadline
		((cputarget > 0)) && queue=("$s" "${queue[@]}")
	else
		result=FOUND status=1
		finding=$(grep -ao 'testdata/fuzz/[^ ]*' "$out.out" | head -1)
		[[ -z $finding ]] && finding="see $out.out"
	fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "${name%.*}" "$t" "$wall" "$cpu" \
		"${last:-0}" "${newi:-0}" "$result" "$finding" >>"$log"
	printf '%-44s wall %7ss  cpu %7ss  execs %12s  %s %s\n' "$name" "$wall" "$cpu" "${last:-0}" "$result" "${finding#-}"
done
exit $status
