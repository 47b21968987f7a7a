#!/usr/bin/env bash
# Builds the eight DocC catalogs (TextMeasure, CellLayout, DataTables, DocumentStreams, TableRendering, TableSpreadsheet, LiveTables, TableServer) with the toolchain's
# `docc` over the package's public symbol graphs, and fails on any warning: a link to a symbol
# that was renamed, an ambiguous overload, a missing article. No plugin needed.
#
#   Scripts/check-docs.sh            # archives in .build/docs/<Module>.doccarchive
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
log="$(swift package dump-symbol-graph --minimum-access-level public 2>&1)" || { echo "$log"; exit 1; }
graphs="$(dirname "$(swift build --show-bin-path)")/symbolgraph"
status=0
for module in TextMeasure CellLayout DataTables DocumentStreams TableRendering TableSpreadsheet LiveTables TableServer; do
    work="$root/.build/docs/$module"
    rm -rf "$work" && mkdir -p "$work/graphs"
    cp "$graphs/$module.symbols.json" "$work/graphs/"
    cp "$graphs/$module"@*.symbols.json "$work/graphs/" 2>/dev/null || true  # extensions of other modules' types
    log="$(docc convert Sources/$module/$module.docc --additional-symbol-graph-dir "$work/graphs" \
        --output-path "$work/$module.doccarchive" --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.textmeasure.$module" 2>&1)"
    if grep -qE "warning|error" <<<"$log"; then
        echo "$module: documentation warnings" && grep -E -A8 "warning|error" <<<"$log"
        status=1
    else
        echo "$module: no warnings ($work/$module.doccarchive)"
    fi
done
exit $status
