#!/usr/bin/env python3
"""Compare TextMeasure's widths of mixed-direction text with headless Chromium's.

For every case in Tests/TextMeasureTestSupport/Fixtures/bidi-chromium.txt
(`label<TAB>fonts<TAB>text`, fonts a comma-separated fallback stack of files in
Fonts/, primary first), this writes one HTML page that loads those font files
through @font-face (file:// URLs) and sets each text in a
`<span dir="auto" style="white-space: pre; font-size: 100px; font-kerning: normal">`
(dir=auto: the paragraph direction of the first strong character) whose
font-family lists the stack, then reads getBoundingClientRect().width once the
fonts have loaded. Chromium lays text out in 1/64 px units (LayoutUnit), so at
100 px a width agrees with an exact one to within 1/64 px.

Chromium runs as
    chromium --headless=new --no-sandbox --disable-gpu --virtual-time-budget=10000 --dump-dom PAGE
and the page writes its widths as JSON into the DOM it dumps.

The same texts are measured with `textmeasure width --size 100 --font ... --json`
(the binary given by --textmeasure, default .build/debug/textmeasure). Prints one
JSON object per case (label, text, chromium, textmeasure, difference) and the
largest difference.

The fallback policies differ (Chromium gives a character the first font of the
list that has it; TextMeasure keeps a space, digit or punctuation mark in the
font of the text before it when that font has it, as Pango does), so the cases
are chosen where both put every character in the same font: each text's common
characters either follow text of the primary font or are missing from the other
fonts.

Chromium rounds the width of each bidi level run up to its 1/64 px unit
(LayoutUnit::FromFloatCeil of an inline item's width), so its width of a text
of n level runs exceeds the exact one by up to n/64 px; this script reports the
raw differences. BidiTests.chromiumMeasuresTheSameRuns (run by `swift test`)
calls it with --chromium-only and checks Chromium's widths exactly against that
rounding of TextMeasure's level runs.

Usage: Scripts/chromium-widths.py [--textmeasure PATH] [--chromium PATH] [--chromium-only]
  --chromium-only  print only Chromium's widths, a JSON array in the cases' order.
Python 3 standard library only.
"""
import argparse
import html
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "Tests" / "TextMeasureTestSupport" / "Fixtures" / "bidi-chromium.txt"
SIZE = 100


def read_cases():
    cases = []
    for n, line in enumerate(CASES.read_text(encoding="utf-8").splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 3 or not parts[2]:
            raise SystemExit("%s:%d: expected label<TAB>fonts<TAB>text" % (CASES.name, n))
        fonts = parts[1].split(",")
        for font in fonts:
            if not (ROOT / "Fonts" / font).is_file():
                raise SystemExit("%s:%d: no font Fonts/%s" % (CASES.name, n, font))
        cases.append((parts[0], fonts, parts[2]))
    return cases


def page(cases):
    files = sorted({font for _, fonts, _ in cases for font in fonts})
    family = {font: "tm%d" % i for i, font in enumerate(files)}
    faces = "\n".join('@font-face { font-family: "%s"; src: url("%s"); }'
                      % (family[f], (ROOT / "Fonts" / f).as_uri()) for f in files)
    spans = "\n".join('<div><span dir="auto" id="c%d" style=\'font-family: %s\'>%s</span></div>'
                      % (i, ", ".join('"%s"' % family[f] for f in fonts), html.escape(text))
                      for i, (_, fonts, text) in enumerate(cases))
    loads = ", ".join('document.fonts.load("%dpx \\"%s\\"")' % (SIZE, family[f]) for f in files)
    return """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
%s
span { white-space: pre; font-size: %dpx; font-kerning: normal; line-height: 1; }
</style></head><body>
%s
<pre id="out"></pre>
<script>
Promise.all([%s]).then(() => document.fonts.ready).then(() => {
  const widths = [];
  for (let i = 0; i < %d; i++) widths.push(document.getElementById("c" + i).getBoundingClientRect().width);
  document.getElementById("out").textContent = "WIDTHS" + JSON.stringify(widths) + "END";
});
</script></body></html>
""" % (faces, SIZE, spans, loads, len(cases))


def chromium_widths(chromium, cases):
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "bidi.html"
        path.write_text(page(cases), encoding="utf-8")
        dom = subprocess.run([chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files", "--virtual-time-budget=10000",
                              "--user-data-dir=" + directory, "--dump-dom", path.as_uri()],
                             check=True, capture_output=True, text=True, timeout=120).stdout
    found = re.search(r"WIDTHS(.*?)END", dom)
    if not found:
        raise SystemExit("chromium printed no widths")
    return json.loads(found.group(1))


def textmeasure_widths(binary, cases):
    widths = []
    for _, fonts, text in cases:
        command = [binary, "width", "--size", str(SIZE), "--json"]
        for font in fonts:
            command += ["--font", str(ROOT / "Fonts" / font)]
        out = subprocess.run(command, input=text + "\n", check=True, capture_output=True, text=True).stdout
        widths.append(json.loads(out.splitlines()[0])["width"])
    return widths


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--textmeasure", default=str(ROOT / ".build" / "debug" / "textmeasure"))
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--chromium-only", action="store_true")
    args = parser.parse_args()
    cases = read_cases()
    browser = chromium_widths(args.chromium, cases)
    if args.chromium_only:
        print(json.dumps(browser))
        return
    ours = textmeasure_widths(args.textmeasure, cases)
    largest = 0.0
    for (label, _, text), theirs, mine in zip(cases, browser, ours):
        difference = mine - theirs
        largest = max(largest, abs(difference))
        print(json.dumps({"label": label, "text": text, "chromium": theirs, "textmeasure": mine,
                          "difference": round(difference, 6)}, ensure_ascii=False))
    print("largest difference: %.6f px" % largest)


if __name__ == "__main__":
    main()
