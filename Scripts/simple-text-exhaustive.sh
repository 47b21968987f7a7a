#!/usr/bin/env bash
# The simple-text tests at full size (an optimized debug build of its own, in .build-exhaustive:
# the tests use debug-only probes, so they do not build with -c release): every cell of the three benchmark tables,
# every pair over Latin-1 and Latin Extended-A and a million random strings, with every test
# font and feature setting, each width compared with hb_shape in font units. The debug
# `swift test` checks a share of them (Tests/TextMeasureTests/SimpleTextTests.swift).
set -euo pipefail
cd "$(dirname "$0")/.."
SIMPLE_TEXT_FULL=1 swift test --scratch-path .build-exhaustive -Xswiftc -O --filter 'SimpleTextTests'
