#!/usr/bin/env bash
# A long fuzz campaign in chunks: runs Fuzz/run.sh on each target, one chunk at a time, until
# the target's executions on this commit add up to the goal, and keeps a ledger of every chunk.
#
#   Fuzz/campaign.sh --goal 10000000 --chunk 1200 url query envelope remote &   # one lane per core
#   Fuzz/campaign.sh --goal 10000000 --chunk 1200 manifest pattern link &
#   Fuzz/campaign.sh --report                                                  # sums per target
#
# A chunk ends with libFuzzer's own count, so a campaign can stop between chunks (end of a
# working day) and go on later from the grown corpus: the ledger (.build-fuzz/ledger.txt) sums
# the chunks per target and commit. Stops at the first finding (run.sh saves the input).
#
# Do not pause a chunk (SIGSTOP) or run it niced under other work: libFuzzer's timeout is wall
# clock, and a paused input reads as a timeout finding. To free the cores for a while, stop
# the campaign's own shell (kill -STOP <its pid>): the running chunk finishes and the next waits.
set -uo pipefail
# The usage: the comment at the top of this file, without its '#'s.
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
cd "$(dirname "$0")/.."

ledger=.build-fuzz/ledger.txt
goal=10000000
chunk=1200
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --goal) goal="$2"; shift 2 ;;
    --chunk) chunk="$2"; shift 2 ;;
    --report)
      [ -f "$ledger" ] || { echo "no ledger yet ($ledger)"; exit 0; }
      awk '{ key = $1 " " $6; runs[key] += $2; chunks[key] += 1; if ($5 != "findings=0") bad[key] = 1 }
           END { for (key in runs) { split(key, part, " ");
                 printf "%-9s %-15s %12d executions in %d chunks%s\n", part[1], part[2], runs[key], chunks[key], (key in bad ? " WITH FINDINGS" : "") } }' \
        "$ledger" | sort
      exit 0 ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || { echo "name the targets of this lane" >&2; exit 2; }

commit=$(git rev-parse --short HEAD)
mkdir -p .build-fuzz
for target in "${targets[@]}"; do
  while :; do
    done_so_far=$(awk -v t="$target" -v c="commit=$commit" '$1 == t && $6 == c { s += $2 } END { print s + 0 }' "$ledger" 2>/dev/null || echo 0)
    [ "$done_so_far" -ge "$goal" ] && break
    started=$(date -u +%FT%TZ)
    Fuzz/run.sh --seconds "$chunk" "$target" > /dev/null 2>&1
    status=$?
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' ".build-fuzz/$target.log" | tail -n 1)
    findings=$(find ".build-fuzz/findings/$target" -type f | wc -l)
    echo "$target ${executions:-0} $started $(date -u +%FT%TZ) findings=$findings commit=$commit status=$status" >> "$ledger"
    if [ "$findings" -gt 0 ] || [ "$status" -ne 0 ]; then
      echo "$target: a finding or a failed run; see .build-fuzz/$target.log and .build-fuzz/findings/$target" >&2
      exit 1
    fi
  done
done
