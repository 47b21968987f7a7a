#!/usr/bin/env bash
# Instructions, not seconds: WrapBenchmarks' wrapping work (prepare paragraph, layout and
# lineCount at a new width, the 1k-letter word; Instructions/) built against this tree and
# against BASE_COMMIT, each run once under valgrind's callgrind, which counts the instructions
# each part executes: the same count for the same binary and input whatever else the machine
# does, where wall-clock p50s on a shared 2-core machine move by 5-30 % from run to run. Prints
# each part's count on both trees and after ÷ before; writes Results/$OUT.md (OUT defaults to
# "wrap-instructions").
#
#   Benchmarks/instructions.sh 257f72e
#
# The older tree is the git worktree $BASE_DIR (default .build/compare-base, as compare.sh's).
# Needs valgrind. Instructions are not time (cache misses and branch mispredictions are not
# counted): this is a check on the work done, beside compare.sh's times.
set -euo pipefail
base="${1:?usage: instructions.sh BASE_COMMIT}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
base_dir="${BASE_DIR:-$here/.build/compare-base}"
out="${OUT:-wrap-instructions}"
[ -d "$base_dir" ] || git -C "$root" worktree add --detach "$base_dir" "$base"
[ "$(git -C "$base_dir" rev-parse HEAD)" = "$(git -C "$root" rev-parse "$base^{commit}")" ] ||
    { echo "$base_dir is not at $base" >&2; exit 1; }
work="$here/.build/instructions"
mkdir -p "$work"
parts=(preparingParagraph layingOut countingLines breakingLongWord)
names=("prepare paragraph" "layout at a new width" "lineCount at a new width" "long word, 1k letters at width 50")
for side in before after; do
    tree="$root"; [ "$side" = before ] && tree="$base_dir"
    # A stale build plan of the tree (sources added or removed since): build again from scratch.
    TREE="$tree" swift build -c release --package-path "$here/Instructions" --scratch-path "$work/build-$side" --product WrapInstructions >&2 ||
        { rm -rf "$work/build-$side"; TREE="$tree" swift build -c release --package-path "$here/Instructions" --scratch-path "$work/build-$side" --product WrapInstructions >&2; }
    # valgrind 3.19 cannot read the toolchain's DWARF 5: count a copy without it (symbols kept).
    objcopy --strip-debug "$work/build-$side/release/WrapInstructions" "$work/WrapInstructions-$side"
    valgrind --tool=callgrind --callgrind-out-file="$work/callgrind-$side.out" \
        "$work/WrapInstructions-$side" "$here/Data/packages.tsv" > "$work/output-$side.txt" 2> "$work/valgrind-$side.log"
    callgrind_annotate --inclusive=yes --threshold=100 "$work/callgrind-$side.out" > "$work/annotate-$side.txt"
done
cmp -s "$work/output-before.txt" "$work/output-after.txt" || echo "note: the two trees' results differ" >&2
{
    echo "| benchmark | instructions before | instructions after | after ÷ before |"
    echo "|---|---:|---:|---:|"
    for i in "${!parts[@]}"; do
        count() { grep -E "WrapInstructions[0-9]*${#parts[$i]}${parts[$i]}" "$work/annotate-$1.txt" | head -1 | awk '{gsub(",", "", $1); print $1}'; }
        before=$(count before); after=$(count after)
        awk -v n="${names[$i]}" -v b="$before" -v a="$after" 'BEGIN { printf "| %s | %d | %d | %.4f |\n", n, b, a, a / b }'
    done
    echo
    echo "before: $(git -C "$base_dir" rev-parse --short HEAD); after: $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- Sources || echo ' + changes')"
} | tee "$here/Results/$out.md"
