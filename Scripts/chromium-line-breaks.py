#!/usr/bin/env python3
"""Line breaks against headless Chromium: generated texts, Chromium's lines, TextMeasure's lines.

Generates --texts texts (default 20,000; seeded, so every run makes the same ones) in 12 scripts
(Latin, Cyrillic, Greek, Arabic, Hebrew, Devanagari, Thai, Han, kana, Hangul, emoji, full-width
forms: each text mostly of its script's words), mixing URLs, paths, slashes, hyphens before and
after digits, units ("10-15 kg", "3/4"), CJK with Latin and full-width punctuation, emoji
sequences, runs of spaces, and Arabic with digits. The words come from Fixtures/paragraphs.txt,
whose characters the bundled fonts cover.

Chromium lays each text out in a <div> at each of WIDTHS px (50, 90, 140, 220, 360), at 16 px, in
the bundled fonts (@font-face with file:// URLs, in the bundled stack's order), with
`white-space: pre-wrap; overflow-wrap: anywhere` (spaces kept and hanging at a line's end, a word
wider than the line broken between graphemes: TextMeasure's conventions), and once more at width
0 with `overflow-wrap: normal`, which takes every break opportunity and no other. A script in the
page finds where each line starts with Range.getClientRects over each character and writes the
results as JSON into the DOM, which `chromium --headless=new --dump-dom` prints.

TextMeasure lays the same texts out with `textmeasure wrap --size 16 --line-breaks RULES` (the
binary --textmeasure names; default .build/debug/textmeasure); each line's start is found from
its displayed text.

For each rule set it prints the line-count agreement and the break-position agreement (a text at
a width agrees when all its line starts are Chromium's), by script, and the differing cases by
cause: "rule: NAME" when Chromium's opportunities and TextMeasure's differ before the first
differing line start (TextMeasure's are rebuilt from ICU's iterator through ctypes and the rules of
ChromiumTailoring, named as in the Wrapping text article), else "width: …", what makes the widths
differ in that line (a space after an emoji or other non-Latin text, which Chromium takes from the
first font that has one; an emoji's advance, which Chromium rounds; full-width closing
punctuation at a line's end, which Chromium trims; other).

  --golden FILE   writes the first --texts texts' Chromium line starts (the golden file of
                  ChromiumLineBreakTests: Fixtures/chromium-line-breaks.tsv, 1,200 texts)
  --check FILE    compares a fresh Chromium run with such a file
  --pairs FILE    writes Chromium's decision between every two printable ASCII characters
                  (Fixtures/chromium-ascii-pairs.tsv)
  --punctuation FILE  writes Chromium's widths of 600 texts of fullwidth punctuation side by side
                  (brackets, quotes, full stops, commas, colons, middle dots, ideographs, kana,
                  Latin, spaces; seeded): Fixtures/chromium-punctuation-widths.tsv, which
                  FullwidthPunctuationTests checks
  --save/--load   keeps Chromium's results in a JSON file, to compare again without Chromium
  --tables N      checks instead the automatic table layout of N generated tables of these tokens
                  against Chromium's `table-layout: auto` (see tables_check)

Usage: Scripts/chromium-line-breaks.py [--texts N] [--rules chromium,pango] [--textmeasure PATH]
                                        [--chromium PATH] [--show N] [--causes N] [--save F | --load F]
       Scripts/chromium-line-breaks.py --texts 1200 --golden Tests/TextMeasureTestSupport/Fixtures/chromium-line-breaks.tsv
       Scripts/chromium-line-breaks.py --pairs Tests/TextMeasureTestSupport/Fixtures/chromium-ascii-pairs.tsv
Python 3 standard library only; Chromium; libicuuc (the library's own ICU).
"""
import argparse
import html
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Tests" / "TextMeasureTestSupport" / "Fixtures"
# The bundled stack's order (BundledFont.defaultStackOrder).
FONTS = ["NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf",
         "NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf", "NotoSansCJKsc-Regular.otf",
         "NotoColorEmoji.ttf"]
SIZE = 16
WIDTHS = [50, 90, 140, 220, 360]
SEED = 39

EMOJI = ["👍🏽", "🇫🇷", "👩\u200d💻", "👨\u200d💻", "❤️", "☀️", "🌧️", "🌈", "☂️", "😀", "🟢", "✅", "📝", "🎉"]
FULLWIDTH_PUNCTUATION = ["，", "。", "、", "；", "：", "？", "！", "（", "）", "「", "」", "『", "』", "／", "～",
                         "ー", "・", "《", "》", "％", "＋", "－"]
FULLWIDTH_FORMS = ["ＡＢＣ", "１２３", "ｱｲｳ", "Ａ１", "２０２４"]
ASCII_PUNCTUATION = list("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
LABEL_SCRIPT = {"en": "latin", "fr": "latin", "de": "latin", "es": "latin", "ru": "cyrillic", "uk": "cyrillic",
                "el": "greek", "ar": "arabic", "he": "hebrew", "hi": "devanagari", "th": "thai", "zh": "han",
                "ja": "kana", "ko": "hangul"}
SCRIPTS = ["latin", "cyrillic", "greek", "arabic", "hebrew", "devanagari", "thai", "han", "kana", "hangul",
           "emoji", "fullwidth"]


def vocabulary():
    """Words by script from paragraphs.txt: space-separated words stripped of punctuation, and
    for Han and kana (written without spaces) runs of 1 to 4 characters."""
    words = defaultdict(list)
    for line in (FIXTURES / "paragraphs.txt").read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        label, text = line.split("\t", 1)
        script = LABEL_SCRIPT.get(label.split(".")[0])
        if script is None:
            continue
        if script in ("han", "kana"):
            runs = re.findall(r"[\u3040-\u30ff\u3400-\u9fff\u3005]+", text)
            for run in runs:
                for i in range(0, len(run), 2):
                    words[script].append(run[i:i + 1 + (i * 7) % 4])
            continue
        for word in text.split():
            word = word.strip(".,;:!?()«»“”‘’\"'[]{}،؛؟·—–")
            if word and not any(ch.isdigit() for ch in word) and all(unicodedata.category(ch)[0] in "LM" for ch in word):
                words[script].append(word)
    return {script: sorted(set(found)) for script, found in words.items()}


def number(rng):
    return rng.choice([str(rng.randint(0, 9)), str(rng.randint(10, 99)), str(rng.randint(100, 9999)),
                       "%d.%d" % (rng.randint(0, 99), rng.randint(0, 99)), "%d,%03d" % (rng.randint(1, 99), rng.randint(0, 999))])


def arabic_digits(text):
    return text.translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))


def token(rng, script, words):
    """One token: a word of `script`, or one of the mixed forms the issue names."""
    w = lambda s=None: rng.choice(words[s or script] if (s or script) in words else words["latin"])
    kind = rng.random()
    if script == "emoji":
        return rng.choice([rng.choice(EMOJI), "".join(rng.choice(EMOJI) for _ in range(rng.randint(2, 4))),
                           w("latin") + rng.choice(EMOJI), rng.choice(EMOJI) + rng.choice(["-", "/", ",", "!"]) + rng.choice(EMOJI)])
    if script == "fullwidth":
        return rng.choice(FULLWIDTH_FORMS) + rng.choice(FULLWIDTH_PUNCTUATION + [""]) + w("han")
    if kind < 0.38:
        return w()
    if kind < 0.46:  # slashes between words, digits, mixed
        a, b = rng.choice([(w(), w()), (w(), w("latin")), (number(rng), number(rng)), (w(), number(rng)),
                           (number(rng), w()), ("and", "or"), ("km", "h")])
        return a + "/" + b
    if kind < 0.56:  # hyphens before and after digits
        return rng.choice([number(rng) + "-" + number(rng), w() + "-" + number(rng), number(rng) + "-" + w(),
                           "-" + number(rng), w("latin").upper()[:4] + "-" + str(rng.randint(1, 99)),
                           "(" + "-" + number(rng) + ")", w() + "-" + w(), number(rng) + "–" + number(rng),
                           "$" + number(rng) + "-$" + number(rng), "v" + number(rng) + "-beta"])
    if kind < 0.62:  # units
        return rng.choice(["%d-%d kg" % (rng.randint(1, 20), rng.randint(21, 99)), "%d/%d" % (rng.randint(1, 9), rng.randint(2, 16)),
                           "%d km/h" % rng.randint(5, 300), "%s%%" % number(rng), "%d °C" % rng.randint(-20, 45),
                           "%d×%d" % (rng.randint(1, 99), rng.randint(1, 99)), "€%s" % number(rng), "%s ml" % number(rng)])
    if kind < 0.67:  # URLs and paths
        parts = [w("latin").lower() for _ in range(rng.randint(1, 4))]
        return rng.choice(["https://example.com/" + "/".join(parts), "www.%s.org/%s?id=%d&q=%s" % (parts[0], parts[-1], rng.randint(1, 999), parts[0]),
                           "/usr/local/" + "/".join(parts), "C:\\Users\\" + "\\".join(parts), "../" + "/".join(parts) + ".txt",
                           "~/" + "/".join(parts), parts[0] + "@example.com", "#" + parts[0] + "-" + str(rng.randint(1, 99))])
    if kind < 0.75:  # punctuation next to words
        p = rng.choice(ASCII_PUNCTUATION)
        return rng.choice([w() + p, p + w(), w() + p + w(), "(" + w() + ")", "[" + number(rng) + "]", "\"" + w() + "\"",
                           w() + p + number(rng), number(rng) + p + w()])
    if kind < 0.82:  # CJK with Latin and full-width punctuation
        return rng.choice([w("han") + w("latin") + w("kana"), w("kana") + rng.choice(FULLWIDTH_PUNCTUATION) + w("han"),
                           "「" + w("kana") + "」", w("han") + number(rng) + w("han"), "（" + w("latin") + "）",
                           w("hangul") + number(rng), rng.choice(FULLWIDTH_FORMS)])
    if kind < 0.87:  # Arabic with digits
        return rng.choice([w("arabic") + " " + number(rng), arabic_digits(number(rng)) + "-" + arabic_digits(number(rng)),
                           w("arabic") + "/" + w("arabic"), number(rng) + "-" + number(rng) + " " + w("arabic"),
                           arabic_digits("%d/%d" % (rng.randint(1, 9), rng.randint(2, 9))), w("arabic") + "،"])
    if kind < 0.92:
        return rng.choice(EMOJI) + rng.choice(["", w()])
    return w(rng.choice(["latin", "cyrillic", "greek", "hebrew", "devanagari", "thai", "hangul"]))


def generate(count):
    rng = random.Random(SEED)
    words = vocabulary()
    texts = []
    for index in range(count):
        script = SCRIPTS[index % len(SCRIPTS)]
        pieces = []
        for _ in range(rng.randint(2, 14)):
            pieces.append(token(rng, script, words))
        text = ""
        for i, piece in enumerate(pieces):
            if i:
                joiner = rng.random()
                if script in ("han", "kana", "fullwidth") and joiner < 0.5:
                    text += rng.choice(["", rng.choice(FULLWIDTH_PUNCTUATION)])
                elif joiner < 0.06:
                    text += " " * rng.randint(2, 5)  # a run of spaces
                else:
                    text += " "
            text += piece
        texts.append(("%s.%d" % (script, index), text))
    return texts


OPPORTUNITY_STYLE = "white-space: pre-wrap; overflow-wrap: normal;"


def chromium_version(chromium):
    out = subprocess.run([chromium, "--version"], capture_output=True, text=True).stdout.strip()
    return out.split(" built")[0] if out else "chromium"


def page(texts, widths, style):
    faces = "\n".join('@font-face { font-family: "tm%d"; src: url("%s"); }' % (i, (ROOT / "Fonts" / f).as_uri())
                      for i, f in enumerate(FONTS))
    families = ", ".join('"tm%d"' % i for i in range(len(FONTS)))
    loads = ", ".join('document.fonts.load("%dpx tm%d")' % (SIZE, i) for i in range(len(FONTS)))
    return """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
%s
div.t { font-family: %s; font-size: %dpx; line-height: 30px; font-kerning: normal; %s }
</style></head><body><div id="host"></div><pre id="out"></pre><script>
const texts = %s; const widths = %s;
Promise.all([%s]).then(() => document.fonts.ready).then(() => {
  const d = document.createElement("div"); d.className = "t"; document.getElementById("host").appendChild(d);
  const range = document.createRange(); const result = [];
  for (const t of texts) {
    d.textContent = t; const node = d.firstChild; const perWidth = [];
    for (const w of widths) {
      d.style.width = w + "px";
      const starts = []; let lastTop = null;
      for (let i = 0; i < t.length; i++) {
        const c = t.charCodeAt(i); if (c >= 0xDC00 && c <= 0xDFFF) continue;
        range.setStart(node, i); range.setEnd(node, (c >= 0xD800 && c <= 0xDBFF) ? i + 2 : i + 1);
        const rects = range.getClientRects(); if (rects.length == 0) continue;
        const top = rects[rects.length - 1].top;
        if (lastTop !== null && top > lastTop + 10) { if (c == 32) continue; starts.push(i); }
        lastTop = top;
      }
      perWidth.push(starts);
    }
    result.push(perWidth);
  }
  document.getElementById("out").textContent = "RESULT" + JSON.stringify(result) + "END";
});
</script></body></html>""" % (faces, families, SIZE, style, json.dumps(texts), json.dumps(widths), loads)


def code_points(text, utf16_starts):
    """UTF-16 offsets of `text` to code point offsets."""
    mapping, unit = {}, 0
    for index, ch in enumerate(text):
        mapping[unit] = index
        unit += 2 if ord(ch) > 0xFFFF else 1
    mapping[unit] = len(text)
    return [mapping[s] for s in utf16_starts]


def page_result(chromium, source):
    """The JSON a page's script writes between RESULT and END into the DOM, from headless Chromium."""
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "page.html"
        path.write_text(source, encoding="utf-8")
        dom = subprocess.run([chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                              "--virtual-time-budget=6000000", "--user-data-dir=" + directory, "--dump-dom", path.as_uri()],
                             check=True, capture_output=True, text=True, timeout=3600).stdout
    found = re.search(r"RESULT(.*?)END", dom, re.S)
    if not found:
        raise SystemExit("chromium printed no result")
    return json.loads(html.unescape(found.group(1)))


def chromium_lines(chromium, texts, widths, style, chunk=2500):
    """Each text's line starts (code point offsets, the first line's 0 left out) at each width."""
    results = []
    for first in range(0, len(texts), chunk):
        part = texts[first:first + chunk]
        for text, per_width in zip(part, page_result(chromium, page(part, widths, style))):
            results.append([code_points(text, starts) for starts in per_width])
    return results


PUNCTUATION = (list("中文字の「」『』（）【】〔〕《》〈〉〖〗｛｝［］｟｠｢｣、。，．：；・　“”‘’()[]·！？ー")
               + ["ab", "12", " ", "x", "カナ"])


def write_punctuation(chromium, path, count=600):
    """Chromium's widths of `count` texts of fullwidth punctuation side by side (seeded): the
    golden file of FullwidthPunctuationTests."""
    rng = random.Random(SEED + 22)
    texts = ["".join(rng.choice(PUNCTUATION) for _ in range(rng.randint(2, 9))) for _ in range(count)]
    faces = "\n".join('@font-face { font-family: "tm%d"; src: url("%s"); }' % (i, (ROOT / "Fonts" / f).as_uri())
                      for i, f in enumerate(FONTS))
    families = ", ".join('"tm%d"' % i for i in range(len(FONTS)))
    loads = ", ".join('document.fonts.load("%dpx tm%d")' % (SIZE, i) for i in range(len(FONTS)))
    source = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
%s
span { font-family: %s; font-size: %dpx; white-space: pre; font-kerning: normal; }
</style></head><body><div id="host"></div><pre id="out"></pre><script>
const texts = %s;
Promise.all([%s]).then(() => document.fonts.ready).then(() => {
  const host = document.getElementById("host"); const result = [];
  for (const t of texts) {
    const span = document.createElement("span"); span.textContent = t; host.appendChild(span);
    result.push(span.getBoundingClientRect().width); host.removeChild(span);
  }
  document.getElementById("out").textContent = "RESULT" + JSON.stringify(result) + "END";
});
</script></body></html>""" % (faces, families, SIZE, json.dumps(texts), loads)
    widths = page_result(chromium, source)
    header = ("# Widths in px at %d px of texts of fullwidth punctuation side by side, as headless %s lays them\n"
              "# out in the bundled fonts (Scripts/chromium-line-breaks.py --punctuation FILE; snapped to 1/64 px).\n"
              "# text<TAB>width\n") % (SIZE, chromium_version(chromium))
    Path(path).write_text(header + "".join("%s\t%r\n" % pair for pair in zip(texts, widths)), encoding="utf-8")
    print("wrote %d texts to %s" % (len(texts), path))


def textmeasure_lines(binary, rules, texts, widths):
    requests = "".join(json.dumps({"text": t, "width": w}, ensure_ascii=False) + "\n" for t in texts for w in widths)
    out = subprocess.run([binary, "wrap", "--size", str(SIZE), "--line-breaks", rules], input=requests,
                         check=True, capture_output=True, text=True).stdout.splitlines()
    results, position = [], 0
    for text in texts:
        per_width = []
        for _ in widths:
            lines = json.loads(out[position])["lines"]
            position += 1
            starts, cursor = [], 0
            for index, line in enumerate(lines):
                start = text.find(line, cursor) if line else cursor
                if index:
                    # A line's displayed text leaves out the spaces that hang before it.
                    while start < len(text) and text[start] == " " and not line.startswith(" "):
                        start += 1
                    starts.append(start)
                cursor = start + len(line)
            per_width.append(starts)
        results.append(per_width)
    return results


class ICU:
    """ICU's line-break iterator (the system's libicuuc, through ctypes): the opportunities
    TextMeasure starts from, to tell a difference in where lines may break from one in how much
    fits (`classify`)."""

    def __init__(self):
        import ctypes
        import glob
        found = sorted(glob.glob("/usr/lib/*/libicuuc.so.[0-9]*") + glob.glob("/usr/lib/libicuuc.so.[0-9]*"))
        if not found:
            raise SystemExit("no libicuuc.so.N (package libicu72 or later)")
        self.lib = ctypes.CDLL(found[0])
        suffix = "_" + re.search(r"\.so\.(\d+)", found[0]).group(1)
        self.open = getattr(self.lib, "ubrk_open" + suffix)
        self.open.restype = ctypes.c_void_p
        self.open.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_int32, ctypes.POINTER(ctypes.c_int)]
        self.set_text = getattr(self.lib, "ubrk_setText" + suffix)
        self.set_text.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int32, ctypes.POINTER(ctypes.c_int)]
        self.next = getattr(self.lib, "ubrk_next" + suffix)
        self.next.argtypes = [ctypes.c_void_p]
        self.ctypes = ctypes
        self.iterators = {}

    def breaks(self, text, locale):
        """Code point offsets of ICU's opportunities in `text` (the end left out)."""
        ctypes = self.ctypes
        if locale not in self.iterators:
            status = ctypes.c_int(0)
            self.iterators[locale] = self.open(2, locale.encode(), None, 0, ctypes.byref(status))
        iterator = self.iterators[locale]
        units = text.encode("utf-16-le")
        buffer = ctypes.create_string_buffer(units, len(units) + 2)
        status = ctypes.c_int(0)
        self.set_text(iterator, buffer, len(units) // 2, ctypes.byref(status))
        mapping, unit = {}, 0
        for index, ch in enumerate(text):
            mapping[unit] = index
            unit += 2 if ord(ch) > 0xFFFF else 1
        result = []
        while True:
            offset = self.next(iterator)
            if offset < 0 or offset >= unit:
                return result
            result.append(mapping[offset])


def blink_ascii_pair(previous, before, after):
    """Chromium's decision between two printable ASCII characters, as found by the pairs
    experiment (--pairs); the same table as ChromiumTailoring.asciiPairBreaks."""
    if before == "-":
        if after.isdigit():
            return previous.isascii() and previous.isalnum()
        return after not in "!$),./:;?]}"
    if before == "?":
        return after not in "!\"'),./:;?]}"
    if before in "!\"#%&)*+,.:;=>\\]|}~":
        return after in "([{<"
    return False


def model_breaks(icu, text, rules):
    """TextMeasure's opportunities under `rules`, rebuilt from ICU: the reference `classify`
    compares Chromium's with."""
    if rules == "pango":
        return set(icu.breaks(text, ""))
    found = set(icu.breaks(text, "@lb=normal"))
    printable = lambda ch: "!" <= ch <= "~"
    hebrew = lambda ch: "\u05d0" <= ch <= "\u05ea"
    for i in range(1, len(text)):
        before, after = text[i - 1], text[i]
        if printable(before) and printable(after):
            (found.add if blink_ascii_pair(text[i - 2] if i >= 2 else "", before, after) else found.discard)(i)
        elif before == " " and after not in " \t\n\r\u2060\ufeff":
            found.add(i)
        elif before in "-\u05be\u2010\u2013" and i >= 2 and hebrew(text[i - 2]) and hebrew(after):
            found.add(i)
    return found


EMOJI_PATTERN = re.compile("[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\uFE0F]")
CLOSING_FULLWIDTH = "、。，．：；？！）」』》】〕〉｝］"


def rule_name(text, offset):
    """The rule of ChromiumTailoring that decides the opportunity before `offset`."""
    before, after = text[offset - 1], text[offset]
    if "!" <= before <= "~" and "!" <= after <= "~":
        if before == "/":
            return "ASCII pairs: no break after '/'"
        if before == "-" and after.isdigit():
            return "ASCII pairs: '-' before a digit"
        return "ASCII pairs: other"
    if before == " ":
        return "after spaces"
    if "\u05d0" <= after <= "\u05ea":
        return "Hebrew hyphen"
    if any(unicodedata.name(ch, "").startswith(("KATAKANA", "HIRAGANA")) or ch in "ー〜" for ch in (before, after)):
        return "CJK line-break: normal"
    return "other: %r|%r" % (before, after)


def classify(icu, rules, text, theirs, ours, opportunities):
    """Why a case differs: 'rule: …' when Chromium's opportunities (width 0) and TextMeasure's
    differ in the lines up to the first differing break, else what makes the widths differ there."""
    first = min(sorted(set(theirs) ^ set(ours)))
    start = max([0] + [s for s in theirs + ours if s < first])
    mine = model_breaks(icu, text, rules)
    chromium = set(opportunities)
    for offset in range(start + 1, min(len(text), first + 1)):
        if (offset in chromium) != (offset in mine):
            return "rule: " + rule_name(text, offset), context(text, offset)
    line = text[start:first + 1]
    end = max(first, min([s for s in theirs + ours if s > first] + [len(text)]))
    if re.search("[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200d\U000E0000-\U000E007F] ", line):
        return "width: a space after an emoji", context(text, first)
    if re.search("[^\x00-\u024f] ", line):
        return "width: a space after other non-Latin text", context(text, first)
    if EMOJI_PATTERN.search(line):
        return "width: emoji advance", context(text, first)
    if any(ch in CLOSING_FULLWIDTH for ch in text[first - 1:end]):
        return "width: full-width punctuation at a line's end", context(text, first)
    return "width: other", context(text, first)


def context(text, offset):
    return text[max(0, offset - 6):offset] + "|" + text[offset:offset + 6]


def compare(labels, texts, widths, chromium, opportunities, ours, rules, icu):
    total = counts = positions = 0
    by_script = defaultdict(lambda: [0, 0, 0])
    differences = []
    for label, text, theirs_per_width, every, ours_per_width in zip(labels, texts, chromium, opportunities, ours):
        script = label.split(".")[0]
        for width, theirs, mine in zip(widths, theirs_per_width, ours_per_width):
            total += 1
            by_script[script][0] += 1
            if len(theirs) == len(mine):
                counts += 1
                by_script[script][1] += 1
            if theirs == mine:
                positions += 1
                by_script[script][2] += 1
            else:
                reason, window = classify(icu, rules, text, theirs, mine, every[0])
                differences.append((label, width, reason, window, len(theirs) != len(mine)))
    return total, counts, positions, by_script, differences


def pair_cases():
    """Every two printable ASCII characters x y between letters ("axya"), and "-" then a digit
    after each character kind ("?-1" for ? among letters, digits, punctuation, a space and three
    non-ASCII letters): text, the offset between the pair."""
    printable = [chr(c) for c in range(0x21, 0x7F)]
    cases = [("a" + x + y + "a", 2) for x in printable for y in printable]
    for before in printable + [" ", "é", "я", "日"]:
        cases.append(("x" + before + "-1", 3))
    return cases


def write_pairs(chromium, path):
    cases = pair_cases()
    found = chromium_lines(chromium, [text for text, _ in cases], [0], OPPORTUNITY_STYLE)
    rows = ["%s\t%d\t%d" % (text, offset, 1 if offset in starts[0] else 0) for (text, offset), starts in zip(cases, found)]
    header = ("# Chromium's line-break decisions between two printable ASCII characters: a text, the offset of\n"
              "# the pair's second character, 1 when Chromium may break there. Written by\n"
              "# Scripts/chromium-line-breaks.py --pairs FILE (%s) at width 0 with %s\n"
              "# text<TAB>offset<TAB>breaks\n") % (chromium_version(chromium), OPPORTUNITY_STYLE)
    Path(path).write_text(header + "\n".join(rows) + "\n", encoding="utf-8")
    print("wrote %d pairs to %s" % (len(rows), path))


def tables_check(chromium, binary, rules, count):
    """The automatic table layout against Chromium's `table-layout: auto`, as Scripts/browser-check.py
    lays it out (padding 8 px, 28 px right of a header for its 20 px sort indicator, headers
    `white-space: pre`, cells `overflow-wrap: break-word`, 14 px, the bundled fonts), on `count`
    generated tables of 3 to 5 columns and 4 to 8 rows whose cells are this script's tokens (so
    their widest words hold "/", "-", digits, CJK), each at 1 px, three widths between Σmin and
    Σmax, Σmax and 1.25 Σmax. Prints how many tables × widths have every column within 0.1 px."""
    import csv as csvmodule
    rng = random.Random(SEED + 1)
    words = vocabulary()
    work = Path(tempfile.mkdtemp(prefix="chromium-tables-"))
    options = ["--table-layout", "auto", "--min", "0", "--padding", "8", "--sort-indicator", "20", "--size", "14",
               "--line-breaks", rules]
    cases = []
    for index in range(count):
        script = SCRIPTS[index % len(SCRIPTS)]
        columns = rng.randint(3, 5)
        rows = [["C%d" % c for c in range(columns)]]
        for _ in range(rng.randint(4, 8)):
            rows.append([" ".join(token(rng, script, words) for _ in range(rng.randint(1, 4))) for _ in range(columns)])
        path = work / ("t%d.csv" % index)
        with open(path, "w", newline="", encoding="utf-8") as handle:
            csvmodule.writer(handle).writerows(rows)
        run = lambda extra: json.loads(subprocess.run([binary, "columns", str(path), "--json"] + options + extra,
                                                      check=True, capture_output=True, text=True).stdout)["columns"]
        base = run([])
        low, high = sum(c["minContentWidth"] for c in base), sum(c["maxContentWidth"] for c in base)
        frames = [1.0] + [round(low + share * (high - low), 2) for share in (0.25, 0.5, 0.75)] + [round(high, 2), round(high * 1.25, 2)]
        ours = [[c["width"] for c in run(["--frame-width", str(frame)])] for frame in frames]
        cases.append((rows, frames, ours))
    faces = "".join("@font-face { font-family: 'TM%d'; src: url('%s'); }" % (i, (ROOT / "Fonts" / f).as_uri()) for i, f in enumerate(FONTS))
    head = ("<!doctype html><html><head><meta charset='utf-8'><style>" + faces
            + "body { margin: 0; } table { table-layout: auto; border-collapse: separate; border-spacing: 0; margin-bottom: 20px;"
            " font-size: 14px; font-family: %s; font-kerning: normal; }" % ", ".join("'TM%d'" % i for i in range(len(FONTS)))
            + "th, td { padding: 0 8px; border: 0; text-align: left; font-weight: normal; vertical-align: top; }"
            "th { white-space: pre; padding-right: 28px; } td { overflow-wrap: break-word; }</style></head><body>")
    tables = []
    for rows, frames, _ in cases:
        header = "<thead><tr>" + "".join("<th>%s</th>" % html.escape(t) for t in rows[0]) + "</tr></thead>"
        body = "<tbody>" + "".join("<tr>" + "".join("<td>%s</td>" % html.escape(c) for c in row) + "</tr>" for row in rows[1:]) + "</tbody>"
        tables += ["<table style='width: %spx'>%s%s</table>" % (frame, header, body) for frame in frames]
    probe = ("<script>(async () => { await Promise.all([...document.fonts].map(f => f.load())); await document.fonts.ready;"
             " const r = [...document.querySelectorAll('table')].map(t => [...t.querySelectorAll('thead th')].map(th => th.getBoundingClientRect().width));"
             " document.body.insertAdjacentHTML('beforeend', \"<pre id='probe'>PROBE\" + JSON.stringify(r) + 'END</pre>'); })();</script>")
    page = work / "tables.html"
    page.write_text(head + "".join(tables) + probe + "</body></html>", encoding="utf-8")
    dom = subprocess.run([chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--font-render-hinting=none",
                          "--allow-file-access-from-files", "--virtual-time-budget=600000", "--user-data-dir=" + str(work / "profile"),
                          "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=1800).stdout
    theirs = json.loads(re.search(r'<pre id="probe">PROBE(.*?)END</pre>', dom).group(1))
    position, agree, total, worst = 0, 0, 0, []
    for index, (rows, frames, ours) in enumerate(cases):
        for frame, mine in zip(frames, ours):
            difference = max(abs(a - b) for a, b in zip(mine, theirs[position]))
            position += 1
            total += 1
            if difference <= 0.1:
                agree += 1
            else:
                worst.append((difference, index, frame))
    print("%s: automatic layout of %d tables x %d widths: every column within 0.1 px of Chromium's on %d of %d (%.2f %%)"
          % (rules, count, total // max(count, 1), agree, total, 100.0 * agree / total))
    per_script = Counter(SCRIPTS[index % len(SCRIPTS)] for _, index, _ in worst)
    print("  differing by the tables' script: " + ", ".join("%s %d" % item for item in sorted(per_script.items())))
    for difference, index, frame in sorted(worst, reverse=True)[:5]:
        print("  table %d (%s) at %s px: a column %.4f px off" % (index, SCRIPTS[index % len(SCRIPTS)], frame, difference))
    shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--texts", type=int, default=20000)
    parser.add_argument("--textmeasure", default=str(ROOT / ".build" / "debug" / "textmeasure"))
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--rules", default="chromium,pango")
    parser.add_argument("--style", default="white-space: pre-wrap; overflow-wrap: anywhere;")
    parser.add_argument("--widths", default=",".join(map(str, WIDTHS)))
    parser.add_argument("--show", type=int, default=0, help="print this many differing cases")
    parser.add_argument("--causes", type=int, default=25, help="print this many causes of differences")
    parser.add_argument("--golden", help="write the golden file of the first --texts texts")
    parser.add_argument("--check", help="compare a fresh Chromium run with this golden file")
    parser.add_argument("--save", help="write Chromium's lines here (JSON) to reuse with --load")
    parser.add_argument("--load", help="read Chromium's lines from a --save file instead of running Chromium")
    parser.add_argument("--pairs", help="write Chromium's decision between every two printable ASCII characters here")
    parser.add_argument("--punctuation", help="write Chromium's widths of texts of fullwidth punctuation here")
    parser.add_argument("--tables", type=int, help="check the automatic table layout of this many generated tables instead")
    args = parser.parse_args()
    if args.pairs:
        write_pairs(args.chromium, args.pairs)
        return
    if args.punctuation:
        write_punctuation(args.chromium, args.punctuation)
        return
    if args.tables:
        for rules in args.rules.split(","):
            tables_check(args.chromium, args.textmeasure, rules, args.tables)
        return
    widths = [float(w) if "." in w else int(w) for w in args.widths.split(",")]
    cases = generate(args.texts)
    labels = [label for label, _ in cases]
    texts = [text for _, text in cases]
    if args.load:
        saved = json.loads(Path(args.load).read_text())
        browser, every = saved["lines"], saved["opportunities"]
    else:
        browser = chromium_lines(args.chromium, texts, widths, args.style)
        # Width 0 with `overflow-wrap: normal` takes every break opportunity and breaks no word.
        every = chromium_lines(args.chromium, texts, [0], OPPORTUNITY_STYLE)
    if args.save:
        Path(args.save).write_text(json.dumps({"lines": browser, "opportunities": every}))
    if args.golden or args.check:
        rows = ["\t".join([label] + [",".join(map(str, starts)) for starts in zero + per_width] + [text])
                for label, text, zero, per_width in zip(labels, texts, every, browser)]
        body = "\n".join(rows) + "\n"
        header = ("# Chromium's line starts (code point offsets, the first line's 0 left out) of the texts\n"
                  "# Scripts/chromium-line-breaks.py generates (seed %d), laid out in the bundled fonts at %d px.\n"
                  "# Written by: Scripts/chromium-line-breaks.py --texts %d --golden FILE (%s)\n"
                  "# Width 0: every break opportunity (%s); the others: %s\n"
                  "# label<TAB>starts at width 0<TAB>%s<TAB>text\n") % (
                      SEED, SIZE, args.texts, chromium_version(args.chromium), OPPORTUNITY_STYLE, args.style,
                      "<TAB>".join("starts at %s px" % w for w in widths))
        if args.golden:
            Path(args.golden).write_text(header + body, encoding="utf-8")
            print("wrote %d texts to %s" % (len(rows), args.golden))
        else:
            committed = [l for l in Path(args.check).read_text(encoding="utf-8").splitlines() if not l.startswith("#")]
            fresh = body.splitlines()
            changed = [(a, b) for a, b in zip(committed, fresh) if a != b]
            if changed or len(committed) != len(fresh):
                for a, b in changed[:10]:
                    print("- %s\n+ %s" % (a, b))
                raise SystemExit("%s: %d of %d rows differ" % (args.check, len(changed), len(fresh)))
            print("%s: all %d rows equal" % (args.check, len(fresh)))
        return
    icu = ICU()
    for rules in args.rules.split(","):
        ours = textmeasure_lines(args.textmeasure, rules, texts, widths)
        total, counts, positions, by_script, differences = compare(labels, texts, widths, browser, every, ours, rules, icu)
        print("%s: %d texts x %d widths (%s px) in %d scripts: line counts %d of %d (%.2f %%), break positions %d of %d (%.2f %%)"
              % (rules, len(texts), len(widths), ",".join(map(str, widths)), len(by_script), counts, total, 100.0 * counts / total,
                 positions, total, 100.0 * positions / total))
        for script in SCRIPTS:
            n, c, p = by_script[script]
            if n:
                print("  %-10s %6d  counts %6.2f %%  positions %6.2f %%" % (script, n, 100.0 * c / n, 100.0 * p / n))
        print("  differences by cause (cases, of which line counts differ):")
        causes = Counter(reason for _, _, reason, _, _ in differences)
        count_causes = Counter(reason for _, _, reason, _, count in differences if count)
        examples = {}
        for label, width, reason, window, _ in differences:
            examples.setdefault(reason, (label, width, window))
        for reason, n in causes.most_common(args.causes):
            label, width, window = examples[reason]
            print("  %6d %6d  %s   e.g. %s at %s px: %r" % (n, count_causes[reason], reason, label, width, window))
        for label, width, reason, window, _ in differences[:args.show]:
            print("  %s @%s %s %r" % (label, width, reason, window))


if __name__ == "__main__":
    main()
