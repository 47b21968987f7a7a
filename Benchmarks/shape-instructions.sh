#!/usr/bin/env bash
# Instructions, not seconds: what a line beyond ASCII costs `textmeasure width --font` against
# the bare hb_shape loop (WholeProcess/hb-shape-loop.c), counted by valgrind's callgrind on
# whole-process.sh's beyond-ASCII corpus (100,000 distinct lines of every script, each with a
# number) in the system's Noto Sans. The command itself cannot run under valgrind 3.19 (its main
# thread waits in libdispatch, where valgrind crashes), so Instructions/ShapeInstructions does
# its work on one thread: the lines split at "\n" bytes and decoded, each measured with the
# command's call, printed as the command prints it; its output is checked byte for byte against
# the command's. Prints both totals, their ratio (issue 38's goal: at most 1.15) and where our
# instructions go; writes Results/shape-instructions.md.
#
#   Benchmarks/shape-instructions.sh            SYSTEM_FONT=/path/to/font.ttf Benchmarks/shape-instructions.sh
#
# Needs valgrind, cc and pkg-config with harfbuzz. Instructions are not time (cache misses,
# branch mispredictions and the second core's coordination are not counted): whole-process.sh
# times the command itself.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
work="$here/.build/instructions"
font=${SYSTEM_FONT:-/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf}
mkdir -p "$work"
python3 "$here/WholeProcess/whole-process.py" corpus beyond-ascii 100000 "$here/Data/multilingual.tsv" > "$work/beyond-ascii.txt"
# shellcheck disable=SC2046
cc -O2 -Wall "$here/WholeProcess/hb-shape-loop.c" $(pkg-config --cflags --libs harfbuzz) -o "$work/hb-shape-loop"
# A tree whose sources were added or removed since the last build leaves SwiftPM's build plan of
# the path dependency stale ("missing inputs"): build again from scratch then.
build_shape() { TREE="$root" swift build -c release --package-path "$here/Instructions" --scratch-path "$work/build-shape" --product ShapeInstructions >&2; }
build_shape || { rm -rf "$work/build-shape"; build_shape; }
swift build -c release --product textmeasure --package-path "$root" >&2
textmeasure=$(swift build -c release --product textmeasure --package-path "$root" --show-bin-path)/textmeasure
"$textmeasure" width --font "$font" < "$work/beyond-ascii.txt" > "$work/command.out"
# valgrind 3.19 cannot read the toolchain's DWARF 5: count a copy without it (symbols kept).
objcopy --strip-debug "$work/build-shape/release/ShapeInstructions" "$work/ShapeInstructions"
"$work/ShapeInstructions" "$font" "$work/beyond-ascii.txt" > "$work/shape.out"
cmp -s "$work/shape.out" "$work/command.out" || { echo "ShapeInstructions does not print what textmeasure width prints" >&2; exit 1; }
valgrind --tool=callgrind --callgrind-out-file="$work/callgrind-shape.out" \
    "$work/ShapeInstructions" "$font" "$work/beyond-ascii.txt" > /dev/null 2> "$work/valgrind-shape.log"
valgrind --tool=callgrind --callgrind-out-file="$work/callgrind-loop.out" \
    "$work/hb-shape-loop" "$font" < "$work/beyond-ascii.txt" > /dev/null 2> "$work/valgrind-loop.log"
callgrind_annotate --inclusive=yes --threshold=100 "$work/callgrind-shape.out" > "$work/annotate-shape.txt"
total() { sed -n 's/.*I *refs: *//p' "$1" | tr -d ,; }
# The first line of the inclusive listing whose symbol matches $1 (a Swift symbol's mangled parts).
part() { grep -E "$1" "$work/annotate-shape.txt" | head -1 | awk '{gsub(",", "", $1); print $1}'; }
ours=$(total "$work/valgrind-shape.log"); loop=$(total "$work/valgrind-loop.log")
{
    echo "| 100,000 lines beyond ASCII, $(basename "$font") | instructions | ÷ the hb_shape loop |"
    echo "|---|---:|---:|"
    awk -v o="$ours" -v l="$loop" -v sq="'" 'BEGIN {
        printf "| the bare hb_shape loop (C) | %.0f | 1 |\n", l
        printf "| textmeasure width%ss work, one thread | %.0f | %.3f |\n", sq, o, o / l }'
    echo
    echo "| where textmeasure width's instructions go (each part with what it calls) | instructions | share |"
    echo "|---|---:|---:|"
    for entry in "measuring (FontStack.width)|TextMeasure9FontStackV5width2of5cache" "HarfBuzz (hb_shape)|hb_shape \\[" \
                 "itemizing a set of one face (Itemizer.oneFaceRuns)|ItemizerO11oneFaceRuns2of9directionSayAA10ShapingRunVGSS_AA0A9DirectionOtFZ " \
                 "the simple-text path's candidates (Itemizer.candidateRuns)|ItemizerO13candidateRuns2of2in8previous9following" \
                 "the simple-text path's widths (ScriptPlan.measure)|ScriptPlanC7measure" "bidi levels (ICU)|ItemizerO10bidiLevels"; do
        count=$(part "${entry#*|}")
        awk -v n="${entry%%|*}" -v c="${count:-0}" -v o="$ours" 'BEGIN { printf "| %s | %.0f | %.1f %% |\n", n, c, 100 * c / o }'
    done
    echo
    echo "commit $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- Sources || echo ' + changes'); ShapeInstructions prints what textmeasure width prints, byte for byte (checked)"
} | tee "$here/Results/shape-instructions.md"
