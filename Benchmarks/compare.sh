#!/usr/bin/env bash
# Runs every benchmark target on this tree and on an older commit, one target at a time and the
# two trees alternately, so both see the same machine, then prints each benchmark's p50 on both
# and the ratio after ÷ before (the smaller p50 of the rounds on each side).
#
#   Benchmarks/compare.sh e8e9a2b                         # every target, 1 round
#   ROUNDS=2 Benchmarks/compare.sh e8e9a2b ColumnBenchmarks RowBenchmarks
#
# The older tree is a git worktree in $BASE_DIR (default Benchmarks/.build/compare-base), made on
# first use and built there; it runs its own benchmark sources, so a target whose sources changed
# in between compares what each tree's benchmark measured (a target that fails there is reported
# and skipped). Writes Results/$OUT.txt (this tree's run.sh output), Results/$OUT-before.txt
# (the older tree's) and Results/$OUT-compare.md (the table); OUT is "suite" unless set. Each
# run.sh call prints its load.
set -euo pipefail

base="${1:?usage: compare.sh BASE_COMMIT [TARGET ...]}"
shift
package_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$package_dir/.." && pwd)"
base_dir="${BASE_DIR:-$package_dir/.build/compare-base}"
rounds="${ROUNDS:-1}"
out="${OUT:-suite}"
# The older tree's run.sh may predate run.sh's malloc policy: both trees run under the same one.
export GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=1073741824}"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(MeasurementBenchmarks WrapBenchmarks CellBenchmarks ColumnBenchmarks AutoLayoutBenchmarks RowBenchmarks RenderBenchmarks)
fi

if [ ! -d "$base_dir" ]; then
    git -C "$root" worktree add --detach "$base_dir" "$base"
fi
echo "before: $(git -C "$base_dir" rev-parse --short HEAD) ($base_dir); after: $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- Sources Benchmarks/Benchmarks Benchmarks/Sources || echo ' + changes')"

work="$package_dir/.build/compare-$out"
rm -rf "$work"
mkdir -p "$work"
: > "$package_dir/Results/$out.txt"
: > "$package_dir/Results/$out-before.txt"
for target in "${targets[@]}"; do
    for round in $(seq "$rounds"); do
        for side in before after; do
            dir="$root"; output="$package_dir/Results/$out.txt"
            if [ "$side" = before ]; then dir="$base_dir"; output="$package_dir/Results/$out-before.txt"; fi
            results="$work/$side/$target/$round"
            mkdir -p "$results"
            echo "== $target, round $round, $side" | tee -a "$output"
            if ! RESULTS_DIR="$results" "$dir/Benchmarks/run.sh" --target "$target" >> "$output" 2>&1; then
                echo "   $target failed on the $side tree (its output is in $output)" | tee -a "$output"
            fi
        done
    done
done

python3 - "$work" "$package_dir/Results/$out-compare.md" <<'PYTHON'
import glob, json, os, sys

work, out = sys.argv[1], sys.argv[2]
UNITS = {"ns": 1e-6, "μs": 1e-3, "us": 1e-3, "ms": 1.0, "s": 1e3}

def p50s(side):
    """target → benchmark → the smaller p50 (ms) of the rounds."""
    found = {}
    for path in glob.glob(f"{work}/{side}/*/*/*.jmh.json"):
        target = path.split(os.sep)[-3]
        for entry in json.load(open(path)):
            wall = entry["secondaryMetrics"].get("Time (wall clock)")
            if wall is None:
                continue
            unit = wall["scoreUnit"]
            scale = UNITS.get(unit.split("/")[0].strip(), 1.0)
            name = entry["benchmark"].split(".", 3)[3].replace("_", " ")
            value = wall["scorePercentiles"]["50.0"] * scale
            old = found.setdefault(target, {}).get(name)
            found[target][name] = value if old is None else min(old, value)
    return found

before, after = p50s("before"), p50s("after")
lines = ["| target | benchmark | p50 before (ms) | p50 after (ms) | after ÷ before |", "|---|---|---:|---:|---:|"]
slower = []
for target in sorted(set(before) | set(after)):
    names = sorted(set(before.get(target, {})) | set(after.get(target, {})))
    for name in names:
        b, a = before.get(target, {}).get(name), after.get(target, {}).get(name)
        ratio = a / b if a is not None and b else None
        mark = f"**{ratio:.3f}**" if ratio is not None and ratio > 1.05 else (f"{ratio:.3f}" if ratio is not None else "—")
        if ratio is not None and ratio > 1.05:
            slower.append(f"{target} / {name}: {ratio:.3f}")
        fmt = lambda v: "—" if v is None else (f"{v:.4g}")
        lines.append(f"| {target.replace('Benchmarks', '')} | {name} | {fmt(b)} | {fmt(a)} | {mark} |")
lines.append("")
lines.append(f"More than 5 % slower: {', '.join(slower) if slower else 'none'}.")
text = "\n".join(lines) + "\n"
open(out, "w").write(text)
print(text)
PYTHON
