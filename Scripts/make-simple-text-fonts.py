#!/usr/bin/env python3
"""Make the test fonts of the simple-text path (Tests/TextMeasureTestSupport/Fixtures/simple-text-*.ttf)
from the bundled Noto Sans (SIL OFL 1.1, no reserved font name), with fontTools
(Debian: python3-fonttools). Run from the repository root: /usr/bin/python3 Scripts/make-simple-text-fonts.py

Each font is Noto Sans cut to printable ASCII and NBSP, with its GPOS dropped (GSUB kept: the
fi/fl ligatures still ban pairs), plus:

- simple-text-kern0.ttf: a legacy `kern` table, version 0, one horizontal format 0 subtable.
  HarfBuzz applies it (no GPOS `kern`) and splits each value between the pair's two glyphs
  (odd values on purpose: the halves differ). The path must match it, hanging spaces included.
- simple-text-kern1.ttf: the same table plus a format 1 (state machine) subtable: kerning that
  depends on more than a pair, so the whole face must go to HarfBuzz.
- simple-text-trak.ttf: an AAT `trak` table: the whole face must go to HarfBuzz.
"""
import struct
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables._k_e_r_n import KernTable_format_0, KernTable_format_unkown

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "Tests/TextMeasureTestSupport/Fixtures"
PAIRS = [("A", "V", -151), ("V", "A", -151), ("T", "o", -97), ("o", "space", -77), ("space", "T", -41),
         ("f", "f", 33), ("L", "T", -120), ("P", "period", -123), ("quotesingle", "s", 19)]


def base():
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    font = TTFont(ROOT / "Fonts/NotoSans-Regular.ttf")
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=list(range(0x20, 0x7F)) + [0xA0])
    subsetter.subset(font)
    del font["GPOS"]
    return font


def kern_format0(font):
    table = KernTable_format_0()
    table.format, table.version, table.coverage, table.tupleIndex = 0, 0, 1, 0
    cmap = font.getBestCmap()
    name = {chr(code): glyph for code, glyph in cmap.items()}
    name["space"], name["period"], name["quotesingle"] = cmap[0x20], cmap[0x2E], cmap[0x27]
    table.kernTable = {(name.get(a, a), name.get(b, b)): value for a, b, value in PAIRS}
    return table


def kern_format1():
    # A format 1 subtable header (version 0, length, coverage: format 1 | horizontal) and a
    # minimal state table: HarfBuzz may or may not use it; the analysis must refuse the face.
    body = struct.pack(">HHHHH", 4, 0, 0, 0, 0)
    table = KernTable_format_unkown(1)
    table.data = struct.pack(">HHH", 0, 6 + len(body), 0x0101) + body
    return table


def save(font, name):
    font.save(OUT / name)
    print("wrote", OUT / name)


def main():
    font = base()
    font["kern"] = newTable("kern")
    font["kern"].version = 0
    font["kern"].kernTables = [kern_format0(font)]
    save(font, "simple-text-kern0.ttf")

    font = base()
    font["kern"] = newTable("kern")
    font["kern"].version = 0
    font["kern"].kernTables = [kern_format0(font), kern_format1()]
    save(font, "simple-text-kern1.ttf")

    font = base()
    trak = newTable("trak")
    trak.decompile(struct.pack(">IHHHH", 0x00010000, 0, 12, 0, 0) + struct.pack(">HHI", 1, 1, 20)
                   + struct.pack(">lHH", 0, 256, 28) + struct.pack(">l", 12 << 16) + struct.pack(">h", 50), font)
    font["trak"] = trak
    save(font, "simple-text-trak.ttf")


if __name__ == "__main__":
    main()
