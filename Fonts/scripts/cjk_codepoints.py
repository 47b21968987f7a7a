#!/usr/bin/env python3
"""Print the code points kept in the Noto Sans CJK SC subset, one per line
(uppercase hex, sorted), for `hb-subset --unicodes-file`.

Kept:
  * GB 2312 level-1 hanzi   (rows 0xB0-0xD7, cells 0xA1-0xFE, codec gb2312)
  * JIS X 0208 level-1 kanji (rows 0xB0-0xCF, cells 0xA1-0xFE, codec euc_jp)
  * KS X 1001 Hangul syllables (rows 0xB0-0xC8, cells 0xA1-0xFE, codec euc_kr)
  * U+0020-007E, U+3000-303F, U+3040-309F, U+30A0-30FF, U+3130-318F,
    U+FF00-FFEF
Undecodable byte pairs (unassigned cells) are skipped.  Stdlib only.
With --summary, prints counts to stderr.
"""
import sys


def decode_rows(codec, first_row, last_row):
    out = []
    for row in range(first_row, last_row + 1):
        for cell in range(0xA1, 0xFF):
            try:
                s = bytes([row, cell]).decode(codec)
            except UnicodeDecodeError:
                continue
            if len(s) == 1:
                out.append(ord(s))
    return out


RANGES = [
    (0x0020, 0x007E),  # Basic Latin (printable)
    (0x3000, 0x303F),  # CJK Symbols and Punctuation
    (0x3040, 0x309F),  # Hiragana
    (0x30A0, 0x30FF),  # Katakana
    (0x3130, 0x318F),  # Hangul Compatibility Jamo
    (0xFF00, 0xFFEF),  # Halfwidth and Fullwidth Forms
]


def main():
    hanzi = decode_rows("gb2312", 0xB0, 0xD7)
    kanji = decode_rows("euc_jp", 0xB0, 0xCF)
    hangul = decode_rows("euc_kr", 0xB0, 0xC8)
    cps = set(hanzi) | set(kanji) | set(hangul)
    for lo, hi in RANGES:
        cps.update(range(lo, hi + 1))
    if "--summary" in sys.argv:
        print("gb2312 level-1 hanzi: %d, jis x 0208 level-1 kanji: %d, "
              "ks x 1001 hangul: %d, han union: %d, total code points: %d"
              % (len(hanzi), len(kanji), len(hangul),
                 len(set(hanzi) | set(kanji)), len(cps)), file=sys.stderr)
    sys.stdout.write("".join("%04X\n" % cp for cp in sorted(cps)))


if __name__ == "__main__":
    main()
