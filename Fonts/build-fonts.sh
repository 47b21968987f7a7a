#!/usr/bin/env bash
# Rebuild every font file in Fonts/ (plus cjk-codepoints.txt and
# LICENSE-OFL.txt) from Debian 12 (bookworm) packages.
#
# Needs these packages (this script installs nothing system-wide):
#   apt-get install fonts-noto-core fonts-noto-mono fonts-noto-cjk \
#       fonts-noto-color-emoji libharfbuzz-bin fontconfig libfreetype6 \
#       python3 python3-venv
# and PyPI access: fontTools, Pillow and freetype-py (pinned below) are
# installed into a throw-away venv in a temporary directory for the emoji
# downscaling and its verification.
#
# Output is byte-reproducible with the same package versions (checked: two
# runs give identical bytes).  Different HarfBuzz / fontTools / Pillow
# versions may produce different bytes (never different advances).
set -euo pipefail

FONTS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$FONTS_DIR"

NOTO=/usr/share/fonts/truetype/noto
CJK_TTC=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
EMOJI_SRC="$NOTO/NotoColorEmoji.ttf"

# Emoji strike: 109 ppem (136x128 px) -> 32 ppem (40x38 px), 40-colour PNGs.
EMOJI_PPEM=32
EMOJI_COLORS=40

PY_PINS=(fonttools==4.68.0 pillow==13.0.0 freetype-py==2.5.1)

for tool in hb-subset hb-shape fc-scan python3; do
  command -v "$tool" >/dev/null || { echo "missing $tool (see header for apt packages)" >&2; exit 1; }
done
for f in "$NOTO"/NotoSans-Regular.ttf "$NOTO"/NotoSans-Bold.ttf "$NOTO"/NotoSansMono-Regular.ttf "$CJK_TTC" "$EMOJI_SRC"; do
  [[ -f $f ]] || { echo "missing $f (see header for apt packages)" >&2; exit 1; }
done

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# 1. Whole fonts, copied unchanged: the regular faces, and the bold faces of
#    the scripts Noto has one for (Noto Sans Mono has none in Debian 12; the
#    CJK bold stays out: a bold stack draws CJK in the regular face).
for name in NotoSans NotoSansArabic NotoSansHebrew NotoSansDevanagari NotoSansThai NotoSansMono; do
  cp "$NOTO/$name-Regular.ttf" "$name-Regular.ttf"
  chmod 0644 "$name-Regular.ttf"
done
for name in NotoSans NotoSansArabic NotoSansHebrew NotoSansDevanagari NotoSansThai; do
  cp "$NOTO/$name-Bold.ttf" "$name-Bold.ttf"
  chmod 0644 "$name-Bold.ttf"
done

# 2. Noto Sans CJK SC subset (single face out of the TTC).
face_index="$(fc-scan --format '%{index}\t%{family}\n' "$CJK_TTC" | awk -F'\t' '$2 == "Noto Sans CJK SC" { print $1; exit }')"
[[ -n $face_index ]] || { echo "Noto Sans CJK SC not found in $CJK_TTC" >&2; exit 1; }
python3 scripts/cjk_codepoints.py --summary > cjk-codepoints.txt
hb-subset --face-index="$face_index" \
  --unicodes-file=cjk-codepoints.txt \
  --layout-features='*' \
  --output-file=NotoSansCJKsc-Regular.otf \
  "$CJK_TTC"

# 3. Noto Color Emoji with a downscaled bitmap strike.
python3 -m venv "$TMP/venv"
"$TMP/venv/bin/pip" install --quiet --disable-pip-version-check "${PY_PINS[@]}"
# freetype-py's wheel bundles a FreeType without PNG support; drop it so the
# verification below uses Debian's libfreetype6.
rm -f "$TMP"/venv/lib/python3*/site-packages/freetype/libfreetype.so*
"$TMP/venv/bin/python" scripts/downscale_emoji.py "$EMOJI_SRC" NotoColorEmoji.ttf "$EMOJI_PPEM" "$EMOJI_COLORS"
"$TMP/venv/bin/python" scripts/verify_emoji.py "$EMOJI_SRC" NotoColorEmoji.ttf
fc-scan --format '%{family}: pixelsize=%{pixelsize} color=%{color}\n' NotoColorEmoji.ttf

# 4. Licence: copyright notices of the bundled fonts + OFL 1.1 text as shipped
#    in Debian's copyright file.
"$TMP/venv/bin/python" - /usr/share/doc/fonts-noto-color-emoji/copyright > LICENSE-OFL.txt <<'EOF'
import sys
from fontTools.ttLib import TTFont

fonts = ["NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf",
         "NotoSansHebrew-Regular.ttf", "NotoSansDevanagari-Regular.ttf",
         "NotoSansThai-Regular.ttf", "NotoSans-Bold.ttf", "NotoSansArabic-Bold.ttf",
         "NotoSansHebrew-Bold.ttf", "NotoSansDevanagari-Bold.ttf",
         "NotoSansThai-Bold.ttf", "NotoSansMono-Regular.ttf",
         "NotoSansCJKsc-Regular.otf", "NotoColorEmoji.ttf"]
print("The font files in this directory are licensed under the SIL Open Font")
print("License, Version 1.1 (text below):")
print()
for name in fonts:
    font = TTFont(name, lazy=True)
    print("%s: %s" % (name, font["name"].getDebugName(0)))
print()
print("Noto is a trademark of Google LLC. Noto Sans CJK is derived from Source Han")
print("Sans, copyright Adobe, with Reserved Font Name 'Source'; the subset here keeps")
print("the name Noto Sans CJK SC and does not use the Reserved Font Name.")
print()
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
start = next(i for i, l in enumerate(lines) if "SIL OPEN FONT LICENSE Version 1.1" in l) - 1
end = next(i for i in range(start, len(lines)) if "OTHER DEALINGS IN THE FONT SOFTWARE." in lines[i])
for line in lines[start:end + 1]:
    line = line[1:] if line.startswith(" ") else line
    print("" if line == "." else line)
EOF

echo
echo "Built with: $(hb-subset --version | head -1); ${PY_PINS[*]}"
ls -l NotoSans*-Regular.ttf NotoSans*-Bold.ttf NotoSansCJKsc-Regular.otf NotoColorEmoji.ttf
total=$(cat NotoSans*-Regular.ttf NotoSans*-Bold.ttf NotoSansCJKsc-Regular.otf NotoColorEmoji.ttf | wc -c)
echo "total font bytes: $total"
sha256sum NotoSans*-Regular.ttf NotoSans*-Bold.ttf NotoSansCJKsc-Regular.otf NotoColorEmoji.ttf cjk-codepoints.txt LICENSE-OFL.txt
