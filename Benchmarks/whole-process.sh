#!/usr/bin/env bash
# Whole-process speed of the `textmeasure` command against the floors it cannot beat (see
# README.md, "Whole-process speed"):
#   width    100,000 distinct table-cell strings, one font (--font Fonts/NotoSans-Regular.ttf), against
#            WholeProcess/hb-shape-loop.c (read a line, hb_shape it, print the width with "%.17g")
#            and against its own --shaping none (no shaping: reading, startup and printing alone);
#            then the multilingual corpora (Latin-script, every script, a column of repeats) in a
#            system font (SYSTEM_FONT, default Noto Sans from fonts-noto-core) against the same loop;
#   columns  Data/packages.tsv as a 5.4 MB CSV (50,000 rows × 6), against WholeProcess/csv-read.swift
#            (the same file read whole by yaslab/CSV.swift, nothing measured).
# Each command runs ROUNDS times (default 11), interleaved round by round; medians of wall and CPU
# (user + system) time. Needs: swift, cc, pkg-config with harfbuzz, python3.
#
#   Benchmarks/whole-process.sh            ROUNDS=21 Benchmarks/whole-process.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
rounds=${ROUNDS:-11}
work=${WORK_DIR:-$here/.build/whole-process}
mkdir -p "$work"
helper="python3 $here/WholeProcess/whole-process.py"

swift build -c release --product textmeasure --package-path "$root" >&2
textmeasure=$(swift build -c release --product textmeasure --package-path "$root" --show-bin-path)/textmeasure
# shellcheck disable=SC2046
cc -O2 -Wall "$here/WholeProcess/hb-shape-loop.c" $(pkg-config --cflags --libs harfbuzz) -o "$work/hb-shape-loop"
swiftc -O -wmo -parse-as-library -module-name CSVRead "$root"/.build/checkouts/CSV.swift/Sources/CSV/*.swift \
    "$here/WholeProcess/csv-read.swift" -o "$work/csv-read" 2>/dev/null
$helper strings 100000 > "$work/strings.txt"
$helper csv "$here/Data/packages.tsv" > "$work/packages.csv"

font=$root/Fonts/NotoSans-Regular.ttf
"$work/hb-shape-loop" "$font" < "$work/strings.txt" > "$work/hb.out"
"$textmeasure" width --font "$font" < "$work/strings.txt" > "$work/width.out"
$helper same "$work/width.out" "$work/hb.out"

commit=$(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- Sources Package.swift || echo "+changes")
echo "Whole-process speed, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $commit, $(nproc) cores"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$rounds interleaved rounds, medians"
{
    $helper time "$rounds" "$work/strings.txt" \
        -- "hb_shape loop (C)" "$work/hb-shape-loop" "$font" \
        -- "width" "$textmeasure" width --font "$font" \
        -- "width --shaping none" "$textmeasure" width --font "$font" --shaping none
    $helper time "$rounds" /dev/null \
        -- "CSV.swift read" "$work/csv-read" "$work/packages.csv" \
        -- "columns" "$textmeasure" columns "$work/packages.csv" --font "$font"
} | awk -F'\t' '
    { wall[$1] = $2; cpu[$1] = $3; order[n++] = $1 }
    END {
        printf "%-24s %9s %9s\n", "", "wall ms", "CPU ms"
        for (i = 0; i < n; i++) printf "%-24s %9.1f %9.1f\n", order[i], wall[order[i]], cpu[order[i]]
        printf "\n%-44s %6s %6s\n", "ratio", "wall", "CPU"
        printf "%-44s %6.3f %6.3f\n", "width / hb_shape loop (goal <= 0.35)", wall["width"] / wall["hb_shape loop (C)"], cpu["width"] / cpu["hb_shape loop (C)"]
        printf "%-44s %6.3f %6.3f\n", "width / width --shaping none (goal <= 1.6)", wall["width"] / wall["width --shaping none"], cpu["width"] / cpu["width --shaping none"]
        printf "%-44s %6.3f %6.3f\n", "columns / CSV.swift read", wall["columns"] / wall["CSV.swift read"], cpu["columns"] / cpu["CSV.swift read"]
    }'

# Real text in a system font (issue 38): 100,000 lines of the multilingual table's cells, each
# with a number after it: Latin, Greek and Cyrillic (distinct); every script (distinct); every
# script as a column holds it (5,000 distinct lines, repeated), goals on wall time; and every
# script's lines beyond ASCII (distinct), the goal on CPU time (what a shaped line costs).
system_font=${SYSTEM_FONT:-/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf}
if [[ -r $system_font ]]; then
    for corpus in latin scripts column beyond-ascii; do
        $helper corpus "$corpus" 100000 "$here/Data/multilingual.tsv" > "$work/$corpus.txt"
        $helper time "$rounds" "$work/$corpus.txt" \
            -- "hb_shape loop (C)" "$work/hb-shape-loop" "$system_font" \
            -- "width" "$textmeasure" width --font "$system_font" | sed "s/^/$corpus\t/"
    done | awk -F'\t' -v font="$(basename "$system_font")" '
        { wall[$1, $2] = $3; cpu[$1, $2] = $4; if (!($1 in seen)) { seen[$1] = 1; order[n++] = $1 } }
        END {
            goal["latin"] = 0.35; goal["scripts"] = 0.6; goal["column"] = 0.2; goal["beyond-ascii"] = 1.15
            printf "\nwidth --font %s, 100,000 lines       hb loop wall/CPU ms   width wall/CPU ms   ratio wall  CPU\n", font
            for (i = 0; i < n; i++) {
                c = order[i]; h = "hb_shape loop (C)"
                printf "%-12s (goal <= %.2f%s) %19.1f / %6.1f %11.1f / %6.1f %10.3f %6.3f\n", c, goal[c], c == "beyond-ascii" ? " CPU" : "", wall[c, h], cpu[c, h],
                    wall[c, "width"], cpu[c, "width"], wall[c, "width"] / wall[c, h], cpu[c, "width"] / cpu[c, h]
            }
        }'
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
