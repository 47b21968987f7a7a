#!/usr/bin/env python3
"""100,000 package rows (Data/packages.tsv twice) to an xlsx workbook: `textmeasure render -o
X.xlsx` (libxlsxwriter, constant-memory mode, every cell measured as a spreadsheet draws it)
against XlsxWriter writing the same cells with autofit() (PyPI's XlsxWriter; its default mode,
as autofit() needs every cell kept), in the same run, alternating, each a fresh process: wall
time and peak resident memory (the process's ru_maxrss), median of --rounds. Numbers in
XlsxWriter's workbook: the cells of digits only (the installed_size_kib column), as numbers.

    python3 Benchmarks/xlsx-comparison.py [--textmeasure PATH] [--rounds N]

Writes Results/xlsx-comparison.txt. Needs XlsxWriter ≥ 3.0.6 for the Python that runs it.
"""
import argparse, csv, os, re, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

XLSXWRITER = r'''
import csv, re, sys, xlsxwriter
rows = list(csv.reader(open(sys.argv[1], newline="", encoding="utf-8")))
workbook = xlsxwriter.Workbook(sys.argv[2])
sheet = workbook.add_worksheet()
bold = workbook.add_format({"bold": True})
digits = re.compile(r"^(0|[1-9][0-9]{0,14})$")
sheet.write_row(0, 0, rows[0], bold)
for r, row in enumerate(rows[1:], 1):
    for c, text in enumerate(row):
        if digits.match(text):
            sheet.write_number(r, c, int(text))
        elif text:
            sheet.write_string(r, c, text)
sheet.freeze_panes(1, 0)
sheet.autofilter(0, 0, len(rows) - 1, len(rows[0]) - 1)
sheet.autofit()
workbook.close()
'''


def run(command):
    """Wall time (s) and peak resident memory (MiB) of one process."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{command[0]} failed: {status}")
    return elapsed, usage.ru_maxrss / 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--textmeasure", default=os.path.join(ROOT, ".build/release/textmeasure"))
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    work = tempfile.mkdtemp(prefix="xlsx-bench-")
    with open(os.path.join(ROOT, "Benchmarks/Data/packages.tsv"), encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f]
    header, body = rows[0], rows[1:]
    table = [header] + body + body  # 100,000 rows
    source = os.path.join(work, "packages-100k.csv")
    with open(source, "w", newline="", encoding="utf-8") as f:
        csv.writer(f, lineterminator="\n").writerows(table)
    ours, theirs = os.path.join(work, "ours.xlsx"), os.path.join(work, "xlsxwriter.xlsx")
    script = os.path.join(work, "xlsxwriter-autofit.py")
    open(script, "w").write(XLSXWRITER)
    import xlsxwriter
    results = {"ours": [], "theirs": []}
    for _ in range(options.rounds):
        results["ours"].append(run([options.textmeasure, "render", source, "-o", ours]))
        results["theirs"].append(run([sys.executable, script, source, theirs]))
    def median(runs, index):
        return statistics.median(r[index] for r in runs)
    load = os.getloadavg()[0]
    lines = [
        f"xlsx-comparison.py: {len(table) - 1:,} package rows × {len(header)} columns to xlsx, "
        f"median of {options.rounds} alternating rounds (load {load:.2f}); {os.path.getsize(source):,} bytes of CSV",
        f"textmeasure render -o X.xlsx (libxlsxwriter, constant memory): {median(results['ours'], 0):.2f} s, "
        f"peak {median(results['ours'], 1):.0f} MiB, file {os.path.getsize(ours):,} bytes",
        f"XlsxWriter {xlsxwriter.__version__} with autofit(): {median(results['theirs'], 0):.2f} s, "
        f"peak {median(results['theirs'], 1):.0f} MiB, file {os.path.getsize(theirs):,} bytes",
        f"ratio: {median(results['ours'], 0) / median(results['theirs'], 0):.2f} of XlsxWriter's time, "
        f"{median(results['ours'], 1) / median(results['theirs'], 1):.2f} of its peak memory",
    ]
    print("\n".join(lines))
    with open(os.path.join(ROOT, "Benchmarks/Results/xlsx-comparison.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
