#!/usr/bin/env python3
"""Downscale the CBDT/CBLC colour-bitmap strike of NotoColorEmoji.ttf.

Only the CBDT and CBLC tables are rewritten: every PNG is resampled to the new
strike size and its glyph metrics (width, height, bearings, advance) and the
strike's ppem and line metrics are scaled by the same factor.  All other tables
(cmap, hmtx, hhea, head, GSUB, maxp, OS/2, vhea, vmtx, name, post) are copied
byte for byte (fontTools lazily passes through tables that are never
decompiled; head is not touched because recalcTimestamp=False), so glyph ids,
advances and shaping results are identical to the input font.

Usage: downscale_emoji.py IN.ttf OUT.ttf PPEM COLORS
  COLORS = 0 keeps truecolour RGBA PNGs; COLORS = N (2..256) quantises each
  bitmap to an N-colour palette with alpha (much smaller: for images this
  small the 256-entry PLTE+tRNS chunks alone cost 1 KiB per glyph).
Requires fontTools and Pillow.
"""
import io
import sys

from fontTools.ttLib import TTFont
from PIL import Image


def scale(v, f):
    # round half away from zero, deterministic for negatives
    x = v * f
    return int(x + 0.5) if x >= 0 else -int(-x + 0.5)


def encode_png(im, colors):
    """Encode an RGBA image as PNG, optionally as a palette image.

    Palette images are written with the translucent entries first so that the
    tRNS chunk can stop at the last translucent entry (Pillow otherwise writes
    one alpha byte per palette entry).
    """
    out = io.BytesIO()
    if not colors:
        im.save(out, format="PNG", optimize=True)
        return out.getvalue()
    q = im.quantize(colors=colors, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    pal = q.getpalette("RGBA")
    used = sorted(c for _, c in q.getcolors())
    order = [i for i in used if pal[4 * i + 3] != 255] + [i for i in used if pal[4 * i + 3] == 255]
    n_translucent = sum(1 for i in used if pal[4 * i + 3] != 255)
    lut = bytearray(256)
    for new, old in enumerate(order):
        lut[old] = new
    p = Image.frombytes("P", q.size, q.tobytes().translate(bytes(lut)))
    rgb = []
    for old in order:
        rgb += pal[4 * old:4 * old + 3]
    p.putpalette(rgb, "RGB")
    kw = {}
    if n_translucent:
        kw["transparency"] = bytes(pal[4 * old + 3] for old in order[:n_translucent])
    p.save(out, format="PNG", optimize=True, **kw)
    return out.getvalue()


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    src, dst, new_ppem, colors = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])

    font = TTFont(src, recalcBBoxes=False, recalcTimestamp=False)
    cblc = font["CBLC"]
    cbdt = font["CBDT"]
    if len(cblc.strikes) != 1:
        sys.exit("expected exactly one strike, got %d" % len(cblc.strikes))
    strike = cblc.strikes[0]
    bst = strike.bitmapSizeTable
    old_ppem = bst.ppemY
    f = new_ppem / old_ppem

    # Line metrics of the strike.
    for lm in (bst.hori, bst.vert):
        lm.ascender = scale(lm.ascender, f)
        lm.descender = scale(lm.descender, f)
        lm.widthMax = scale(lm.widthMax, f)
    bst.ppemX = scale(bst.ppemX, f)
    bst.ppemY = new_ppem

    # Glyph bitmaps + per-glyph small metrics (format 17).
    cache = {}
    for name, bitmap in cbdt.strikeData[0].items():
        if type(bitmap).__name__ not in ("cbdt_bitmap_format_17", "cbdt_bitmap_format_18"):
            sys.exit("unsupported bitmap format %s for %s" % (type(bitmap).__name__, name))
        m = bitmap.metrics
        top = m.BearingY
        bottom = m.BearingY - m.height  # may be negative (below baseline)
        new_top = scale(top, f)
        new_bottom = scale(bottom, f)
        new_h = max(1, new_top - new_bottom)
        left = m.BearingX
        new_left = scale(left, f)
        new_w = max(1, scale(left + m.width, f) - new_left)
        key = (bitmap.imageData, new_w, new_h)
        data = cache.get(key)
        if data is None:
            im = Image.open(io.BytesIO(bitmap.imageData)).convert("RGBA")
            # resample in premultiplied alpha to avoid dark fringes
            im = im.convert("RGBa").resize((new_w, new_h), Image.Resampling.LANCZOS).convert("RGBA")
            data = encode_png(im, colors)
            cache[key] = data
        bitmap.imageData = data
        m.width = new_w
        m.height = new_h
        m.BearingX = new_left
        m.BearingY = new_top
        m.Advance = scale(m.Advance, f)
        if hasattr(m, "vertAdvance"):
            m.vertBearingX = scale(m.vertBearingX, f)
            m.vertBearingY = scale(m.vertBearingY, f)
            m.vertAdvance = scale(m.vertAdvance, f)

    # Index subtables with constant metrics (formats 2/5) carry metrics too.
    for st in strike.indexSubTables:
        if hasattr(st, "metrics") and st.metrics is not None:
            sys.exit("index subtable with shared metrics not supported")

    font.save(dst, reorderTables=True)


if __name__ == "__main__":
    main()
