#!/usr/bin/env python3
"""Golden font metrics for the tests, read straight from the sfnt tables (no HarfBuzz).

For each bundled font: unitsPerEm (head), ascender/descender/lineGap (OS/2 typo metrics when
fsSelection bit 7 USE_TYPO_METRICS is set, else hhea), sCapHeight, sxHeight, xAvgCharWidth (OS/2).
Writes Tests/TextMeasureTestSupport/Fixtures/golden-metrics.tsv. Usage: Scripts/golden-metrics.py
"""
import os, struct, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONTS = os.path.join(ROOT, "Fonts")
OUT = os.path.join(ROOT, "Tests", "TextMeasureTestSupport", "Fixtures", "golden-metrics.tsv")


def tables(data):
    offset = 0
    if data[:4] == b"ttcf":
        offset = struct.unpack(">I", data[12:16])[0]
    count = struct.unpack(">H", data[offset + 4:offset + 6])[0]
    result = {}
    for i in range(count):
        tag, _, start, length = struct.unpack(">4sIII", data[offset + 12 + 16 * i:offset + 28 + 16 * i])
        result[tag.decode("latin-1")] = data[start:start + length]
    return result


def metrics(path):
    t = tables(open(path, "rb").read())
    upem = struct.unpack(">H", t["head"][18:20])[0]
    asc, desc, gap = struct.unpack(">hhh", t["hhea"][4:10])
    os2 = t.get("OS/2", b"")
    cap = xh = avg = 0
    if len(os2) >= 78:
        avg = struct.unpack(">h", os2[2:4])[0]
        fs_selection = struct.unpack(">H", os2[62:64])[0]
        if fs_selection & (1 << 7):
            asc, desc, gap = struct.unpack(">hhh", os2[68:74])
    if len(os2) >= 90:
        xh, cap = struct.unpack(">hh", os2[86:90])
    return upem, asc, desc, gap, cap, xh, avg


def main():
    rows = ["# font\tupem\tascender\tdescender\tlineGap\tcapHeight\txHeight\txAvgCharWidth (font units)"]
    for name in sorted(os.listdir(FONTS)):
        if name.endswith((".ttf", ".otf")):
            rows.append("\t".join([name] + [str(v) for v in metrics(os.path.join(FONTS, name))]))
    with open(OUT, "w") as f:
        f.write("\n".join(rows) + "\n")
    print(f"wrote {len(rows) - 1} fonts to {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
