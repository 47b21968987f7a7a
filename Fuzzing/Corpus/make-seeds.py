#!/usr/bin/env python3
"""Writes the seed corpus of every fuzz target into Fuzzing/Corpus/<target>/.

- FuzzFont: subsets of the bundled fonts (hb-subset, package libharfbuzz-bin), a few characters
  each with every layout feature kept: TrueType and CFF outlines, GSUB, GPOS with marks and
  kerning, colour bitmaps, so mutations start from real structure (about 36 KB).
- FuzzLayout, FuzzCells: the byte formats that FuzzInput decodes (see the targets' main.swift).
- FuzzXlsx, FuzzLayoutJSON: tables in FuzzTable's byte format, every special cell in some cell,
  and one of short strings (see FuzzSupport/FuzzTable.swift).
- FuzzLiveMessages: such tables followed by page messages of every kind (see its main.swift).
- FuzzCSV: Samples/products.csv and small files with quoting, line ends, a byte order mark, and
  the errors the reader must name (a ragged row, bytes that are not UTF-8).

The output is the same bytes on every run with the same HarfBuzz (checked with 6.0.0).
"""
import pathlib
import shutil
import struct
import subprocess

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent

# FuzzInput.specialLengths, by value: a length is one byte, its index there.
LENGTHS = [0, 100, -0.0, 1, 7.5, 14, 50, 300, 1000, 40, 20, 3, 0.5, 1e-9, 1e9,
           -1, -1e9, "nan", "inf", "-inf", 1e12, 1e300, "max", "tiny"]


def length(value):
    """A length as FuzzInput.length() reads it: a special value's index, else a raw Double."""
    if value in LENGTHS:
        return bytes([LENGTHS.index(value)])
    return b"\xff" + struct.pack(">d", value)


def short_string(text):
    data = text.encode("utf-8")
    assert len(data) < 256
    return bytes([len(data)]) + data


def write(target, name, data):
    folder = HERE / target
    folder.mkdir(exist_ok=True)
    (folder / name).write_bytes(data)


def fonts():
    subsets = [
        ("latin.ttf", "NotoSans-Regular.ttf", "AVATAR Wo ﬁ office, ½ “x” soft-hyphen"),
        ("mono.ttf", "NotoSansMono-Regular.ttf", "Tab line 2 0123"),
        ("hebrew.ttf", "NotoSansHebrew-Regular.ttf", "שָׁלוֹם"),
        ("arabic.ttf", "NotoSansArabic-Regular.ttf", "مَرْحَبًا"),
        ("devanagari.ttf", "NotoSansDevanagari-Regular.ttf", "नमस्ते"),
        ("thai.ttf", "NotoSansThai-Regular.ttf", "สวัสดี"),
        ("cjk.otf", "NotoSansCJKsc-Regular.otf", "漢字かな한글"),
        ("emoji.ttf", "NotoColorEmoji.ttf", "👍🏽"),
    ]
    (HERE / "FuzzFont").mkdir(exist_ok=True)
    for name, font, text in subsets:
        subprocess.run(["hb-subset", "--no-hinting", "--layout-features=*", f"--text={text}",
                        f"--output-file={HERE / 'FuzzFont' / name}", str(ROOT / "Fonts" / font)], check=True)


def layout(name, text, stack=0, size=14, width=100, max_lines=0, truncation=0, ellipsis=0,
           line_height=b"\x02", tab=b"\x01"):
    """stack: 0 bundled, 1 mono, 2 mono first; truncation: 0 end, 1 middle, 2 start; ellipsis:
    an index of FuzzInput.ellipsis(); max_lines: an index of FuzzInput.lineCount();
    line_height: b"\\x02" for .font, b"\\x00" + length for a multiple, b"\\x01" + length for points;
    tab: b"\\x01" for the default interval, b"\\x00" + length for one."""
    data = bytes([stack]) + length(size) + length(width) + bytes([max_lines, truncation, ellipsis])
    write("FuzzLayout", name, data + line_height + tab + text.encode("utf-8"))


def layouts():
    layout("sentence", "The quick brown fox jumps over the lazy dog.")
    layout("hard-breaks", "first\nsecond\r\nthird\u2028fourth\u0085fifth\n", width=40, max_lines=2, truncation=1)
    layout("bidi", "Hello שלום 123 مرحبا world (2024)", stack=2, width=50)
    layout("cjk-thai", "漢字かなカナ한글 สวัสดีครับ ภาษาไทยง่าย", width=40, max_lines=3, truncation=2)
    layout("clusters", "👍🏽👨‍👩‍👧 e\u0301 café\u00ADteria super\u00ADcali\u200Bfragilistic", width=20, ellipsis=2)
    layout("long-word", "a" * 300 + " Donaudampfschifffahrtsgesellschaftskapitän", width=7.5, max_lines=4)
    layout("tabs", "col1\tcol2\t\tcol3\n\tindented", stack=1, tab=b"\x00" + length(50))
    layout("devanagari", "नमस्ते दुनिया क्षत्रिय", width=0, line_height=b"\x00" + length(1.5))
    layout("blank", "   \n\n  \t ", width="nan", max_lines=1)
    layout("empty", "", max_lines=1, line_height=b"\x01" + length(20))


def priority(value):
    """The byte that ends every node: no layout priority, or one of `value`."""
    return b"\x01" if value is None else b"\x00" + length(value)


def text(string, stack=0, line_limit=0, wraps=1, truncation=0, ellipsis=0, layout_priority=None):
    """A text node: kind 0, its string, stack, lineCount() index, wraps (0: no), truncation,
    ellipsis, .font line height."""
    return b"\x00" + short_string(string) + bytes([stack, line_limit, wraps, truncation, ellipsis, 2]) \
        + priority(layout_priority)


def box(width, height):
    return b"\x01" + length(width) + length(height) + b"\x00" + priority(None)


def stack(kind, spacing, alignment, children):
    """kind 7 hstack (alignment: 0 top, 1 center, 2 bottom, 3 fill, 4 firstBaseline) or
    8 vstack (0 leading, 1 center, 2 trailing, 3 fill)."""
    return bytes([kind]) + length(spacing) + bytes([alignment, len(children)]) + b"".join(children) + priority(None)


def cells():
    """A tree in prefix order, then the two widths it is measured at."""
    spacer = b"\x02" + length(0) + priority(None)
    product = stack(7, 7.5, 1, [
        box(40, 40),
        stack(8, 3, 0, [text("Wireless mouse (2.4 GHz)"), text("$29.99", stack=1)]),
        spacer,
        text("In stock", wraps=0),
    ])
    write("FuzzCells", "product", product + length(300) + length(50))
    # A badge over an avatar (overlay, trailing and top), padded by 3, in a frame of at most 200 pt:
    # a frame's and a padding's child comes before their lengths, an overlay's after its alignment.
    overlay = b"\x09" + bytes([2, 0]) + box(40, 40) + box(14, 14) + priority(None)
    padded = b"\x04" + length(3) * 4 + overlay + priority(None)
    framed = b"\x05" + padded + b"\x00" + b"\x01" + length(200.0) + b"\x00\x00" + priority(None)
    write("FuzzCells", "badge", framed + length(100) + length(0))
    baseline = stack(7, 0, 4, [text("Label", stack=2), text("Big title over two lines", line_limit=2, truncation=1),
                               box(20, 20)])
    write("FuzzCells", "baseline", baseline + length(50) + length(-1))
    shrinking = stack(7, 1, 3, [text("shrinks first", layout_priority=-1),
                                text("stays whole, longer text", layout_priority=1000)])
    write("FuzzCells", "priority", shrinking + length(40) + length("inf"))


def csvs():
    shutil.copy(ROOT / "Samples" / "products.csv", HERE / "FuzzCSV" / "products.csv")
    write("FuzzCSV", "quoted", b'Name,Note\r\n"Smith, John","said ""hi""\r\nthen left"\r\n,\r\n"",x\r\n')
    write("FuzzCSV", "bom-cr", "\ufeffA,B\rä,漢字\r\r👍🏽,e\u0301\r".encode("utf-8"))
    write("FuzzCSV", "ragged", b"a,b,c\n1,2,3\n4,5\n")
    write("FuzzCSV", "not-utf8", b"a,b\n1,\xff\xfe\n")
    write("FuzzCSV", "utf16", "a,b\n1,2\n".encode("utf-16"))
    write("FuzzCSV", "header-only", b"only one column")


SPECIALS = 33  # FuzzTable.specials.count


def table(columns, rows, cells):
    """A FuzzTable: the column and row counts, then each title and cell (an int: a special's
    index; a str: a short string)."""
    data = bytes([columns - 1, rows])
    for cell in cells:
        data += bytes([cell]) if isinstance(cell, int) else b"\x80" + short_string(cell)
    return data


def tables():
    every = table(4, 8, list(range(SPECIALS)) + [0] * (4 * 9 - SPECIALS))
    plain = table(2, 2, ["Name", "Price", "Widget", "$1,249.00", "Gadget\tsmall", "12.5%"])
    for target in ("FuzzXlsx", "FuzzLayoutJSON"):
        write(target, "every-special", every + b"\x00\x00\x00\x00\x00\x00")
        write(target, "plain", plain + b"\x01\x01\x02\x00")
    # FuzzLiveMessages: the table, its stack, wrapping and width, then messages: a request number, a
    # kind (0 raw text, 1 rows, 2 edit, 3 insert, 4 delete), then its numbers (each a byte that may be
    # taken, then the choice) and texts (short strings).
    raw = b"\x07\x00" + short_string('{"type":"rows","request":1,"from":0,"to":2}')
    rows = b"\x08\x01" + b"\x05\x00" + b"\x05\x03"
    edit = b"\x09\x02" + b"\x05\x02" + b"\x05\x01" + short_string("a much longer text that wraps over lines")
    insert = b"\x0a\x03" + b"\x05\x00" + b"\x05\x03" + short_string("new") + short_string("row") + short_string("x")
    delete = b"\x0b\x04" + b"\x05\x00"
    write("FuzzLiveMessages", "plain", plain + b"\x00\x00\x00" + raw + rows + edit + insert + delete + rows)
    write("FuzzLiveMessages", "every-special", every + b"\x00\x01\x01" + edit + edit + delete + delete + rows)


if __name__ == "__main__":
    fonts()
    layouts()
    cells()
    csvs()
    tables()
    for folder in sorted(HERE.iterdir()):
        if folder.is_dir():
            files = list(folder.iterdir())
            print(f"{folder.name}: {len(files)} files, {sum(f.stat().st_size for f in files)} bytes")
