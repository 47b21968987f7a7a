#!/usr/bin/env python3
"""Generate Tests/TextMeasureTestSupport/Fixtures/libreoffice-row-heights.tsv: for each wrapped
cell, LibreOffice Calc's optimal row height (px at 96 dpi) in a column of a given width.

Two kinds of rows:
- "rule": a text in a column chosen so that one rule of LibreOffice's line breaking decides the
  count of lines (`CalcLineBreaks`): a character past the Basic Multilingual Plane that does not
  fit, no break before "/" after a space and the break after "/" moved back to the space, the
  opportunity right after a "/" passed over for the one before it when the next character does
  not fit, a line's characters as wide as their whole run shapes them (Arabic letters joined
  where a line ends mid-word), an emoji between two right-to-left letters in no room, no
  hanging "。", no break between "。" and a Greek letter, the script before the character that
  does not fit choosing the rules, no kinsoku, a Korean word kept whole,
  ")" as closing punctuation, a skin tone after Arabic text.
- "generated": cells of `cell_texts` of `Scripts/xlsx-check.py` (seed 101: 1 to 21 words of
  Latin with diacritics, Cyrillic, Greek, CJK with full-width punctuation, Korean, Arabic and
  Hebrew with digits, URLs, paths, units, emoji), at Calibri 9, 11, 14 and 20 pt in columns of
  100 to 290 px.

The text is the one column of a workbook that `textmeasure render` writes in the size (so
LibreOffice reads the workbook's fonts as it reads ours); the column's width is then set over UNO
and the row's OptimalHeight read. SpreadsheetRowHeightGoldenTests checks RowHeights against it:
every "rule" row, and the share of "generated" rows, within LibreOffice's height − 1 px … + a
line (the check of Scripts/xlsx-check.py).

Usage: Scripts/libreoffice-row-heights.py [--textmeasure PATH]
Run by a Python with LibreOffice's `uno` and XlsxWriter (the venv of .ci/run, as Scripts/xlsx-check.py).
"""
import argparse, importlib.util, os, random, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("xlsx_check", os.path.join(ROOT, "Scripts/xlsx-check.py"))
check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check)

# (size in pt, column in px, text)
RULES = [
    (11, 126.9, "столбец Москва 𝐖𝐖𝐖 таблица"),
    (11, 126.9, "столбец Москва WWW таблица"),
    (11, 126.9, "столбец Москва 👍 таблица"),
    (11, 126.9, "столбец Москва 👍таблица"),
    (14, 169.1, "(555) 123-4567 3/4 /usr/local/share/f"),
    (14, 169.1, "(555) 123-4567 3/4 /usr/local/share/"),
    (11, 126.9, "全角の句読点、。 表の列幅を測る"),
    (11, 126.9, "全角の句読点、 表の列幅を測る"),
    (20, 282.3, "全角の句読点、。πλάτο"),
    (20, 282.3, "渋谷区宽度和高度żółć（括弧）と「引用」"),
    (11, 99.9, "一二三四五六、七八九十一"),
    (11, 99.9, "一二三四五（六七八九十一"),
    (11, 55.7, "가나 다라"),
    (11, 99.3, "κόσμε 3/4 $1,234.56 x86_64-unknown-linux-gnu (555) 123-4567"),
    (11, 126.9, "ارتفاع 👍🏽 👍🏽 👍🏽"),
    (11, 99.3, "x86_64-unknown-linux-gnu foo/bar/baz /usr/local/share/fonts"),
    (11, 146.0, "https://example.com/path/to/page"),
    (11, 225.0, "foo/bar/baz https://example.com/path/to/page"),
    (11, 211.4, "عرض 456 456 عرض über القاهرة بالعالم القاهرة مرحبا بالعالم таблица 456 جدول مرحبا 10-15 kg Санкт-Петербург ١٢٣ 789 القاهرة ١٢٣ بالعالم"),
    (11, 211.4, "עמודה טבלה גובה שלום גובה Donaudampfschiffahrt רוחב רוחב ירושלים 🙂 גובה רוחב שלום"),
    (11, 95.0, "مرحبا 👍🏽 👍🏽 مرحبا"),
    (11, 95.0, "مرحبا 👍🏽 👍🏽 Straße"),
]


def generated(seed=101):
    """(size, column px, text) cells from xlsx-check's pools."""
    text = check.cell_texts(random.Random(seed))
    return [(size, column, text()) for size, column in [(9, 100.0), (11, 130.0), (14, 190.0), (20, 290.0)] for _ in range(50)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--textmeasure", default=os.path.join(ROOT, ".build/release/textmeasure"))
    options = parser.parse_args()
    work = tempfile.mkdtemp(prefix="row-heights-")
    office = check.Office(os.path.join(work, "profile"))
    cases = [("rule",) + case for case in RULES] + [("generated",) + case for case in generated()]
    found = []
    try:
        for size, column_px in sorted({(size, column) for _, size, column, _ in cases}):
            group = [(kind, text) for kind, s, c, text in cases if (s, c) == (size, column_px)]
            doc, _ = check.written(office, options.textmeasure, work, f"heights-{size}-{column_px}",
                                   [["text"]] + [[text] for _, text in group], ["--size", str(size), "--max", "70"])
            sheet = doc.Sheets.getByIndex(0)
            column = sheet.Columns.getByIndex(0)
            column.Width = round(column_px / check.PX_PER_MM100)
            for index, (kind, text) in enumerate(group):
                sheet.getCellByPosition(0, index + 1).IsTextWrapped = True
                row = sheet.Rows.getByIndex(index + 1)
                row.OptimalHeight = True
                found.append((kind, size, column.Width * check.PX_PER_MM100, text, row.Height * check.PX_PER_MM100))
            doc.close(True)
    finally:
        office.close()
    path = os.path.join(ROOT, "Tests/TextMeasureTestSupport/Fixtures/libreoffice-row-heights.tsv")
    with open(path, "w", encoding="utf-8") as out:
        out.write(f"# Generated by Scripts/libreoffice-row-heights.py with {check.office_version()}; do not edit.\n")
        out.write("# kind\tsize (pt, Carlito)\tcolumn (px)\ttext\toptimal row height (px)\n")
        for kind, size, column, text, height in found:
            out.write(f"{kind}\t{size}\t{column:.3f}\t{text}\t{height:.3f}\n")
    print(f"{len(found)} heights written to {os.path.relpath(path, ROOT)}")


if __name__ == "__main__":
    main()
