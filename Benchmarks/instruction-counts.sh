#!/usr/bin/env bash
# Instructions per operation, counted by callgrind, against the ceilings written in
# Benchmarks/instruction-ceilings.txt: a check of speed that does not depend on how busy the
# machine is, so CI can fail on a loss of about 10% or more (issue 38).
#
#   Benchmarks/instruction-counts.sh [--scratch-path DIR] [--only SCENARIO]
#
# Each figure runs `switchyard-benchmarks --count SCENARIO SIZE N` under callgrind at two
# iteration counts and divides the difference of the totals by the difference of the counts, so
# the table building and the process's start are taken out. Exits 1 when a figure is over its
# ceiling, 2 when it cannot run. To move a ceiling on purpose, see Benchmarks/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-bench
only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --scratch-path) scratch="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
command -v valgrind > /dev/null || { echo "valgrind is not installed (Debian: apt-get install valgrind)" >&2; exit 2; }

SWITCHYARD_BENCHMARKS=1 swift build -c release --scratch-path "$scratch" --product switchyard-benchmarks 2>&1 | grep -E "error:" && exit 2
# Beside the original, where its shared libraries are found ($ORIGIN).
binary="$scratch/release/switchyard-benchmarks-stripped"
trap 'rm -f "$binary"' EXIT
# Without its debug information: callgrind reads a release Swift binary's DWARF slowly, and
# the counts do not need it.
cp "$scratch/release/switchyard-benchmarks" "$binary"
strip --strip-debug "$binary"
chmod +x "$binary"

# Total instructions of one run.
total() {
  local output
  # Swift seeds its hashing per process: fixed here, so tables lay out the same in every run.
  output=$(SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --fair-sched=yes --callgrind-out-file=/dev/null "$binary" --count "$@" 2>&1 > /dev/null) || {
    printf '%s\n' "$output" | tail -n 5 >&2
    echo "the run --count $* failed under callgrind" >&2
    exit 2
  }
  printf '%s\n' "$output" | awk '/Collected :/ { print $NF; found = 1 } END { if (!found) exit 1 }' || {
    echo "callgrind printed no total for --count $*" >&2
    exit 2
  }
}

failed=0
printf '%-12s %7s %12s %12s %9s\n' scenario size "per op" ceiling headroom
while read -r scenario size few many per ceiling _; do
  case "$scenario" in ''|'#'*) continue ;; esac
  [ -z "$only" ] || [ "$only" = "$scenario" ] || continue
  low=$(total "$scenario" "$size" "$few")
  high=$(total "$scenario" "$size" "$many")
  # Per operation: a lookup, a resolve, an open; per route for register, per 1,000 bytes for json-string.
  figure=$(awk -v h="$high" -v l="$low" -v m="$many" -v f="$few" -v p="$per" 'BEGIN { printf "%.0f", (h - l) / ((m - f) * p) }')
  headroom=$(awk -v c="$ceiling" -v x="$figure" 'BEGIN { printf "%+.1f%%", (c - x) * 100 / c }')
  verdict=""
  if [ "$figure" -gt "$ceiling" ]; then verdict="  OVER THE CEILING"; failed=1; fi
  printf '%-12s %7s %12s %12s %9s%s\n' "$scenario" "$size" "$figure" "$ceiling" "$headroom" "$verdict"
done < Benchmarks/instruction-ceilings.txt
if [ $failed -ne 0 ]; then
  echo "instruction counts over their ceilings: a change made these operations dearer (see Benchmarks/README.md to move a ceiling on purpose)"
fi
exit $failed
