#!/usr/bin/env bash
# The accuracy report, in one command: builds the AccuracyReport executable (release) and runs
# every column-width strategy on every column of the three tables of Benchmarks/Data against the
# exact shaped widths of their cells. Writes Benchmarks/Results/accuracy.md and accuracy.svg and
# rewrites the summary between the accuracy-summary markers of Benchmarks/README.md; then runs
# again with system fallback (the bundled stack falling back to the installed fonts through
# fontconfig, with the Debian package fonts-noto-cjk installed first when missing) and writes
# accuracy-system.md and accuracy-system.svg beside them.
# Needs no network and no Python: the datasets are committed files. About 20 s of measuring on
# 2 cores per run; 1 min 29 s from a fresh clone, build included (the bundled run).
#
#   Benchmarks/accuracy.sh                    # from any working directory
#   Benchmarks/accuracy.sh --repetitions 9    # extra arguments go to AccuracyReport
set -euo pipefail

package_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

swift build -c release --package-path "$package_dir" --product AccuracyReport
report="$(swift build -c release --package-path "$package_dir" --show-bin-path)/AccuracyReport"
versions=(--swift-version "$(swift --version 2>/dev/null | head -n 1 | sed 's/ *(.*//; s/^.*Swift version/Swift/')"
          --harfbuzz-version "$(pkg-config --modversion harfbuzz)")

"$report" --output "$package_dir/Results" --readme "$package_dir/README.md" "${versions[@]}" "$@"

if ! dpkg-query -W -f='${Status}' fonts-noto-cjk 2>/dev/null | grep -q "install ok installed"; then
    echo "installing fonts-noto-cjk for the system-fallback run"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends fonts-noto-cjk
fi
"$report" --output "$package_dir/Results" --fallback system "${versions[@]}" "$@"
