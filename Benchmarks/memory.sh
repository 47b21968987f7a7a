#!/usr/bin/env bash
# Peak resident memory and wall time of `textmeasure render` for each output at 100,000 and
# 1,000,000 rows (see README.md, "Memory"): Data/packages.tsv cycled to that many rows, written
# as CSV (6 columns, 11 and 110 MB), rendered with the command's defaults to PDF, the layout
# JSON, HTML (virtualized past 10,000 rows), xlsx and, with PNG=1, PNG (slow: hundreds of
# megapixels). Peak RSS and wall time from GNU time; the ratio is the 1,000,000-row peak over the
# 100,000-row one, with and without the CSV's own bytes. Needs: swift, python3, /usr/bin/time.
#
#   Benchmarks/memory.sh            PNG=1 FORMATS="pdf json" Benchmarks/memory.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
work=${WORK_DIR:-$here/.build/memory}
mkdir -p "$work"
swift build -c release --product textmeasure --package-path "$root" >&2
textmeasure=$(swift build -c release --product textmeasure --package-path "$root" --show-bin-path)/textmeasure
formats=${FORMATS:-pdf json html xlsx}
if [[ -n "${PNG:-}" ]]; then formats="$formats png"; fi
python3 - "$here/Data/packages.tsv" "$work" <<'PY'
import csv, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
header, body = lines[0], lines[1:]
for count in (100_000, 1_000_000):
    with open(f"{sys.argv[2]}/packages-{count}.csv", "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(header.split("\t"))
        for index in range(count):
            writer.writerow(body[index % len(body)].split("\t"))
PY
echo "| output | 100,000 rows | 1,000,000 rows | ratio | ratio less the CSV |"
echo "|---|---|---|---|---|"
for format in $formats; do
    declare -A peak=() wall=() size=()
    for count in 100000 1000000; do
        input="$work/packages-$count.csv"
        rm -f "$work"/out-*
        /usr/bin/time -f "%M %e" -o "$work/time.txt" "$textmeasure" render "$input" -o "$work/out-$count.$format" > /dev/null
        read -r kib seconds < "$work/time.txt"
        peak[$count]=$kib wall[$count]=$seconds size[$count]=$(stat -c %s "$input")
    done
    python3 - "$format" "${peak[100000]}" "${wall[100000]}" "${size[100000]}" "${peak[1000000]}" "${wall[1000000]}" "${size[1000000]}" <<'PY'
import sys
fmt, p1, w1, s1, p2, w2, s2 = sys.argv[1], *map(float, sys.argv[2:])
mb = lambda kib: kib * 1024 / 1e6
print(f"| {fmt} | {mb(p1):,.0f} MB, {w1:.1f} s | {mb(p2):,.0f} MB, {w2:.1f} s | {p2 / p1:.2f} | "
      f"{(mb(p2) - s2 / 1e6) / (mb(p1) - s1 / 1e6):.2f} |")
PY
done
