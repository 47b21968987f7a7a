#!/usr/bin/env bash
# The accuracy report, in one command: builds the AccuracyReport executable (release) and runs
# every column-width strategy on every column of the three tables of Benchmarks/Data against the
# exact shaped widths of their cells. Writes Benchmarks/Results/accuracy.md and accuracy.svg and
# rewrites the summary between the accuracy-summary markers of the top-level README.md.
# Needs no network and no Python: the datasets are committed files. About 20 s of measuring on
# 2 cores; 1 min 29 s from a fresh clone, build included.
#
#   Benchmarks/accuracy.sh                    # from any working directory
#   Benchmarks/accuracy.sh --repetitions 9    # extra arguments go to AccuracyReport
set -euo pipefail

package_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$package_dir")"

swift build -c release --package-path "$package_dir" --product AccuracyReport
"$(swift build -c release --package-path "$package_dir" --show-bin-path)/AccuracyReport" \
    --output "$package_dir/Results" --readme "$root/README.md" \
    --swift-version "$(swift --version 2>/dev/null | head -n 1 | sed 's/ *(.*//; s/^.*Swift version/Swift/')" \
    --harfbuzz-version "$(pkg-config --modversion harfbuzz)" "$@"
