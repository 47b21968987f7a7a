#!/usr/bin/env python3
"""Generate Tests/TextMeasureTestSupport/Fixtures/golden-bidi-widths.tsv with hb-shape.

Each case below is a mixed-direction text, the font stack that measures it
(files in Fonts/, primary first) and its shaping runs in logical order, worked
out BY HAND, not by TextMeasure:

  * bidi levels per UAX #9 for the paragraph direction given (auto: the first
    strong character's): e.g. European digits after Arabic letters become AN
    (W2) at level 2; a bracket pair holding text of the other direction takes
    the direction of the text before it when that is the other one too, else
    the paragraph's (N0: in "abc (אבג) 123" the ")" is L, and the space
    after it, between L and a number, takes the paragraph's L); another neutral
    between two strong types of one direction takes it (N1), else the
    paragraph's (N2);
  * the script of each character as Pango's script runs give it: a common
    character (digit, space, punctuation) takes the script of the text before it
    (leading ones the first script after them), a closing bracket the script of
    the text before its opening bracket;
  * the font of each character as Pango's itemizer picks it (DESIGN.md §3): a
    cluster, digits and punctuation included, goes to the first font covering
    it; a space takes the font before it within its item (one script, one
    level), or the one after it when that font comes earlier in the stack; a
    space alone in its item, the first font (all these fonts have a space);
  * a run ends where the font, the script or the level changes.

Every run is shaped alone with the whole text around it as context:

    LC_ALL=C.UTF-8 hb-shape --font-funcs=ot --font-size=UPEM --language=und
        --direction=ltr|rtl --script=TAG --text-before=... --text-after=...
        [--bot] [--eot] --no-glyph-names --output-format=json
        --unicodes=U+XXXX,... FONT

(--bot when the run starts the text, --eot when it ends it), and its glyphs'
`ax` are summed. A text's width is the sum of its runs' widths; before the
text was split by bidi level, TextMeasure shaped each font/script run in the
direction HarfBuzz guessed from its script, which differs where kerning or
mirroring crosses a level boundary (`tv.*`).

Output rows: label, fonts, direction (auto|ltr|rtl), text code points, then per
run: run code points, font index, rtl|ltr, upem, advance units.

Usage: Scripts/golden-bidi-widths.py [--check]
Python 3 standard library only.
"""
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "Tests" / "TextMeasureTestSupport" / "Fixtures" / "golden-bidi-widths.tsv"
SANS, ARAB, HEBR = "NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf"

# label, fonts, direction, runs: (text, font index, direction, script)
CASES = [
    ("arab.price", [ARAB], "auto", [("السعر ", 0, "rtl", "Arab"), ("100", 0, "ltr", "Arab"), (" دولار", 0, "rtl", "Arab")]),
    ("arab.year", [ARAB], "auto", [("عام ", 0, "rtl", "Arab"), ("2024", 0, "ltr", "Arab"), (": ", 0, "rtl", "Arab"),
                                   ("15.5", 0, "ltr", "Arab"), (" مليون", 0, "rtl", "Arab")]),
    ("arab.digits-first", [ARAB], "auto", [("123", 0, "ltr", "Arab"), (" مرحبا", 0, "rtl", "Arab")]),
    ("arab.parens", [SANS, ARAB], "auto", [("Hello (", 0, "ltr", "Latn"), ("مرحبا", 1, "rtl", "Arab"),
                                           (") World", 0, "ltr", "Latn")]),
    ("hebr.digits", [SANS, HEBR], "auto", [("abc (", 0, "ltr", "Latn"), ("אבג", 1, "rtl", "Hebr"), (") ", 0, "ltr", "Latn"),
                                           ("123", 0, "ltr", "Latn"), (" def", 0, "ltr", "Latn")]),
    ("hebr.mixed", [SANS, HEBR], "auto", [("abc ", 0, "ltr", "Latn"), ("אבג ", 1, "rtl", "Hebr"), ("123", 0, "ltr", "Hebr"),
                                          (" דהו", 1, "rtl", "Hebr"), (" ", 0, "ltr", "Hebr"), ("def", 0, "ltr", "Latn")]),
    ("hebr.mixed-rtl", [SANS, HEBR], "rtl", [("abc", 0, "ltr", "Latn"), (" ", 0, "rtl", "Latn"), ("אבג ", 1, "rtl", "Hebr"),
                                             ("123", 0, "ltr", "Hebr"), (" דהו ", 1, "rtl", "Hebr"), ("def", 0, "ltr", "Latn")]),
    ("tv.hebr", [SANS, HEBR], "auto", [("שלום", 1, "rtl", "Hebr"), ("(", 0, "rtl", "Hebr"), ("TV", 0, "ltr", "Latn"),
                                       (".", 0, "rtl", "Latn"), (")", 0, "rtl", "Hebr")]),
    ("tv.arab", [SANS, ARAB], "auto", [("مرحبا", 1, "rtl", "Arab"), ("(", 0, "rtl", "Arab"), ("AVATAR", 0, "ltr", "Latn"),
                                       (".", 0, "rtl", "Latn"), (")", 0, "rtl", "Arab")]),
]

# C.UTF-8: the context arguments are UTF-8; --language=und keeps the locale out of shaping.
HB_ENV = dict(os.environ, LC_ALL="C.UTF-8", LANG="C.UTF-8")
HB_ENV.pop("LANGUAGE", None)


def units_per_em(path):
    """head.unitsPerEm, through the golden-widths script's parser."""
    sys.path.insert(0, str(ROOT / "Scripts"))
    import importlib.util
    spec = importlib.util.spec_from_file_location("golden_widths", ROOT / "Scripts" / "golden-widths.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.units_per_em(path)


def shape(font, upem, text, before, after, direction, script):
    command = ["hb-shape", "--font-funcs=ot", "--font-size=%d" % upem, "--language=und", "--direction=" + direction,
               "--script=" + script, "--no-glyph-names", "--output-format=json",
               "--unicodes=" + ",".join("U+%04X" % ord(c) for c in text)]
    if before:
        command.append("--text-before=" + before)
    else:
        command.append("--bot")
    if after:
        command.append("--text-after=" + after)
    else:
        command.append("--eot")
    command.append(str(font))
    out = subprocess.run(command, check=True, capture_output=True, text=True, env=HB_ENV).stdout
    glyphs = json.loads([line for line in out.splitlines() if line.strip()][0])
    if any(glyph["g"] == 0 for glyph in glyphs):
        raise SystemExit("%s has no glyph for a character of %r" % (font.name, text))
    return sum(glyph["ax"] for glyph in glyphs)


def codepoints(text):
    return " ".join("%X" % ord(c) for c in text)


def generate():
    version = subprocess.run(["hb-shape", "--version"], check=True, capture_output=True, text=True).stdout.splitlines()[0]
    rows = ["# Generated by Scripts/golden-bidi-widths.py with %s; do not edit." % version,
            "# label\tfonts\tdirection\ttext\tthen per run: run text, font index, direction, upem, advance units"]
    for label, fonts, direction, runs in CASES:
        text = "".join(run[0] for run in runs)
        row = [label, ",".join(fonts), direction, codepoints(text)]
        offset = 0
        for run_text, index, run_direction, script in runs:
            font = ROOT / "Fonts" / fonts[index]
            upem = units_per_em(font)
            units = shape(font, upem, run_text, text[:offset], text[offset + len(run_text):], run_direction, script)
            row += [codepoints(run_text), str(index), run_direction, str(upem), str(units)]
            offset += len(run_text)
        rows.append("\t".join(row))
    return "\n".join(rows) + "\n"


def main():
    text = generate()
    if "--check" in sys.argv[1:]:
        if not OUTPUT.exists() or OUTPUT.read_text(encoding="utf-8") != text:
            sys.exit("%s is out of date; run Scripts/golden-bidi-widths.py" % OUTPUT)
        print("%s is up to date" % OUTPUT.relative_to(ROOT))
        return
    OUTPUT.write_text(text, encoding="utf-8")
    print("wrote %s: %d cases" % (OUTPUT.relative_to(ROOT), len(CASES)))


if __name__ == "__main__":
    main()
