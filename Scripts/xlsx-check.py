#!/usr/bin/env python3
"""LibreOffice judges the xlsx workbooks of `textmeasure render … -o X.xlsx` and, on the same
data, XlsxWriter's autofit(); prints both fit rates. Run by a Python with LibreOffice's `uno`
(Debian's /usr/bin/python3 with python3-uno) and PyPI's XlsxWriter ≥ 3.0.6 (autofit); .ci/run
makes such a venv (`python3 -m venv --system-site-packages`).

For each table (two fixtures: every kind of value, and 300 random rows heavy in the glyphs
LibreOffice draws wider than their exact width rounded: "T", "+", digits; Samples/products.csv and
the three tables of Benchmarks/Data), both workbooks
are opened in one headless soffice session and, per column, the width LibreOffice reads from
the file is compared with the width it wants (the column's OptimalWidth set): a column fits when
ours ≥ LibreOffice's − 1 px and ours ≤ max(LibreOffice's × 1.10, LibreOffice's + 8 px). For our
workbook, every cell's type must be what its column says (a column whose non-empty cells, null
markers aside, are all numbers or all ISO 8601 dates: values; any other column: text), and LibreOffice's CSV export (cells as shown) must give back the input;
rows whose cells wrap must be at least as tall as LibreOffice's optimal height for them, within
1 px (and how many are more than a line taller is printed). On generated tables of many scripts,
sizes and --max widths (`generated_heights`), the rows below and more than a line above
LibreOffice's optimal height are counted and printed, not judged, and so are those of them that
print fewer lines than LibreOffice prints in the row (its PDF export: a line clipped in print). Exit status 1 when one of our columns does not fit, a type is wrong or the round trip
differs; XlsxWriter's fit rate is reported, not judged.
"""
import argparse, csv, os, re, shlex, subprocess, sys, tempfile, time

import uno  # LibreOffice's bridge (python3-uno)
from com.sun.star.beans import PropertyValue
import xlsxwriter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLES = [("values", "Tests/TextMeasureTestSupport/Fixtures/spreadsheet-values.csv", ","),
          ("stress", "Tests/TextMeasureTestSupport/Fixtures/spreadsheet-stress.csv", ","), ("products", "Samples/products.csv", ","), ("packages", "Benchmarks/Data/packages.tsv", "\t"),
          ("short", "Benchmarks/Data/short.tsv", "\t"), ("multilingual", "Benchmarks/Data/multilingual.tsv", "\t")]
PX_PER_MM100 = 96 / 2540


def prop(name, value):
    p = PropertyValue(); p.Name = name; p.Value = value; return p


def read_rows(path, delimiter):
    """A CSV file's rows (RFC 4180), or a TSV file's (lines split at tabs: no quoting)."""
    if delimiter == "\t":
        with open(path, encoding="utf-8") as f:
            return [line.rstrip("\n").split("\t") for line in f if line.strip("\n")]
    with open(path, newline="", encoding="utf-8-sig") as f:
        return [row for row in csv.reader(f) if row]


def write_csv(rows, path):
    with open(path, "w", newline="", encoding="utf-8") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)


ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})([T ]\d{2}:\d{2}(:\d{2})?)?$")


def is_value(text):
    """What the CSV text should become, by the issue's rules: True for a value (an ISO 8601 date
    from 1900-03-01 on, or a number), False for text."""
    m = ISO_DATE.match(text)
    if m:
        import datetime
        try:
            d = datetime.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:
            return False
        if m.group(4):
            hh, mm = int(text[11:13]), int(text[14:16]); ss = int(text[17:19]) if m.group(5) else 0
            if hh > 23 or mm > 59 or ss > 59:
                return False
        return d >= datetime.date(1900, 3, 1)
    return is_number(text)


# The numbers of "Report tables" (issue 27), written here independently of the library's reader:
# digits in groups of three or not grouped (no leading zero), an optional fraction after ".", an
# optional sign or accounting parentheses, a currency symbol before (letters may lead it: "US$")
# or after, or a percent sign, each with or without a space.
SPACE, CURRENCY = "[ \u00a0\u202f]", "[$€£¥₹₩₽₺]"
NUMBER = re.compile(rf"^(?P<open>\()?(?P<s1>[-\u2212+])?(?:(?P<cb>[A-Z]{{0,3}}{CURRENCY})(?:{SPACE})?)?(?P<s2>[-\u2212+])?"
                    rf"(?P<int>0|[1-9]\d{{0,2}}(?:,\d{{3}})+|[1-9]\d*)(?:\.(?P<frac>\d+))?"
                    rf"(?:(?:{SPACE})?(?P<ca>{CURRENCY}))?(?:(?:{SPACE})?(?P<pct>%))?(?P<close>\))?$")


def is_number(text):
    """Whether `text` is a number a spreadsheet can show exactly as written: as the rules above,
    and besides at most 15 significant digits (a Double's). A signed zero ("-0.00", a small loss
    rounded) is a number too: a format's zero section shows it."""
    m = NUMBER.match(text)
    if not m or bool(m["open"]) != bool(m["close"]):
        return False
    signs = bool(m["s1"]) + bool(m["s2"]) + bool(m["open"])
    if signs > 1 or (m["s2"] and not m["cb"]) or ((m["cb"] or m["ca"]) and m["pct"]) or (m["cb"] and m["ca"]):
        return False
    digits = (m["int"].replace(",", "") + (m["frac"] or "")).lstrip("0")
    if len(digits) > 15:
        return False
    return True


class Office:
    def __init__(self, profile):
        self.proc = subprocess.Popen(["soffice", "--headless", "--invisible", "--norestore", "--nologo",
                                      "-env:UserInstallation=" + uno.systemPathToFileUrl(profile),
                                      "--accept=pipe,name=textmeasure-xlsx-check;urp;"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
        for _ in range(240):
            try:
                ctx = resolver.resolve("uno:pipe,name=textmeasure-xlsx-check;urp;StarOffice.ComponentContext")
                break
            except Exception:
                time.sleep(0.5)
        else:
            raise SystemExit("soffice did not start")
        self.ctx = ctx
        self.desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)

    def open(self, path):
        return self.desktop.loadComponentFromURL(uno.systemPathToFileUrl(path), "_blank", 0, (prop("Hidden", True),))

    def close(self):
        try:
            self.desktop.terminate()
        except Exception:
            pass
        self.proc.wait(timeout=60)


def office_version():
    """LibreOffice's version, as `soffice --version` says it ("LibreOffice 7.4.7.2")."""
    words = subprocess.run(["soffice", "--version"], capture_output=True, text=True).stdout.split()
    return " ".join(words[:2]) if words else "LibreOffice"


def fits(ours, wanted):
    return ours >= wanted - 1 and ours <= max(wanted * 1.10, wanted + 8)


def judge_widths(doc, ncols):
    """Per column: (px LibreOffice reads from the file, px it wants, whether its cells wrap)."""
    sheet = doc.Sheets.getByIndex(0)
    columns = sheet.Columns
    result = []
    for c in range(ncols):
        col = columns.getByIndex(c)
        given = col.Width * PX_PER_MM100
        wraps = sheet.getCellByPosition(c, 1).IsTextWrapped
        col.OptimalWidth = True
        result.append((given, col.Width * PX_PER_MM100, wraps))
    return result


# A column is typed as a whole (issue 42): values when every non-empty cell but these null
# markers is a number, or every one a date; text throughout otherwise.
NULL_MARKERS = {"-", "\u2013", "\u2014", "N/A", "n/a", "NA"}


def value_columns(rows):
    """For each column, whether its cells are values: every non-empty cell but a null marker a
    number, or every one a date (ISO_DATE), and at least one such."""
    kinds = []
    for c in range(len(rows[0])):
        found = set()
        for row in rows[1:]:
            text = row[c]
            if text == "" or text in NULL_MARKERS:
                continue
            found.add("date" if ISO_DATE.match(text) and is_value(text) else "number" if is_number(text) else "text")
        kinds.append(len(found) == 1 and "text" not in found)
    return kinds


def judge_cells(doc, rows):
    sheet = doc.Sheets.getByIndex(0)
    data = sheet.getCellRangeByPosition(0, 0, len(rows[0]) - 1, len(rows) - 1).getDataArray()
    valued = value_columns(rows)
    wrong = []
    for r, (given, read) in enumerate(zip(rows, data)):
        for c, (text, value) in enumerate(zip(given, read)):
            if text == "":
                continue
            want_value = r > 0 and valued[c] and text not in NULL_MARKERS and is_value(text)
            if isinstance(value, float) != want_value:
                wrong.append((r + 1, c + 1, text, "value" if want_value else "text"))
    return wrong


def judge_heights(doc, heights, line):
    """Rows given a height (1-based sheet rows): ours against LibreOffice's optimal height. Returns
    the rows shorter than it (less 1 px), those taller than it by more than `line` px, and the
    largest ratio."""
    rows = doc.Sheets.getByIndex(0).Rows
    short, tall, most = [], [], 0
    for r in heights:
        row = rows.getByIndex(r)
        ours = row.Height * PX_PER_MM100
        row.OptimalHeight = True
        wanted = row.Height * PX_PER_MM100
        most = max(most, ours / wanted)
        if ours < wanted - 1:
            short.append((r + 1, round(ours, 1), round(wanted, 1)))
        elif ours > wanted + line:
            tall.append((r + 1, round(ours, 1), round(wanted, 1)))
    return short, tall, most


def printed_lines(doc, row, height, work):
    """How many lines LibreOffice prints of sheet row `row` (0-based) made `height` px tall: its own
    PDF export of that row alone (the print area), the lines counted as pdftotext's distinct word
    baselines. A line the row's height clips is not printed."""
    from com.sun.star.table import CellRangeAddress
    sheet = doc.Sheets.getByIndex(0)
    sheet.setPrintAreas((CellRangeAddress(0, 0, row, sheet.Columns.Count - 1, row),))
    sheet.Rows.getByIndex(row).Height = round(height / PX_PER_MM100)
    out = os.path.join(work, "printed-row.pdf")
    doc.storeToURL(uno.systemPathToFileUrl(out), (prop("FilterName", "calc_pdf_Export"),))
    xml = subprocess.run(["pdftotext", "-bbox", out, "-"], capture_output=True, text=True, check=True).stdout
    return len({round(float(y)) for y in re.findall(r'<word xMin="[^"]+" yMin="[^"]+" xMax="[^"]+" yMax="([^"]+)">', xml)})


def cell_texts(rng):
    """A function giving generated cells: 1 to 21 words drawn by `rng` from Latin with diacritics,
    Cyrillic, Greek, CJK with full-width punctuation, Korean, Arabic with both kinds of digits,
    Hebrew, URLs, paths, units and emoji (Asian words often unspaced)."""
    latin = ("Straße Ärger fröhlich naïve café über Zürich élève garçon año niño Łódź żółć čeština Ångström smörgåsbord "
             "Schreibtischunterlage Donaudampfschiffahrt internationalization the of and table column width measure exact "
             "row height Vietnamese Tiếng Việt người Hà Nội").split()
    pools = [latin, latin, "Привет мир столбец ширина таблица строка высота измерение Москва Санкт-Петербург".split(),
             "Γειά σου κόσμε πίνακας στήλη πλάτος ύψος γραμμή Αθήνα Θεσσαλονίκη".split(),
             ["日本語のテキスト", "表の列幅を測る", "東京都渋谷区", "中文文本测量", "宽度和高度", "全角の句読点、。", "（括弧）と「引用」", "한국어 텍스트", "서울특별시"],
             "مرحبا بالعالم جدول عمود عرض ارتفاع ١٢٣ 456 القاهرة".split(), "שלום עולם טבלה עמודה רוחב גובה 789 ירושלים".split(),
             ["https://example.com/path/to/page?q=1", "/usr/local/share/fonts", "10-15 kg", "3/4", "2024-01-05", "A-4", "$1,234.56",
              "(555) 123-4567", "e.g.", "x86_64-unknown-linux-gnu", "—", "foo/bar/baz", "42%", "🙂", "👍🏽"]]

    def text():
        pool = rng.choice(pools)
        words = [rng.choice(pool if rng.random() < 0.8 else rng.choice(pools)) for _ in range(rng.choice([1, 2, 3, 5, 8, 13, 21]))]
        return ("" if pool is pools[4] and rng.random() < 0.5 else " ").join(words)

    return text


def generated_heights(office, textmeasure, work, seed=7):
    """Rows as tall as their text, on tables unlike the fixtures: for each seed, 9 workbooks (Calibri 9, 11, 14
    and 20 pt at --max 70 to 250 pt, Noto Sans and Liberation Serif) of 150 rows, two wrapping
    columns of 1 to 21 words drawn from Latin with diacritics, Cyrillic, Greek, CJK with full-width
    punctuation, Korean, Arabic with both kinds of digits, Hebrew, URLs, paths, units and emoji.
    Returns (rows given a height, rows below LibreOffice's optimal height less 1 px, rows more
    than a line (a line of Calibri at the size: 1.02 × the size) above it, rows without a height that LibreOffice wraps,
    rows off its optimal height that print fewer lines than LibreOffice prints in a row 200 px taller than optimal:
    a line clipped in print)."""
    import random
    rng = random.Random(seed)
    text = cell_texts(rng)

    configs = [([], 11, m) for m in (70, 90, 150, 250)] + [([], 9, 75), ([], 14, 120), ([], 20, 200),
                                                         (["--family", "Noto Sans"], 11, 100), (["--family", "Liberation Serif"], 12, 130)]
    given = short = tall = missed = 0
    clipped = []
    for family, size, most in configs:
        rows = [["id", "text", "note"]] + [[str(i), text(), text() if rng.random() < 0.3 else ""] for i in range(150)]
        doc, ours = written(office, textmeasure, work, f"heights-{seed}-{size}-{most}", rows, ["--size", str(size), "--max", str(most)] + family)
        custom = set(wrapped_rows(ours))
        line = size * 96 / 72 * 1.02
        found_short, found_tall, _ = judge_heights(doc, sorted(custom), line)
        sheet_rows = doc.Sheets.getByIndex(0).Rows
        for r, ours_px, wanted in found_short + found_tall:
            if printed_lines(doc, r - 1, ours_px, work) < printed_lines(doc, r - 1, wanted + 200, work):
                clipped.append((f"heights-{seed}-{size}-{most}", r, ours_px, wanted))
        for r in range(1, len(rows)):
            if r not in custom:
                row = sheet_rows.getByIndex(r)
                row.OptimalHeight = True
                missed += row.Height * PX_PER_MM100 > 2.2 * size * 96 / 72
        doc.close(True)
        given, short, tall = given + len(custom), short + len(found_short), tall + len(found_tall)
    return given, short, tall, missed, clipped


def round_trip(doc, rows, out):
    doc.storeToURL(uno.systemPathToFileUrl(out), (prop("FilterName", "Text - txt - csv (StarCalc)"),
                                                 prop("FilterOptions", "44,34,76,1,,0,false,true,true,false,false")))
    back = read_rows(out, ",")
    width = len(rows[0])
    back = [row + [""] * (width - len(row)) for row in back]
    differences = [(i + 1, a, b) for i, (a, b) in enumerate(zip(rows, back)) if a != b]
    if len(back) != len(rows):
        differences.append(("rows", len(rows), len(back)))
    return differences


def xlsxwriter_workbook(rows, path):
    """The same cells through XlsxWriter (as strings: its autofit's best case), header bold, frozen,
    with an autofilter, then autofit()."""
    workbook = xlsxwriter.Workbook(path)
    sheet = workbook.add_worksheet()
    bold = workbook.add_format({"bold": True})
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            if text != "":
                sheet.write_string(r, c, text, bold if r == 0 else None)
    sheet.freeze_panes(1, 0)
    sheet.autofilter(0, 0, len(rows) - 1, len(rows[0]) - 1)
    sheet.autofit()
    workbook.close()


def wrapped_rows(path):
    """The 0-based rows our workbook gives a height (read from its XML: <row r=".." ht=".." customHeight="1">)."""
    import zipfile
    xml = zipfile.ZipFile(path).read("xl/worksheets/sheet1.xml").decode()
    return [int(m.group(1)) - 1 for m in re.finditer(r'<row r="(\d+)"[^>]*customHeight="1"', xml)]


def written(office, textmeasure, work, name, rows, options):
    """`rows` as NAME.csv in `work`, rendered to NAME.xlsx with `options` and opened in
    LibreOffice: the document and the workbook's path."""
    given, ours = os.path.join(work, name + ".csv"), os.path.join(work, name + ".xlsx")
    write_csv(rows, given)
    subprocess.run([textmeasure, "render", given, "-o", ours] + options, check=True)
    return office.open(ours), ours


def decimal_separators(office, textmeasure, work, seed=11):
    """Decimal alignment: a generated column of 60 numbers (0 to 4 decimal places, grouping,
    "$" before some, negatives with "-" or in parentheses) written with --align Amount=decimal;
    LibreOffice exports the workbook as PDF, `pdftotext -bbox` gives each number's box, and each
    separator's x is the box's left edge plus the advance of the characters before it (Carlito
    11 pt, from hb-shape). A number of no places has its separator where its digits end. Returns
    the separators' xs."""
    import random
    rng = random.Random(seed)
    rows = [["Item", "Amount"]]
    for i in range(60):
        places = rng.randint(0, 4)
        value = rng.uniform(0, 10 ** rng.randint(0, 6))
        text = f"{value:,.{places}f}" if rng.random() < 0.5 else f"{value:.{places}f}"
        if rng.random() < 0.2:
            text = "$" + text
        kind = rng.random()
        text = f"({text})" if kind < 0.15 else "-" + text if kind < 0.3 else text
        rows.append([f"item {i}", text])
    pdf = os.path.join(work, "decimal.pdf")
    doc, _ = written(office, textmeasure, work, "decimal", rows, ["--align", "Amount=decimal"])
    doc.storeToURL(uno.systemPathToFileUrl(pdf), (prop("FilterName", "calc_pdf_Export"),))
    doc.close(True)
    font = subprocess.run(["fc-match", "-f", "%{file}", "Carlito"], capture_output=True, text=True).stdout

    def advance(text):
        shaped = subprocess.run(["hb-shape", "--font-size=2048", "--no-glyph-names", "--no-clusters", font, "--text=" + text],
                                capture_output=True, text=True, check=True).stdout
        return sum(int(x) for x in re.findall(r"\+(-?\d+)", shaped)) * 11 / 2048

    boxes = re.findall(r'<word xMin="([0-9.]+)" yMin="[0-9.]+" xMax="([0-9.]+)"[^>]*>([^<]*)<',
                       subprocess.run(["pdftotext", "-bbox", pdf, "-"], capture_output=True, text=True, check=True).stdout)
    numbers = {row[1].strip("()") for row in rows[1:]}
    column = min(float(left) for left, _, word in boxes if word == "Amount")  # the column's header, at its leading edge
    xs = []
    for left, right, word in boxes:
        if word.strip("()") not in numbers or float(left) < column - 1:
            continue
        dot = word.find(".")
        xs.append(float(left) + advance(word[:dot]) if dot >= 0 else float(right) - (advance(")") if word.endswith(")") else 0))
    return xs


def judge_groups(office, textmeasure, work, seed=5):
    """--group-by as merged cells: a generated table of 300 rows sorted by a region column
    (runs of 1 to 9 rows; some regions wrap in a 75 pt column) with a title, a header group and
    a total, written with --group-by Region. LibreOffice must read each run of two or more rows
    as one merged range of the column, holding the value in its first cell, top-aligned, with
    the other cells of the range empty; no other cell merged below the header (the footer
    neither); and the header rows above the frozen pane and the autofilter. Returns the
    differences."""
    import random
    rng = random.Random(seed)
    regions = ["North", "South-East Asia and the Pacific islands", "Zürich", "東京都", "Île-de-France", "القاهرة"]
    rows, differences = [["Region", "City", "Sales"]], []
    while len(rows) < 301:
        region = rng.choice(regions) + f" {len(rows)}"
        rows += [[region, f"city {len(rows) + k}", str(rng.randint(1, 999))] for k in range(rng.randint(1, 9))]
    rows = rows[:301]
    doc, _ = written(office, textmeasure, work, "groups", rows, ["--group-by", "Region", "--title", "Sales by region",
                                                                 "--header-group", "Where:Region,City", "--total", "Sales=sum", "--max", "75"])
    sheet = doc.Sheets.getByIndex(0)
    top = 3  # title, header group, header
    runs, start = [], 1
    for r in range(2, len(rows) + 1):
        if r == len(rows) or rows[r][0] != rows[start][0]:
            runs.append((start, r - 1))
            start = r
    for first, last in runs:
        cells = sheet.getCellRangeByPosition(0, top + first - 1, 0, top + last - 1)
        if last > first:
            if not cells.getIsMerged():
                differences.append((rows[first][0], "not merged"))
            cell = sheet.getCellByPosition(0, top + first - 1)
            if cell.getString() != rows[first][0] or cell.VertJustify != 1:  # CellVertJustify2.TOP
                differences.append((rows[first][0], cell.getString(), cell.VertJustify))
            if any(sheet.getCellByPosition(0, top + r - 1).getString() for r in range(first + 1, last + 1)):
                differences.append((rows[first][0], "a cell below the first is not empty"))
        elif sheet.getCellByPosition(0, top + first - 1).getString() != rows[first][0]:
            differences.append((rows[first][0], "the single row's value is missing"))
    footer = top + len(rows) - 1
    if sheet.getCellRangeByPosition(0, footer - 1, 0, footer).getIsMerged() or sheet.getCellByPosition(0, footer).getString() != "Total":
        differences.append(("footer", "merged into the last group or without its label"))
    doc.close(True)
    return differences


def judge_totals(office, textmeasure, work):
    """Totals that stay live: a generated money table (200 rows; amounts with two decimals,
    counts, negatives in parentheses) written with --total for sum, mean, min, max and count;
    LibreOffice reads each footer cell's cached value, recalculates every formula, and must show
    the same text. Returns the cells that differ (and a note when a footer cell is no formula)."""
    import random
    rng = random.Random(42)
    rows = [["Item", "Amount", "Qty", "Low", "High", "Seen"]]
    for i in range(200):
        amount = rng.randint(-99999, 999999)
        text = f"${abs(amount) // 100:,}.{abs(amount) % 100:02d}"
        rows.append([f"item {i}", f"({text})" if amount < 0 else text, str(rng.randint(0, 500)), f"{rng.uniform(-50, 50):.3f}",
                     f"{rng.uniform(0, 1e6):.1f}", str(rng.randint(1, 9))])
    doc, _ = written(office, textmeasure, work, "totals", rows, ["--total", "Amount=sum", "--total", "Qty=mean", "--total", "Low=min",
                                                                 "--total", "High=max", "--total", "Seen=count"])
    sheet = doc.Sheets.getByIndex(0)
    footer = len(rows)
    cells = [sheet.getCellByPosition(c, footer) for c in range(1, 6)]
    cached = [(cell.getString(), cell.getValue(), cell.getFormula()) for cell in cells]
    doc.calculateAll()
    differences = []
    for c, (cell, (shown, value, formula)) in enumerate(zip(cells, cached), start=1):
        if not formula.upper().startswith("=SUBTOTAL("):
            differences.append((rows[0][c], "no SUBTOTAL formula", formula))
        if cell.getString() != shown:
            differences.append((rows[0][c], f"cached {shown!r} ({value!r})", f"recalculated {cell.getString()!r} ({cell.getValue()!r})"))
    doc.close(True)
    return differences


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--textmeasure", default=os.path.join(ROOT, ".build/release/textmeasure"))
    parser.add_argument("--work", default=None, help="folder for the workbooks (default: a temporary one)")
    parser.add_argument("--tables", default=",".join(t[0] for t in TABLES))
    parser.add_argument("--csv", action="append", default=[], help="another CSV file to judge (repeatable)")
    parser.add_argument("--args", default="", help="more options for textmeasure render, e.g. '--max 300'")
    parser.add_argument("--results", default=None, help="also write the fit table to this file (Benchmarks/Results/xlsx-fit.md)")
    options = parser.parse_args()
    work = options.work or tempfile.mkdtemp(prefix="xlsx-check-")
    os.makedirs(work, exist_ok=True)
    chosen = [t for t in TABLES if t[0] in options.tables.split(",")]
    chosen += [(os.path.splitext(os.path.basename(path))[0], os.path.abspath(path), ",") for path in options.csv]
    made = []
    for name, source, delimiter in chosen:
        rows = read_rows(os.path.join(ROOT, source), delimiter)
        ours, theirs = os.path.join(work, name + ".xlsx"), os.path.join(work, name + "-xlsxwriter.xlsx")
        given = os.path.join(work, name + ".csv")
        write_csv(rows, given)
        start = time.time()
        subprocess.run([options.textmeasure, "render", given, "-o", ours] + shlex.split(options.args), check=True)
        ours_time = time.time() - start
        start = time.time()
        xlsxwriter_workbook(rows, theirs)
        made.append((name, rows, ours, theirs, ours_time, time.time() - start))

    office = Office(os.path.join(work, "profile"))
    failed = False
    summary = []
    try:
        for name, rows, ours, theirs, ours_time, theirs_time in made:
            ncols = len(rows[0])
            print(f"== {name}: {len(rows) - 1} rows × {ncols} columns (written in {ours_time:.2f} s; XlsxWriter {theirs_time:.2f} s)")
            doc = office.open(ours)
            wrong = judge_cells(doc, rows)
            differences = round_trip(doc, rows, os.path.join(work, name + "-export.csv"))
            our_widths = judge_widths(doc, ncols)
            doc.close(True)
            heights = wrapped_rows(ours)
            short, tall, most = [], [], 0
            if heights:
                doc = office.open(ours)
                short, tall, most = judge_heights(doc, heights[:2000], 11 * 96 / 72 * 1.02)
                doc.close(True)
            doc = office.open(theirs)
            their_widths = judge_widths(doc, ncols)
            doc.close(True)
            our_fit = their_fit = wrapped = 0
            print(f"   {'column':24s} {'LibreOffice':>11s} {'ours':>8s} {'':4s} {'XlsxWriter':>10s}")
            for c in range(ncols):
                (ours_px, wanted, wraps), (theirs_px, wanted2, _) = our_widths[c], their_widths[c]
                a, b = fits(ours_px, wanted), fits(theirs_px, wanted2)
                # A column held to --max (or to Excel's 255 characters) wraps its cells: LibreOffice's
                # optimal width of wrapped cells is not the judge; its rows' heights are.
                a = a and not wraps
                our_fit += a; their_fit += b; wrapped += wraps
                verdict = "wraps" if wraps else "fits" if a else "NO"
                print(f"   {rows[0][c][:24]:24s} {wanted:9.1f}px {ours_px:7.1f}  {verdict:5s} {theirs_px:8.1f}  {'fits' if b else 'no'}"
                      + ("" if abs(wanted - wanted2) < 0.5 else f"  (wants {wanted2:.1f} px for XlsxWriter's cells)"))
            print(f"   columns that fit: ours {our_fit}/{ncols}" + (f" ({wrapped} wrap)" if wrapped else "")
                  + f", XlsxWriter's autofit {their_fit}/{ncols}")
            print(f"   cell types wrong: {len(wrong)}; CSV round trip: {len(differences)} rows differ; "
                  f"rows given a height: {len(heights)}, {len(short)} of the first {min(len(heights), 2000)} shorter than "
                  f"LibreOffice's optimal height, {len(tall)} more than a line taller" + (f" (at most {most:.2f} × it)" if heights else ""))
            for item in wrong[:5] + differences[:5] + short[:5]:
                print("     ", item)
            failed |= our_fit + wrapped < ncols or bool(wrong) or bool(differences) or bool(short)
            summary.append((name, our_fit, their_fit, ncols, wrapped))
        given = short = tall = missed = 0
        clipped = []
        for seed in (7, 11, 23):  # 27 tables of 150 rows
            found = generated_heights(office, options.textmeasure, work, seed)
            given, short, tall, missed = given + found[0], short + found[1], tall + found[2], missed + found[3]
            clipped += found[4]
        print(f"== heights of generated rows: {given} given a height; {short} below LibreOffice's optimal height "
              f"(less 1 px), {tall} more than a line above it; {missed} rows without a height that LibreOffice wraps; "
              f"of the {short + tall} off its optimal height, {len(clipped)} print fewer lines than LibreOffice prints in them")
        for item in clipped:
            print("     ", item)
        separators = decimal_separators(office, options.textmeasure, work)
        spread = max(separators) - min(separators) if separators else float("inf")
        print(f"== decimal alignment: {len(separators)} of 60 numbers found in LibreOffice's PDF, their separators "
              f"within {spread:.3f} pt of each other")
        failed |= len(separators) != 60 or spread > 0.75  # a pixel at 96 dpi
        groups = judge_groups(office, options.textmeasure, work)
        print(f"== --group-by as merged ranges: {len(groups)} differences")
        for item in groups[:5]:
            print("     ", item)
        failed |= bool(groups)
        totals = judge_totals(office, options.textmeasure, work)
        print(f"== totals: SUBTOTAL formulas recalculated by LibreOffice against their cached results: {len(totals)} differ")
        for item in totals:
            print("     ", item)
        failed |= bool(totals)
    finally:
        office.close()
    table = ["| Table | Columns | Ours | XlsxWriter autofit() |", "|---|---:|---:|---:|"]
    for name, a, b, n, w in summary:
        table.append(f"| {name} | {n} | {a}" + (f" (+{w} wrapped)" if w else "") + f" | {b} |")
    total, wrapped = sum(s[3] for s in summary), sum(s[4] for s in summary)
    table.append(f"| all | {total} | {sum(s[1] for s in summary)}" + (f" (+{wrapped} wrapped)" if wrapped else "")
                 + f" | {sum(s[2] for s in summary)} |")
    print("\n" + "\n".join(table))
    if options.results:
        with open(options.results, "w", encoding="utf-8") as results:
            results.write("Columns that fit in " + office_version() + " (Scripts/xlsx-check.py --tables " + options.tables
                          + (" --args '" + options.args + "'" if options.args else "") + "), "
                          + time.strftime("%Y-%m-%d") + "\n\n" + "\n".join(table) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
