#!/usr/bin/env bash
# Keep every console block of README.md true: run each `$ command` line of each ```console block
# (from the repository root, with .build/release first on PATH, so `textmeasure` is the release
# build of the command; standard output and standard error together) and put what it prints in
# place of the lines under it, up to the next `$ ` line or the end of the block.
#
# Usage: Scripts/readme-console.sh [--check]
#   --check  compare the README with one rewritten from a fresh run (exit 1 on difference);
#            CI runs this. Without it, README.md is rewritten.
# Also checks that the README's set-up command installs exactly the packages of .ci/run's list.
# Needs the packages of .ci/run (the examples use the bundled fonts, fonts-noto-cjk and fontconfig).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=Scripts/golden-output.sh
source Scripts/golden-output.sh
check="$(check_argument "$0" "$@")"

swift build -c release --product textmeasure >&2

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

PATH="$PWD/.build/release:$PATH" python3 - README.md "$tmp/README.md" <<'EOF'
import re, subprocess, sys

source, target = sys.argv[1], sys.argv[2]
lines = open(source, encoding="utf-8").read().split("\n")
out, in_console, commands = [], False, 0
for line in lines:
    if not in_console:
        out.append(line)
        in_console = line == "```console"
    elif line == "```":
        out.append(line)
        in_console = False
    elif line.startswith("$ "):
        out.append(line)
        run = subprocess.run(["bash", "-c", line[2:]], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        out.extend(run.stdout.decode("utf-8").rstrip("\n").split("\n") if run.stdout else [])
        commands += 1
    # other lines of a console block are the previous command's output: replaced by the fresh one
# The set-up command installs exactly the packages CI installs: .ci/run's packages=(...) list.
ci = open(".ci/run", encoding="utf-8").read()
packages = re.search(r"^packages=\(([^)]*)\)", ci, re.M).group(1).split()
install = "apt-get install -y " + " ".join(packages) + " && "
if install not in "\n".join(out):
    print(f"README.md: the set-up command should be: apt-get update && {install}...", file=sys.stderr)
    sys.exit(1)
open(target, "w", encoding="utf-8").write("\n".join(out))
print(f"ran {commands} README commands", file=sys.stderr)
EOF

finish_golden "$tmp/README.md" README.md "$check"
