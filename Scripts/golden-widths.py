#!/usr/bin/env python3
"""Generate Tests/TextMeasureTestSupport/Fixtures/golden-widths.tsv with hb-shape.

For every fixture in Tests/TextMeasureTestSupport/Fixtures/multilingual.txt
(`label<TAB>text`) and every bundled font in Fonts/ (*.ttf, *.otf), run

    LC_ALL=C hb-shape --font-funcs=ot --font-size=UPEM --no-glyph-names \
        --output-format=json [--features=F] --unicodes=U+XXXX,... FONT

and sum the glyphs' `ax` values.  UPEM is the font's head.unitsPerEm, read
from the file with struct (HarfBuzz 6.0 has no hb-info).  At --font-size=upem
the font scale equals unitsPerEm, so HarfBuzz's positions are exactly in font
units: hb-shape prints integers and the script refuses anything else (if a
future HarfBuzz printed fractions, they are kept as exact decimals).

Every font is shaped with every string, including fonts that do not cover the
string: those rows measure .notdef (glyph 0) advances and are just as valid a
test of the library.  Additionally NotoSans-Regular.ttf is shaped with the
features `-kern`, `-liga` and `-kern,-liga` on the Latin and Common (latn.*,
zyyy.*) fixtures.

The label prefix names the fixture's script; the script checks that the font
meant for that script (PRIMARY_FONT below) covers every character, i.e. no
glyph 0 appears in its shaping result, and exits non-zero otherwise.

LC_ALL=C / LANG=C are set for hb-shape because it takes its default language
from the locale; under the C locale the language maps to no OpenType language
system, as in a process that never calls setlocale().

Output rows: fontfile, features (comma-separated or `-`), label, code points
(space-separated uppercase hex), upem, advance_units.

Usage: Scripts/golden-widths.py [--check]
  --check  regenerate in memory and compare with the file on disk (exit 1 on
           difference) instead of writing it.
Python 3 standard library only.
"""
import json
import os
import struct
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "Fonts"
FIXTURES = ROOT / "Tests" / "TextMeasureTestSupport" / "Fixtures"
INPUT = FIXTURES / "multilingual.txt"
OUTPUT = FIXTURES / "golden-widths.tsv"

PRIMARY_FONT = {
    "latn": "NotoSans-Regular.ttf",
    "zyyy": "NotoSans-Regular.ttf",
    "grek": "NotoSans-Regular.ttf",
    "cyrl": "NotoSans-Regular.ttf",
    "arab": "NotoSansArabic-Regular.ttf",
    "hebr": "NotoSansHebrew-Regular.ttf",
    "deva": "NotoSansDevanagari-Regular.ttf",
    "thai": "NotoSansThai-Regular.ttf",
    "hani": "NotoSansCJKsc-Regular.otf",
    "hira": "NotoSansCJKsc-Regular.otf",
    "kana": "NotoSansCJKsc-Regular.otf",
    "hang": "NotoSansCJKsc-Regular.otf",
    "emoji": "NotoColorEmoji.ttf",
}
# The bold faces cover what their regular faces cover (Fonts/README.md).
BOLD_FONT = {prefix: name.replace("-Regular.", "-Bold.") for prefix, name in PRIMARY_FONT.items()
             if name.startswith("NotoSans") and "-Regular.ttf" in name and "Mono" not in name}
FEATURE_FONT = "NotoSans-Regular.ttf"
FEATURE_SETS = ["-kern", "-liga", "-kern,-liga"]
FEATURE_PREFIXES = ("latn", "zyyy")

HB_ENV = dict(os.environ, LC_ALL="C", LANG="C")
HB_ENV.pop("LANGUAGE", None)


def units_per_em(path):
    """head.unitsPerEm of a TrueType/OpenType (non-collection) font."""
    data = path.read_bytes()
    tag = data[:4]
    if tag == b"ttcf":
        raise SystemExit("%s: font collections are not supported" % path.name)
    if tag not in (b"\x00\x01\x00\x00", b"OTTO", b"true"):
        raise SystemExit("%s: not an sfnt font" % path.name)
    (num_tables,) = struct.unpack(">H", data[4:6])
    for i in range(num_tables):
        rec = data[12 + 16 * i:28 + 16 * i]
        table_tag, _checksum, offset, _length = struct.unpack(">4sIII", rec)
        if table_tag == b"head":
            # head: version(4) fontRevision(4) checkSumAdjustment(4)
            #       magicNumber(4) flags(2) unitsPerEm(2)
            magic, _flags, upem = struct.unpack(">IHH", data[offset + 12:offset + 20])
            if magic != 0x5F0F3CF5:
                raise SystemExit("%s: bad head magic" % path.name)
            return upem
    raise SystemExit("%s: no head table" % path.name)


def hb_version():
    out = subprocess.run(["hb-shape", "--version"], check=True, capture_output=True, text=True).stdout
    return out.splitlines()[0].strip()


def shape(font, upem, codepoints, features):
    # --bot/--eot and the neutral language "und" match what TextMeasure's shaper sets.
    cmd = ["hb-shape", "--font-funcs=ot", "--font-size=%d" % upem, "--bot", "--eot", "--language=und",
           "--no-glyph-names", "--output-format=json"]
    if features != "-":
        cmd.append("--features=" + features)
    cmd.append("--unicodes=" + ",".join("U+%04X" % cp for cp in codepoints))
    cmd.append(str(font))
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=HB_ENV).stdout
    # hb-shape writes one JSON array per input line; --unicodes is one line.
    lines = [l for l in out.splitlines() if l.strip()]
    if len(lines) != 1:
        raise SystemExit("unexpected hb-shape output for %s: %r" % (cmd, out))
    return json.loads(lines[0], parse_float=Decimal)


def read_fixtures():
    fixtures = []
    seen = set()
    with open(INPUT, encoding="utf-8", newline="\n") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            label, sep, text = line.partition("\t")
            if not sep or "\t" in text or not text:
                raise SystemExit("%s:%d: expected label<TAB>text" % (INPUT.name, n))
            if label in seen:
                raise SystemExit("%s:%d: duplicate label %s" % (INPUT.name, n, label))
            seen.add(label)
            fixtures.append((label, [ord(c) for c in text]))
    return fixtures


def fmt_number(total):
    if isinstance(total, int):
        return str(total)
    # exact decimal, no exponent, no trailing zeros
    s = format(total.normalize(), "f")
    return s


def generate():
    fixtures = read_fixtures()
    fonts = sorted(p for p in FONTS.iterdir() if p.suffix in (".ttf", ".otf"))
    if not fonts:
        raise SystemExit("no fonts in %s" % FONTS)
    version = hb_version()
    rows = []
    problems = []
    non_integer = 0
    for font in fonts:
        upem = units_per_em(font)
        jobs = [("-", label, cps) for label, cps in fixtures]
        if font.name == FEATURE_FONT:
            for feats in FEATURE_SETS:
                jobs += [(feats, label, cps) for label, cps in fixtures
                         if label.split(".")[0] in FEATURE_PREFIXES]
        for feats, label, cps in jobs:
            glyphs = shape(font, upem, cps, feats)
            total = 0
            for g in glyphs:
                ax = g["ax"]
                if not isinstance(ax, int):
                    non_integer += 1
                total += ax
            prefix = label.split(".")[0]
            if feats == "-" and font.name in (PRIMARY_FONT.get(prefix), BOLD_FONT.get(prefix)):
                if any(g["g"] == 0 for g in glyphs):
                    problems.append("%s: .notdef in %s" % (label, font.name))
            rows.append("\t".join([font.name, feats, label, " ".join("%X" % cp for cp in cps),
                                   str(upem), fmt_number(total)]))
    for label, _ in fixtures:
        if label.split(".")[0] not in PRIMARY_FONT:
            problems.append("%s: unknown label prefix (see PRIMARY_FONT)" % label)
    if problems:
        raise SystemExit("coverage problems:\n  " + "\n  ".join(problems))
    header = [
        "# Generated by Scripts/golden-widths.py with %s; do not edit." % version,
        "# Per row: LC_ALL=C hb-shape --font-funcs=ot --font-size=<upem> --bot --eot --language=und --no-glyph-names --output-format=json"
        " [--features=<features>] --unicodes=U+<cp>,... Fonts/<fontfile>; advance_units = sum of ax"
        " (font units; %s)." % ("all integers" if non_integer == 0 else "%d non-integer ax values kept exact" % non_integer),
        "# fontfile\tfeatures\tlabel\tcodepoints\tupem\tadvance_units",
    ]
    return "\n".join(header + rows) + "\n", len(rows), len(fonts), len(fixtures)


def main():
    text, nrows, nfonts, nfix = generate()
    if "--check" in sys.argv[1:]:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != text:
            print("%s is out of date; run Scripts/golden-widths.py" % OUTPUT, file=sys.stderr)
            sys.exit(1)
        print("%s is up to date (%d rows)" % (OUTPUT.relative_to(ROOT), nrows))
        return
    with open(OUTPUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print("wrote %s: %d rows (%d fonts x %d fixtures + feature rows)"
          % (OUTPUT.relative_to(ROOT), nrows, nfonts, nfix))


if __name__ == "__main__":
    main()
