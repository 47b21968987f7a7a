#!/usr/bin/env bash
# Runs the TextMeasure benchmarks (package-benchmark) and prints each benchmark's p50 wall time
# relative to the bare HarfBuzz baseline. About 2 minutes of measuring on 2 cores, plus the first
# build (a few minutes from clean).
#
#   Benchmarks/run.sh                      # all six benchmarks
#   Benchmarks/run.sh --filter '.*cache.*' # extra arguments go to `swift package benchmark`
#
# Results (JMH JSON) are kept in $RESULTS_DIR, by default Benchmarks/.build/benchmark-results.
set -euo pipefail

package_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
results_dir="${RESULTS_DIR:-$package_dir/.build/benchmark-results}"
mkdir -p "$results_dir"
rm -f "$results_dir"/*.jmh.json

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), load average $(cut -d' ' -f1-3 /proc/loadavg)"

swift package --package-path "$package_dir" --allow-writing-to-directory "$results_dir" \
    benchmark --no-progress --format jmh --path "$results_dir" "$@"

python3 - "$results_dir" <<'PYTHON'
import glob, json, sys

BATCH = 100_000  # strings per iteration (Corpus.count)
BASELINE = "bare hb_shape loop (baseline)"
# name → (ratio shown, target text, check) ; ratio = benchmark p50 ÷ baseline p50
TARGETS = {
    "width(of:) uncached, single thread": ("≤ 1.30", lambda r: r <= 1.30),
    "width(of:) cold cache, single thread": ("≤ 1.30", lambda r: r <= 1.30),
    "widths(of:) batch, all cores, cold cache": ("< 1 (beats baseline)", lambda r: r < 1.0),
    "width(of:) warm cache lookup": ("≤ 0.10 (baseline ≥ 10×)", lambda r: r <= 0.10),
}

NAMES = {name.replace(" ", "_"): name for name in [BASELINE, "nominalWidth(of:)", *TARGETS]}

files = glob.glob(f"{sys.argv[1]}/*.jmh.json")
if not files:
    sys.exit("no JMH results found")
rows = {}
for entry in json.load(open(files[0])):
    # "package.benchmark.<target>.<name, spaces turned into underscores>"
    jmh_name = entry["benchmark"].split(".", 3)[3]
    name = NAMES.get(jmh_name, jmh_name)
    wall = entry["secondaryMetrics"]["Time (wall clock)"]
    scale = {"ns": 1e-6, "μs": 1e-3, "us": 1e-3, "ms": 1.0, "s": 1e3}[wall["scoreUnit"]]
    p50_ms = wall["scorePercentiles"]["50.0"] * scale
    mallocs = entry["secondaryMetrics"].get("Malloc (total)", {}).get("scorePercentiles", {}).get("50.0")
    rows[name] = (p50_ms, mallocs, entry["measurementIterations"])

base = rows.get(BASELINE, (None,))[0]
print()
print(f"p50 wall time per batch of {BATCH:,} strings, ratio = p50 ÷ p50 of '{BASELINE}'")
header = f"{'benchmark':<42} {'p50 ms':>9} {'ns/string':>10} {'mallocs':>8} {'n':>4} {'ratio':>7}  target"
print(header)
print("-" * len(header))
for name in sorted(rows, key=lambda n: (n != BASELINE, n)):
    p50, mallocs, n = rows[name]
    ratio = p50 / base if base else float("nan")
    target, check = TARGETS.get(name, ("", None))
    verdict = "" if check is None else ("  met" if check(ratio) else "  MISSED")
    mallocs_text = "-" if mallocs is None else f"{mallocs:.0f}"
    print(f"{name:<42} {p50:>9.2f} {p50 * 1e6 / BATCH:>10.1f} {mallocs_text:>8} {n:>4} {ratio:>7.3f}  {target}{verdict}")
if base and "width(of:) warm cache lookup" in rows:
    print(f"\nbaseline ÷ warm cache lookup = {base / rows['width(of:) warm cache lookup'][0]:.1f}× (target ≥ 10×)")
PYTHON
