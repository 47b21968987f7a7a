#!/usr/bin/env bash
# Runs the TextMeasure benchmarks (package-benchmark) and prints each benchmark's p50 and p99 wall
# time, its mallocs, and its p50 relative to a baseline measured in the same run: the bare HarfBuzz
# loop for MeasurementBenchmarks; "prepare paragraph" and "bare hb_shape of the same 100k cells" for
# WrapBenchmarks; the bare hb_shape of the cells' texts for CellBenchmarks; estimatedAverage for
# ColumnBenchmarks; Pango + Cairo drawing the same cells for RenderBenchmarks. p99 is of the iterations run (n in the tables): with n < 100 it is the slowest
# iteration or close to it. Every target takes about 6 minutes on 2 cores, plus the first build
# (about 2 minutes from clean).
#
#   Benchmarks/run.sh                           # every target
#   Benchmarks/run.sh --target WrapBenchmarks   # extra arguments go to `swift package benchmark`
#   Benchmarks/run.sh --target ColumnBenchmarks # column widths, every strategy
#   Benchmarks/run.sh --target RowBenchmarks    # row metrics at 1k / 100k / 1M rows, setData vs CollectionDifference
#   Benchmarks/run.sh --target RenderBenchmarks # tables drawn to PDF and PNG against Pango + Cairo
#   Benchmarks/run.sh --target AutoLayoutBenchmarks # automatic table layout against maxMeasured + scale to fill
#   Benchmarks/run.sh --filter '.*cache.*'
#
# Benchmarks/compare.sh BASE runs every target on this tree and on commit BASE, alternately.
#
# Results (JMH JSON) are kept in $RESULTS_DIR, by default Benchmarks/.build/benchmark-results.
set -euo pipefail

package_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
results_dir="${RESULTS_DIR:-$package_dir/.build/benchmark-results}"
mkdir -p "$results_dir"
rm -f "$results_dir"/*.jmh.json

# glibc's malloc serves a large allocation (a fresh WidthCache reserves megabytes) either from
# fresh mmap'd pages, faulted in on first touch, or from heap memory an earlier iteration freed,
# depending on the allocations the process made before (its mmap threshold moves as they are
# freed). That history, not the code measured, flipped the cold 100-row column strategies between
# about 1 and 2 ms from one build to the next (see README.md, "The whole suite"). A fixed
# threshold makes every process reuse freed memory, as a long-running one does.
export GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=1073741824}"

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "malloc: GLIBC_TUNABLES=$GLIBC_TUNABLES"

# The output is kept too: RowBenchmarks prints a timing too slow for a benchmark iteration.
swift package --package-path "$package_dir" --allow-writing-to-directory "$results_dir" \
    benchmark --no-progress --format jmh --path "$results_dir" "$@" | tee "$results_dir/output.txt"

python3 - "$results_dir" <<'PYTHON'
import glob, json, re, sys

BATCH = 100_000  # strings per iteration (Corpus.count)
BASELINE = "bare hb_shape loop (baseline)"
# name → (ratio shown, target text, check) ; ratio = benchmark p50 ÷ baseline p50
TARGETS = {
    "width(of:) uncached, single thread": ("≤ 0.15", lambda r: r <= 0.15),
    "width(of:) cold cache, single thread": ("≤ 1.30", lambda r: r <= 1.30),
    "widths(of:) batch, all cores, cold cache": ("< 1 (beats baseline)", lambda r: r < 1.0),
    "width(of:) warm cache lookup": ("≤ 0.10 (baseline ≥ 10×)", lambda r: r <= 0.10),
}

# WrapBenchmarks (Benchmarks/WrapBenchmarks/WrapBenchmarks.swift): name → operations per iteration.
PARAGRAPH_BASELINE = "prepare paragraph"
PARAGRAPH_HARFBUZZ = "prepare paragraph, harfbuzz only"  # the same prepare, every segment shaped
PARAGRAPH = {PARAGRAPH_BASELINE: 10, PARAGRAPH_HARFBUZZ: 10, "layout at a new width": 100, "lineCount at a new width": 100}
PARAGRAPH_TARGET = ("< 1/20 of a prepare", lambda r: r < 1 / 20)
PARAGRAPH_PATH_TARGET = ("prepare ≤ 0.4 × harfbuzz only", lambda r: r <= 0.4)
CELLS_BASELINE = "bare hb_shape of the same 100k cells (baseline)"
CELLS = [CELLS_BASELINE, "wrap 100k cells, cold cache", "wrap 100k cells, no cache", "wrap 100k cells, warm shared cache"]

# CellBenchmarks (Benchmarks/CellBenchmarks/CellBenchmarks.swift): one iteration = 50,000 product cells.
PRODUCT_BATCH = 50_000
PRODUCT_BASELINE = "bare hb_shape of the cells' texts (baseline)"
PRODUCT = [PRODUCT_BASELINE, "fittingWidth, cold cache", "height(atWidth:), cold cache",
           "fittingWidth + height(atWidth:), cold cache", "fittingWidth + height(atWidth:), warm cache"]

# ColumnBenchmarks (Benchmarks/ColumnBenchmarks/ColumnBenchmarks.swift): 50,000 rows × 6 columns.
COLUMN_CELLS = 300_000
COLUMN_BASELINE = "estimatedAverage (baseline)"
COLUMN_TARGETS = {  # exact maxMeasured ≤ 3× estimatedAverage (SwiftDataTables: 6.4×); "…, harfbuzz only": the path off
    "maxMeasured, cold cache": ("≤ 3", lambda r: r <= 3),
    "maxMeasured, warm cache": ("≤ 3", lambda r: r <= 3),
}

COLUMN_FLOOR = "bare hb_shape of the distinct texts (floor)"

# RowBenchmarks (Benchmarks/RowBenchmarks/RowBenchmarks.swift): name → operations per iteration.
ROW_SCALE = {"remeasureRow": 2_000, "row(atOffset:)": 983_040}  # "<name>, 1k rows" and "<name>, 1M rows"
ROW_SCALE_TARGET = ("≤ 3", lambda r: r <= 3)
ROW_DIFFS = {  # change → (speed-up target text, check); setData and CollectionDifference each diff twice an iteration
    "1 % of 100k rows edited": ("≥ 1 (as fast)", lambda s: s >= 1),
    "30 % of 100k rows shuffled": ("≥ 10", lambda s: s >= 10),
}

# JMH names have "_" for " "; names not listed here (column strategies) hold no "_" of their own.
NAMES = {name.replace(" ", "_"): name for name in [BASELINE, "nominalWidth(of:)", *TARGETS, *PARAGRAPH, *CELLS, *PRODUCT, COLUMN_FLOOR]}

files = glob.glob(f"{sys.argv[1]}/*.jmh.json")
if not files:
    sys.exit("no JMH results found")
rows = {}  # target → name → (p50 ms, p99 ms, mallocs, iterations)
for entry in json.load(open(files[0])):
    # "package.benchmark.<target>.<name, spaces turned into underscores>"
    _, _, target_name, jmh_name = entry["benchmark"].split(".", 3)
    name = NAMES.get(jmh_name, jmh_name.replace("_", " "))
    wall = entry["secondaryMetrics"]["Time (wall clock)"]
    scale = {"ns": 1e-6, "μs": 1e-3, "us": 1e-3, "ms": 1.0, "s": 1e3}[wall["scoreUnit"]]
    p50_ms = wall["scorePercentiles"]["50.0"] * scale
    p99_ms = wall["scorePercentiles"]["99.0"] * scale
    mallocs = entry["secondaryMetrics"].get("Malloc (total)", {}).get("scorePercentiles", {}).get("50.0")
    rows.setdefault(target_name, {})[name] = (p50_ms, p99_ms, mallocs, entry["measurementIterations"])

def print_heading(*lines, header):
    """A blank line, the table's title lines, its column header and a rule."""
    print()
    for line in lines:
        print(line)
    print(header)
    print("-" * len(header))

def verdict(check, value):
    """'  met' or '  MISSED' for a benchmark with a target; '' for one without (check is None)."""
    return "" if check is None else ("  met" if check(value) else "  MISSED")

def mallocs_text(mallocs, per=1):
    return "-" if mallocs is None else f"{mallocs / per:.0f}"

measurement = rows.get("MeasurementBenchmarks", {})
if measurement:
    base = measurement.get(BASELINE, (None,))[0]
    print_heading(f"p50 wall time per batch of {BATCH:,} strings, ratio = p50 ÷ p50 of '{BASELINE}'",
                  header=f"{'benchmark':<42} {'p50 ms':>9} {'p99 ms':>9} {'ns/string':>10} {'mallocs':>8} {'n':>4} {'ratio':>7}  target")
    for name in sorted(measurement, key=lambda n: (n != BASELINE, n)):
        p50, p99, mallocs, n = measurement[name]
        ratio = p50 / base if base else float("nan")
        target, check = TARGETS.get(name, ("", None))
        print(f"{name:<42} {p50:>9.2f} {p99:>9.2f} {p50 * 1e6 / BATCH:>10.1f} {mallocs_text(mallocs):>8} {n:>4} {ratio:>7.3f}  {target}{verdict(check, ratio)}")
    if base and "width(of:) warm cache lookup" in measurement:
        print(f"\nbaseline ÷ warm cache lookup = {base / measurement['width(of:) warm cache lookup'][0]:.1f}× (target ≥ 10×)")

wrap = rows.get("WrapBenchmarks", {})
paragraph = {name: wrap[name] for name in PARAGRAPH if name in wrap}
if paragraph:
    # Per operation: p50 of an iteration ÷ the operations it does (10 prepares or 100 layouts).
    base = paragraph[PARAGRAPH_BASELINE][0] / PARAGRAPH[PARAGRAPH_BASELINE] if PARAGRAPH_BASELINE in paragraph else None
    print_heading(f"paragraph: p50 wall time per operation, ratio = p50 ÷ p50 of '{PARAGRAPH_BASELINE}' (cache: nil)",
                  header=f"{'benchmark':<42} {'p50 μs/op':>10} {'p99 μs/op':>10} {'mallocs/op':>11} {'ops/iter':>9} {'n':>5} {'ratio':>7}  {'1/ratio':>7}  target")
    for name, ops in PARAGRAPH.items():
        if name not in paragraph:
            continue
        p50, p99, mallocs, n = paragraph[name]
        per_op = p50 / ops
        ratio = per_op / base if base else float("nan")
        target, check = ("", None) if name in (PARAGRAPH_BASELINE, PARAGRAPH_HARFBUZZ) else PARAGRAPH_TARGET
        print(f"{name:<42} {per_op * 1e3:>10.2f} {p99 / ops * 1e3:>10.2f} {mallocs_text(mallocs, ops):>11} {ops:>9} {n:>5} {ratio:>7.3f}  {1 / ratio:>7.1f}  {target}{verdict(check if base else None, ratio)}")
    if PARAGRAPH_BASELINE in paragraph and PARAGRAPH_HARFBUZZ in paragraph:
        path_ratio = paragraph[PARAGRAPH_BASELINE][0] / paragraph[PARAGRAPH_HARFBUZZ][0]
        target, check = PARAGRAPH_PATH_TARGET
        print(f"\nprepare paragraph ÷ {PARAGRAPH_HARFBUZZ} = {path_ratio:.3f}  (target: {target}){verdict(check, path_ratio)}")

# Long words: p50 per character against the 1k word's (linear: ≤ 2×); the 1M word under 1 s.
long_words = [(name, chars) for name, chars in [
    ("long word, 1k letters at width 50", 1e3), ("long word, 10k letters at width 50", 1e4),
    ("long word, 100k letters at width 50", 1e5), ("long word, 1M letters at width 50", 1e6),
    ("long word, 1k Latin + Arabic at width 50", 1e3), ("long word, 10k Latin + Arabic at width 50", 1e4),
    ("long word, 100k Latin + Arabic at width 50", 1e5)] if name in wrap]
if long_words:
    print_heading("long words: prepare + layout at width 50, no cache; ratio = p50 per character ÷ that of the 1k word of the same kind",
                  header=f"{'benchmark':<46} {'p50 ms':>9} {'p99 ms':>9} {'ns/char':>8} {'n':>4} {'ratio':>7}  target")
    for name, chars in long_words:
        p50, p99, mallocs, n = wrap[name]
        first = name.replace(name.split(" ")[2], "1k", 1)
        base = wrap[first][0] / 1e3 if first in wrap else float("nan")
        ratio = (p50 / chars) / base
        target, check = ("≤ 2", lambda r: r <= 2) if name != first else ("", None)
        line = f"{name:<46} {p50:>9.2f} {p99:>9.2f} {p50 * 1e6 / chars:>8.0f} {n:>4} {ratio:>7.2f}  {target}{verdict(check, ratio)}"
        if chars == 1e6:
            line += f"; p50 < 1000 ms{verdict(lambda t: t < 1000, p50)}"
        print(line)

def print_batch_table(group, names, baseline, title, unit, per_unit, unit_digits, mallocs_header, mallocs_per):
    """The table of the benchmarks `names` of `group` that ran, each p50 ÷ the baseline's p50;
    `unit` heads the per-item column, into which `per_unit` turns a p50 in ms; mallocs are
    divided by `mallocs_per`."""
    present = [name for name in names if name in group]
    if not present:
        return
    base = group.get(baseline, (None,))[0]
    width = max(8, len(mallocs_header) + 1)
    print_heading(*title, header=f"{'benchmark':<48} {'p50 ms':>9} {'p99 ms':>9} {unit:>8} {mallocs_header:>{width}} {'n':>4} {'ratio':>7}")
    for name in present:
        p50, p99, mallocs, n = group[name]
        ratio = p50 / base if base else float("nan")
        print(f"{name:<48} {p50:>9.2f} {p99:>9.2f} {p50 * per_unit:>8.{unit_digits}f} {mallocs_text(mallocs, mallocs_per):>{width}} {n:>4} {ratio:>7.3f}")

print_batch_table(wrap, CELLS, CELLS_BASELINE,
                  ("100,000 cells (Data/packages.tsv), prepare + height(atWidth: 200) each; p50 wall time per batch,",
                   f"ratio = p50 ÷ p50 of '{CELLS_BASELINE}'"),
                  "ns/cell", 1e6 / BATCH, 0, "mallocs", 1)
print_batch_table(rows.get("CellBenchmarks", {}), PRODUCT, PRODUCT_BASELINE,
                  (f"product cells (Data/packages.tsv, 3 text leaves each), {PRODUCT_BATCH:,} cells per iteration;",
                   f"ratio = p50 ÷ p50 of '{PRODUCT_BASELINE}'"),
                  "μs/cell", 1e3 / PRODUCT_BATCH, 2, "mallocs/cell", PRODUCT_BATCH)

columns = rows.get("ColumnBenchmarks", {})
if columns:
    base = columns.get(COLUMN_BASELINE, (None,))[0]
    print_heading("column widths of 50,000 rows × 6 columns (Data/packages.tsv); p50 wall time per table,",
                  f"ratio = p50 ÷ p50 of '{COLUMN_BASELINE}'",
                  header=f"{'benchmark':<46} {'p50 ms':>9} {'p99 ms':>9} {'ns/cell':>8} {'mallocs':>8} {'n':>4} {'ratio':>7}  target")
    for name in sorted(columns, key=lambda n: (n != COLUMN_BASELINE, columns[n][0])):
        p50, p99, mallocs, n = columns[name]
        ratio = p50 / base if base else float("nan")
        target, check = COLUMN_TARGETS.get(name, ("", None))
        print(f"{name:<46} {p50:>9.2f} {p99:>9.2f} {p50 * 1e6 / COLUMN_CELLS:>8.0f} {mallocs_text(mallocs):>8} {n:>4} {ratio:>7.2f}  {target}{verdict(check, ratio)}")

# AutoLayoutBenchmarks: automatic table layout against maxMeasured + scale to fill, at 800 pt, cold cache.
auto = rows.get("AutoLayoutBenchmarks", {})
if auto:
    print_heading("automatic table layout of 50,000 rows × 6 columns (Data/packages.tsv) at 800 pt, cold cache;",
                  "ratio = p50 ÷ p50 of maxMeasured + scale to fill, the same part",
                  header=f"{'part':<10} {'baseline p50 ms':>16} {'automatic p50 ms':>17} {'n':>7} {'ratio':>7}  target")
    for part in ["columns", "layout"]:
        base, ours = f"{part}: maxMeasured + scale to fill (baseline)", f"{part}: automatic"
        if base in auto and ours in auto:
            (b, _, _, bn), (t, _, _, tn) = auto[base], auto[ours]
            print(f"{part:<10} {b:>16.1f} {t:>17.1f} {f'{bn}/{tn}':>7} {t / b:>7.3f}  ≤ 1.3{verdict(lambda r: r <= 1.3, t / b)}")

row_results = rows.get("RowBenchmarks", {})
if row_results:
    print_heading("row metrics at 1,000, 100,000 and 1,000,000 rows (Data/packages.tsv cycled), p50 per operation;",
                  "ratio = 1M ÷ 1k",
                  header=f"{'operation':<16} {'ops/iter':>9} {'1k: μs/op':>10} {'100k: μs/op':>12} {'1M: μs/op':>10} {'n 1k/100k/1M':>13} {'ratio':>7}  target")
    for name, ops in ROW_SCALE.items():
        small, middle, large = (row_results.get(f"{name}, {size} rows") for size in ("1k", "100k", "1M"))
        if not small or not large:
            continue
        ratio = large[0] / small[0]
        text, check = ROW_SCALE_TARGET
        middle_text = f"{middle[0] * 1e3 / ops:>12.4f}" if middle else f"{'-':>12}"
        counts = f"{small[3]}/{middle[3] if middle else '-'}/{large[3]}"
        print(f"{name:<16} {ops:>9,} {small[0] * 1e3 / ops:>10.4f} {middle_text} {large[0] * 1e3 / ops:>10.4f} {counts:>13} {ratio:>7.2f}"
              f"  {text}  {'met' if check(ratio) else 'MISSED'}")
    # CollectionDifference on the shuffled IDs is timed once in a setup hook (minutes, not an iteration).
    once = {}
    try:
        for line in open(f"{sys.argv[1]}/output.txt"):
            match = re.search(r"CollectionDifference once, (.*): ([0-9.]+) ms", line)
            if match:
                once[match.group(1)] = float(match.group(2))
    except OSError:
        pass
    print_heading("setData (Equatable rows) against CollectionDifference on the same IDs, 100,000 rows, one diff;",
                  "speed-up = CollectionDifference ÷ setData",
                  header=f"{'change':<28} {'setData ms':>11} {'CollectionDifference ms':>24} {'speed-up':>9}  target")
    for change, (text, check) in ROW_DIFFS.items():
        data = row_results.get(f"setData, {change}")
        if not data:
            continue
        baseline = row_results.get(f"CollectionDifference, {change}")
        difference, note = (baseline[0] / 2, "") if baseline else (once.get(change), " (timed once)")
        if difference is None:
            continue
        speedup = difference / (data[0] / 2)
        print(f"{change:<28} {data[0] / 2:>11.2f} {difference:>24.2f} {speedup:>9.3g}  {text}  {'met' if check(speedup) else 'MISSED'}{note}")

# RenderBenchmarks (Benchmarks/RenderBenchmarks/RenderBenchmarks.swift): one iteration = 2,500 rows
# (15,000 cells) as a table of their own; the 20 iterations cover the 50,000 rows.
render = rows.get("RenderBenchmarks", {})
RENDER_CELLS = 15_000
RENDER_CHUNKS = 20
RENDER_PAIRS = [  # output → (Pango + Cairo benchmark, TextMeasure benchmark)
    ("PDF", "PDF, Pango + Cairo (baseline)", "PDF, TextMeasure"),
    ("PNG every 10th page", "PNG every 10th page, Pango + Cairo (baseline)", "PNG every 10th page, TextMeasure"),
    ("measure only", "measure, Pango", "measure, TextMeasure"),
]
if render:
    print_heading("50,000 rows × 6 columns (Data/packages.tsv) wrapped at ≤ 200 pt on A4 pages, 2,500 rows per iteration;",
                  "p50 wall time per iteration, ×20 for the whole table; ratio = TextMeasure ÷ Pango + Cairo (goal ≤ 0.5)",
                  header=f"{'output':<20} {'Pango+Cairo ms':>15} {'TextMeasure ms':>15} {'×20: P+C s':>11} {'×20: TM s':>10} "
                         f"{'P+C μs/cell':>12} {'TM μs/cell':>11} {'n P/TM':>7} {'ratio':>7}  target")
    for output, pango, ours in RENDER_PAIRS:
        if pango not in render or ours not in render:
            continue
        (p, _, _, pn), (t, _, _, tn) = render[pango], render[ours]
        target = "" if output == "measure only" else f"≤ 0.5{verdict(lambda r: r <= 0.5, t / p)}"
        print(f"{output:<20} {p:>15.0f} {t:>15.0f} {p * RENDER_CHUNKS / 1e3:>11.1f} {t * RENDER_CHUNKS / 1e3:>10.1f} "
              f"{p * 1e3 / RENDER_CELLS:>12.1f} {t * 1e3 / RENDER_CELLS:>11.1f} {f'{pn}/{tn}':>7} {t / p:>7.3f}  {target}")
    phases = [("measure (layout + row heights)", "measure, TextMeasure"),
              ("display lists (lines, glyph runs)", "display lists from a measured layout, TextMeasure"),
              ("Cairo: PDF", "PDF from display lists, TextMeasure"),
              ("Cairo: PNG every 10th page", "PNG every 10th page from display lists, TextMeasure")]
    if all(name in render for _, name in phases):
        print("\nTextMeasure's phases (p50 of each phase's benchmark, per 2,500 rows; μs per cell):")
        for output, cairo in [("PDF", phases[2]), ("PNG every 10th page", phases[3])]:
            parts = [phases[0], phases[1], cairo]
            total = sum(render[name][0] for _, name in parts)
            whole = render[f"{output}, TextMeasure"][0] if f"{output}, TextMeasure" in render else float("nan")
            print(f"  {output}: " + ", ".join(f"{label} {render[name][0]:.0f} ms = {render[name][0] * 1e3 / RENDER_CELLS:.1f} μs "
                                              f"({100 * render[name][0] / total:.0f} %)" for label, name in parts)
                  + f"; sum {total:.0f} ms (the whole run: {whole:.0f} ms)")
    try:  # the whole table drawn once by each side, timed in the setups of the Pango baselines
        for line in open(f"{sys.argv[1]}/output.txt"):
            if line.startswith(("whole table once", "PNG floor")):
                print("  " + line.rstrip())
    except OSError:
        pass
    if "measure, Pango" in render:
        m = render["measure, Pango"][0]
        for output, pango, _ in RENDER_PAIRS[:2]:
            if pango in render:
                d = render[pango][0] - m
                print(f"  Pango + Cairo, {output}: measure {m:.0f} ms = {m * 1e3 / RENDER_CELLS:.1f} μs ({100 * m / render[pango][0]:.0f} %), "
                      f"draw {d:.0f} ms = {d * 1e3 / RENDER_CELLS:.1f} μs ({100 * d / render[pango][0]:.0f} %) (draw = the {output} run less 'measure, Pango')")
PYTHON

echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) (above ~0.5 on 2 cores, other work shared the machine)"
echo "run time: $((SECONDS / 60)) min $((SECONDS % 60)) s (build included)"
