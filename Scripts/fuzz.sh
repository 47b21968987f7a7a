#!/usr/bin/env bash
# Builds the libFuzzer targets of the Fuzzing/ package (release, AddressSanitizer, libFuzzer
# coverage) and runs each for SECONDS (default 60), one input at most 10 s and the process at most
# 2048 MB, leaks looked for when each target's run ends, then prints each target's executions and executions per second, and the total. Exits
# non-zero when any target crashed (a trap, an invariant, a sanitizer report), timed out or ran
# out of memory; the input that did it is kept.
#
#   Scripts/fuzz.sh                          # every target, 60 s each
#   Scripts/fuzz.sh 3600                     # a long campaign: an hour each
#   FUZZ_TARGETS="FuzzLayout FuzzCells" Scripts/fuzz.sh 30
#   FUZZ_WORK=/tmp/fuzz Scripts/fuzz.sh      # where the corpora, logs and findings go
#   FUZZ_FLAGS=-max_len=2048 Scripts/fuzz.sh 600   # more libFuzzer flags (last wins)
#   FUZZ_JOBS=2 Scripts/fuzz.sh 30           # two targets at a time (CI: one a core)
#
# Nothing in the repository is written. The work folder (default Fuzzing/.build/fuzz, ignored by
# git) holds per target: corpus/ (the seeds of Fuzzing/Corpus/<target>, then every input the
# fuzzer found new coverage with; kept, so the next run goes on from there), findings/ (crash-*,
# timeout-*, oom-*, slow-unit-*) and log.txt. To replay a finding:
#   $(swift build --package-path Fuzzing -c release --show-bin-path)/FuzzLayout FILE
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-60}"
work="${FUZZ_WORK:-$root/Fuzzing/.build/fuzz}"
read -r -a targets <<< "${FUZZ_TARGETS:-FuzzFont FuzzLayout FuzzCSV FuzzCells FuzzXlsx FuzzLayoutJSON FuzzLiveMessages}"
jobs="${FUZZ_JOBS:-1}"

# `--sanitize=fuzzer` makes SwiftPM compile the executables as libraries, so libFuzzer's main is
# the program's. The sanitizers themselves go in one -sanitize= flag: swiftc passes only its last
# -sanitize= to the compiler, and SwiftPM's two --sanitize flags come in no fixed order. lld, not
# gold, links: gold warns about every ASan binary.
build=(swift build --package-path "$root/Fuzzing" -c release --sanitize=fuzzer
       -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld)
start=$SECONDS
"${build[@]}"
echo "build: $((SECONDS - start)) s"
bin="$("${build[@]}" --show-bin-path)"

# The Swift runtime's backtracer would wait on a crashing fuzzer; libFuzzer and ASan report instead.
export SWIFT_BACKTRACE=enable=no
# AddressSanitizer without the allocation stacks and with an 8 MB quarantine: the stacks are
# unwound at every malloc and the quarantine (256 MB) recycled, a quarter of the time of the xlsx
# and layout-JSON targets (300 inputs of FuzzXlsx: 6.4 s, 546 MB with the defaults; 4.8 s, 147 MB
# so). A report still names the access and the stack of the bad access; to see where the memory
# was allocated and freed, replay the finding with ASAN_OPTIONS= (the defaults).
export ASAN_OPTIONS="${ASAN_OPTIONS-malloc_context_size=0:quarantine_size_mb=8:thread_local_quarantine_size_kb=64}"
# Leaks that are not the package's (fontconfig's configuration, loaded once and kept, which the
# xlsx writer's Carlito lookup loads) are those Scripts/sanitize.sh suppresses, with their evidence.
export LSAN_OPTIONS="suppressions=$root/Scripts/sanitize-lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
# LeakSanitizer scans the heap when a target ends, not after every input (-detect_leaks=0): the
# width cache and the interned fonts grow on purpose, so libFuzzer's per-input check found "more
# mallocs than frees" on nearly every input and spent three quarters of the time scanning (FuzzCSV:
# 400 inputs in 3.56 s with it, 0.87 s without). A leak still shows in the scan at the end, as the
# lost blocks of every input that leaked add up; FontLifetimeTests and `Scripts/sanitize.sh
# valgrind` check the lifetimes directly.

declare -A extra=([FuzzLayout]="-max_len=16384" [FuzzCSV]="-max_len=16384")
# One target's run: its corpus seeded, the fuzzer run, its line of the summary (and, when it
# failed, the lines naming the finding) left in its work folder for the summary below.
fuzz() {
    local target=$1 corpus="$work/$1/corpus" findings="$work/$1/findings" log="$work/$1/log.txt" status=0
    mkdir -p "$corpus" "$findings"
    for seed in "$root/Fuzzing/Corpus/$target"/*; do
        [[ -e "$corpus/$(basename "$seed")" ]] || cp "$seed" "$corpus/"
    done
    # shellcheck disable=SC2086  # extra flags split on purpose
    "$bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 -print_final_stats=1 \
        -artifact_prefix="$findings/" ${extra[$target]:-} ${FUZZ_FLAGS:-} "$corpus" > "$log" 2>&1 || status=$?
    local runs rate result="ok"
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    if ((status != 0)); then
        result="FAILED (exit $status): $(grep -a -m1 -E '^(==[0-9]+== ?ERROR|SUMMARY|.*Fatal error)' "$log" | cut -c1-200 || true)"
        grep -a -E 'Test unit written to|Fatal error|^SUMMARY' "$log" | cut -c1-300 > "$work/$target/finding.txt" || true
    fi
    printf '%s %s\n' "${runs:-0}" "$(printf '%-11s %12s executions %8s exec/s  corpus %5s files  %s' \
        "$target" "${runs:-?}" "${rate:-?}" "$(find "$corpus" -type f | wc -l)" "$result")" > "$work/$target/summary.txt"
}

for target in "${targets[@]}"; do
    rm -f "$work/$target/summary.txt" "$work/$target/finding.txt"
    while (($(jobs -rp | wc -l) >= jobs)); do wait -n || true; done
    echo "== $target: $seconds s"
    fuzz "$target" &
done
wait

failed=0
total=0
echo
for target in "${targets[@]}"; do
    read -r runs line < "$work/$target/summary.txt" || { runs=0; line="$target: no summary (the run did not finish)"; failed=1; }
    [[ "$line" == *FAILED* ]] && failed=1
    [[ -s "$work/$target/finding.txt" ]] && cat "$work/$target/finding.txt"
    echo "$line"
    total=$((total + runs))
done
echo "total: $total executions"
echo "work folder: $work"
exit "$failed"
