#!/usr/bin/env bash
# Fuzzes every parser of untrusted input with libFuzzer and AddressSanitizer, one target at a
# time or several at once, and prints executions and findings per target.
#
#   Fuzz/run.sh                          # every target for 60 s
#   Fuzz/run.sh --seconds 600 url link   # two targets for 10 minutes each
#   Fuzz/run.sh --runs 10000000 --jobs 2 # every target to 10 million executions, two at a time
#
# Each target starts from its seed corpus in Fuzz/corpus/<target> and grows a working corpus
# in .build-fuzz/corpus/<target>; findings (crash-, timeout-, leak-, oom- files) land in
# .build-fuzz/findings/<target>. A regex that backtracks past -timeout seconds is a finding.
# Exits 1 when any target has a finding.
set -euo pipefail
# The usage: the comment at the top of this file, without its '#'s.
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
cd "$(dirname "$0")/.."

all_targets=(url pattern query manifest envelope link remote bridge xcallback objcdict)
limit=(-max_total_time=60)
jobs=1
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) limit=(-max_total_time="$2"); shift 2 ;;
    --runs) limit=(-runs="$2"); shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")

binary=.build-fuzz/release/switchyard-fuzz
# SwiftPM passes each --sanitize as its own -sanitize= flag, and the compiler keeps only one,
# in whatever order SwiftPM's set gives: half the fresh builds compiled the library without
# coverage (libFuzzer then fuzzes blind). One combined flag, last, keeps both.
build() {
  SWITCHYARD_FUZZ=1 swift build -c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address \
    --scratch-path .build-fuzz --product switchyard-fuzz > .build-fuzz-build.log 2>&1
}
counters() { SWITCHYARD_FUZZ_TARGET=url "$binary" -runs=1 2>&1 | sed -n 's/.*Loaded 1 modules *(\([0-9]*\) inline 8-bit counters).*/\1/p' | head -n 1; }
mkdir -p .build-fuzz
build || { cat .build-fuzz-build.log; exit 1; }
rm -f .build-fuzz-build.log
# The library alone has over 40,000 counters; the harness without it about 30,000.
[ "$(counters)" -ge 50000 ] 2>/dev/null || { echo "the fuzz harness was built without coverage of the library ($(counters) counters)"; exit 1; }

run_target() {
  local target=$1
  local corpus=.build-fuzz/corpus/$target findings=.build-fuzz/findings/$target
  mkdir -p "$corpus" "$findings"
  cp -n Fuzz/corpus/"$target"/* "$corpus"/ 2>/dev/null || true
  # The bridge reads messages up to 64 KB: its inputs may pass that, so the limit is fuzzed too.
  local max_len=4096
  [ "$target" = bridge ] && max_len=70000
  local started=$SECONDS
  LSAN_OPTIONS=suppressions=Fuzz/lsan.supp SWITCHYARD_FUZZ_TARGET=$target "$binary" "$corpus" \
    "${limit[@]}" -timeout=5 -rss_limit_mb=4096 -max_len=$max_len -print_final_stats=1 -artifact_prefix="$findings/" \
    > ".build-fuzz/$target.log" 2>&1 || true
  local executions
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' ".build-fuzz/$target.log" | tail -n 1)
  local found
  found=$(find "$findings" -type f | wc -l)
  printf '%-9s %14s executions %7s s %3s findings\n' "$target" "${executions:-0}" "$((SECONDS - started))" "$found" > ".build-fuzz/$target.summary"
}

running=0
for target in "${targets[@]}"; do
  run_target "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done
wait

status=0
printf '%-9s %14s %18s %12s\n' target executions time findings
for target in "${targets[@]}"; do
  cat ".build-fuzz/$target.summary"
  if [ "$(find ".build-fuzz/findings/$target" -type f | wc -l)" -gt 0 ]; then
    status=1
    echo "  findings in .build-fuzz/findings/$target; the log: .build-fuzz/$target.log"
    grep -E 'property broken|ERROR:|SUMMARY' ".build-fuzz/$target.log" | head -n 3 | sed 's/^/  /'
  fi
done
exit $status
