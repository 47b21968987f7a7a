#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer (LeakSanitizer included) and under ThreadSanitizer,
# and the five subcommands of `textmeasure` under valgrind's memcheck, then prints what each
# reported. Exits non-zero if a test failed or any of them reported anything: a sanitizer
# error, a data race, a memcheck error, or bytes definitely or indirectly lost.
#
#   Scripts/sanitize.sh                        # all three
#   Scripts/sanitize.sh tsan valgrind          # some of them (asan, tsan, valgrind)
#   SANITIZE_FILTER='BatchTests' Scripts/sanitize.sh tsan   # only the tests --filter matches
#
# Each sanitizer builds in a scratch folder of its own (.build-asan, .build-tsan: a first build
# takes a few minutes); valgrind runs the debug build of .build. Logs go to .build-sanitize/.
# Leaks and errors that are not the package's are suppressed, with their evidence, in
# Scripts/sanitize-lsan.supp and Scripts/sanitize-valgrind.supp; the logs count their uses.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
logs="$root/.build-sanitize"
mkdir -p "$logs"
steps=("$@")
((${#steps[@]})) || steps=(asan tsan valgrind)
filter=()
[[ -z "${SANITIZE_FILTER:-}" ]] || filter=(--filter "$SANITIZE_FILTER")
# The Swift runtime's backtracer would add its own report to a sanitizer's; the sanitizers report.
export SWIFT_BACKTRACE=enable=no
# Leaks that are not the package's (Foundation, fontconfig, XCTest, a false positive): see the file.
export LSAN_OPTIONS="suppressions=$root/Scripts/sanitize-lsan.supp:print_suppressions=1${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
failed=0
summary=()

# `swift test` under `sanitizer` (address or thread), in .build-<short name>.
run_tests() {
    local name=$1 sanitizer=$2 log="$logs/$1.log" status=0 start=$SECONDS
    echo "== $name: swift test --sanitize=$sanitizer ${filter[*]}"
    swift test --sanitize="$sanitizer" --scratch-path "$root/.build-$name" "${filter[@]}" > "$log" 2>&1 || status=$?
    local reports tests
    reports=$(grep -cE '^(==[0-9]+==)?ERROR: (Address|Leak)Sanitizer|^WARNING: ThreadSanitizer' "$log" || true)
    tests=$(grep -E '^(✔|✘|􁁛|􀢄).*Test run with|Executed [0-9]+ tests' "$log" | tail -1 || true)
    if ((reports > 0)); then
        echo "$reports report(s); where:"
        grep -E '^SUMMARY: (Address|Leak|Thread)Sanitizer' "$log" | sort | uniq -c | sort -rn | head -20
    fi
    ((status == 0 && reports == 0)) || failed=1
    summary+=("$(printf '%-9s %3d report(s), exit %3d, %4d s  %s' "$name" "$reports" "$status" $((SECONDS - start)) "$tests")")
}

# Each subcommand on the bundled samples and a little standard input, under memcheck.
run_valgrind() {
    local start=$SECONDS
    echo "== valgrind: the textmeasure subcommands (memcheck, --leak-check=full)"
    command -v valgrind > /dev/null || { echo "valgrind not found (Debian: apt-get install valgrind)" >&2; exit 1; }
    swift build --product textmeasure > "$logs/valgrind-build.log" 2>&1 || { cat "$logs/valgrind-build.log"; exit 1; }
    local command
    command="$(swift build --show-bin-path)/textmeasure"
    local -a cases=(
        "width|printf 'Hello, world\nשלום עולם 123\n漢字かな 👍🏽\n\n'"
        "wrap --width 120|printf '%s\n' '{\"text\": \"The quick brown fox jumps over the lazy dog\", \"width\": 80}' '{\"text\": \"مرحبا بالعالم\"}'"
        "columns Samples/products.csv|true"
        "rows -|cat Samples/products.csv"
        "render Samples/products.csv -o $logs/valgrind-render.pdf --style striped|true"
        "render Samples/products.csv -o $logs/valgrind-render.png --scale 2|true"
    )
    local entry arguments input log status definite indirect errors
    for entry in "${cases[@]}"; do
        arguments=${entry%%|*} input=${entry#*|}
        log="$logs/valgrind-${arguments%% *}.log"
        status=0
        # "Possibly lost" blocks are not errors: the Swift runtime's metadata caches keep pointers
        # into the middle of their blocks.
        # shellcheck disable=SC2086  # the arguments split on purpose
        eval "$input" | valgrind --tool=memcheck --leak-check=full --errors-for-leak-kinds=definite,indirect \
            --suppressions="$root/Scripts/sanitize-valgrind.supp" --error-exitcode=99 --log-file="$log" \
            "$command" $arguments > /dev/null || status=$?
        definite=$(sed -n 's/.*definitely lost: \([0-9,]*\) bytes.*/\1/p' "$log" | tr -d , | tail -1)
        indirect=$(sed -n 's/.*indirectly lost: \([0-9,]*\) bytes.*/\1/p' "$log" | tr -d , | tail -1)
        errors=$(sed -n 's/.*ERROR SUMMARY: \([0-9,]*\) errors.*/\1/p' "$log" | tr -d , | tail -1)
        ((status == 0 && ${definite:-0} == 0 && ${indirect:-0} == 0 && ${errors:-0} == 0)) || failed=1
        summary+=("$(printf 'valgrind  %-8s definitely lost %6s B, indirectly lost %6s B, %3s error(s), exit %2d' \
            "${arguments%% *}" "${definite:-0}" "${indirect:-0}" "${errors:-?}" "$status")")
    done
    summary+=("valgrind  $((SECONDS - start)) s")
}

for step in "${steps[@]}"; do
    case "$step" in
        asan) run_tests asan address ;;
        tsan) run_tests tsan thread ;;
        valgrind) run_valgrind ;;
        *) echo "unknown step '$step' (asan, tsan or valgrind)" >&2; exit 2 ;;
    esac
done

echo
printf '%s\n' "${summary[@]}"
echo "logs: $logs"
exit "$failed"
