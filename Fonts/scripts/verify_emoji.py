#!/usr/bin/env python3
"""Check that a downscaled NotoColorEmoji.ttf is shaping-identical to the original.

1. Every sfnt table other than CBDT/CBLC is byte-identical (cmap, hmtx, hhea,
   head, GSUB, maxp, OS/2, vhea, vmtx, name, post).
2. `hb-shape --font-funcs=ot` gives identical glyph ids, clusters, advances and
   offsets for a set of emoji sequences (ZWJ, flags, keycaps, skin tones, VS16).
3. If freetype-py is importable: FreeType opens the font, selects the single
   strike and loads a colour (BGRA) bitmap.  freetype-py's wheel bundles a
   FreeType built without libpng; build-fonts.sh removes that copy from its
   temporary venv so that Debian's libfreetype6 (with PNG support) is used.

Usage: verify_emoji.py ORIGINAL.ttf NEW.ttf   (exit status 1 on mismatch)
"""
import json
import struct
import subprocess
import sys

SEQUENCES = [
    ("thumbs up + medium skin tone", [0x1F44D, 0x1F3FD]),
    ("family ZWJ", [0x1F468, 0x200D, 0x1F469, 0x200D, 0x1F467, 0x200D, 0x1F466]),
    ("flag JP", [0x1F1EF, 0x1F1F5]),
    ("keycap 1", [0x31, 0xFE0F, 0x20E3]),
    ("heart VS16", [0x2764, 0xFE0F]),
    ("rainbow flag", [0x1F3F3, 0xFE0F, 0x200D, 0x1F308]),
    ("grinning face", [0x1F600]),
    ("astronaut dark skin", [0x1F9D1, 0x1F3FF, 0x200D, 0x1F680]),
    ("flag England (tag seq)", [0x1F3F4, 0xE0067, 0xE0062, 0xE0065, 0xE006E, 0xE0067, 0xE007F]),
    ("kiss woman man", [0x1F469, 0x200D, 0x2764, 0xFE0F, 0x200D, 0x1F48B, 0x200D, 0x1F468]),
    ("mixed", [0x41, 0x1F600, 0x20, 0x1F1FA, 0x1F1F8, 0x23, 0xFE0F, 0x20E3]),
]


def tables(path):
    with open(path, "rb") as f:
        data = f.read()
    num = struct.unpack(">H", data[4:6])[0]
    out = {}
    for i in range(num):
        tag, _csum, off, length = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
        out[tag.decode("latin-1")] = data[off:off + length]
    return out


def shape(font, cps):
    cmd = ["hb-shape", "--font-funcs=ot", "--output-format=json",
           "--unicodes=" + ",".join("U+%04X" % c for c in cps), font]
    return json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)


def main():
    orig, new = sys.argv[1], sys.argv[2]
    ok = True
    a, b = tables(orig), tables(new)
    if set(a) != set(b):
        print("FAIL table sets differ: %s vs %s" % (sorted(a), sorted(b)))
        ok = False
    for tag in sorted(set(a) & set(b)):
        if tag in ("CBDT", "CBLC"):
            continue
        ta, tb = a[tag], b[tag]
        note = ""
        if tag == "head":
            # checkSumAdjustment (bytes 8..11) is a checksum over the whole
            # file, so it must change when CBDT/CBLC change; compare the rest.
            ta, tb = ta[:8] + ta[12:], tb[:8] + tb[12:]
            note = " (except checkSumAdjustment)"
        same = ta == tb
        ok &= same
        print("%-4s %s%s" % (tag, "identical" if same else "DIFFERS", note))
    for label, cps in SEQUENCES:
        ra, rb = shape(orig, cps), shape(new, cps)
        same = ra == rb
        ok &= same
        print("%-28s %s glyphs=%s advances=%s" % (
            label, "identical" if same else "DIFFERS",
            [g["g"] for g in ra], [g["ax"] for g in ra]))
    try:
        import freetype  # optional
    except ImportError:
        freetype = None
    if freetype is not None:
        face = freetype.Face(new)
        sizes = ["%gppem" % (s.y_ppem / 64.0) for s in face.available_sizes]
        face.select_size(0)
        face.load_char(chr(0x1F600), freetype.FT_LOAD_COLOR)
        bm = face.glyph.bitmap
        good = bm.pixel_mode == freetype.FT_PIXEL_MODE_BGRA and bm.width > 0 and bm.rows > 0
        ok &= good
        print("FreeType %s: strikes=%s U+1F600 bitmap %dx%d BGRA=%s advance=%d/64 px %s" % (
            ".".join(map(str, freetype.version())), sizes, bm.width, bm.rows,
            bm.pixel_mode == freetype.FT_PIXEL_MODE_BGRA, face.glyph.advance.x,
            "ok" if good else "FAIL"))
    print("RESULT:", "OK" if ok else "MISMATCH")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
