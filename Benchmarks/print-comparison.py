#!/usr/bin/env python3
"""10,000 rows of the Debian package table on A4, drawn by `textmeasure render` with no options
(paper's defaults: 10 pt, the automatic table layout at the page's width, A4 with 36 pt margins)
and printed by headless Chromium from a plain HTML table of the same sizes (`table-layout: auto`,
the same Noto Sans file at 10 pt, padding 4 pt 8 pt, bold headers, cells `overflow-wrap:
break-word`, A4 with 36 pt margins): each one's time (median of ROUNDS interleaved runs), page
count, and its first page as a greyscale PNG at 80 dpi in Benchmarks/Results
(print-comparison-textmeasure-page1.png, print-comparison-chromium-page1.png).

    Benchmarks/print-comparison.py [--rows 10000] [--rounds 3] [--textmeasure .build/release/textmeasure]

Needs chromium and poppler-utils (pdfinfo, pdftoppm). Writes Benchmarks/Results/print-comparison.txt and the two PNGs.
"""
import argparse
import csv
import html
import shutil
import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FONT = ROOT / "Fonts" / "NotoSans-Regular.ttf"
BOLD = ROOT / "Fonts" / "NotoSans-Bold.ttf"


def run(command):
    """The command's wall time. Waited for by a blocking wait, not `subprocess.run(timeout=)`,
    which polls with sleeps of up to 50 ms and added up to that much to a 0.6 s run; a timer
    kills a command still running after 900 s."""
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    watchdog = threading.Timer(900, process.kill)
    watchdog.start()
    try:
        status = process.wait()
    finally:
        watchdog.cancel()
    elapsed = time.monotonic() - start
    if status != 0:
        raise subprocess.CalledProcessError(status, command)
    return elapsed


def pages(pdf):
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))


def seconds(times):
    return ", ".join("%.2f" % t for t in times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=10000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--textmeasure", default=str(ROOT / ".build/release/textmeasure"))
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    work = Path(tempfile.mkdtemp(prefix="print-comparison-"))
    rows = [line.rstrip("\n").split("\t") for line in open(ROOT / "Benchmarks/Data/packages.tsv", encoding="utf-8")]
    rows = rows[: args.rows + 1]
    with open(work / "table.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)
    shutil.copyfile(FONT, work / FONT.name)
    shutil.copyfile(BOLD, work / BOLD.name)
    style = ("@page { size: A4; margin: 36pt; } @font-face { font-family: 'TM'; src: url('%s'); }"
             "@font-face { font-family: 'TM'; font-weight: bold; src: url('%s'); }"
             "body { margin: 0; } table { table-layout: auto; width: 100%%; border-collapse: collapse;"
             " font: 10pt 'TM'; } th, td { padding: 4pt 8pt; text-align: left; vertical-align: top;"
             " border-bottom: 1px solid #ddd; } th { white-space: pre; } td { overflow-wrap: break-word; }"
             % (FONT.name, BOLD.name))
    page = ("<!doctype html><html><head><meta charset='utf-8'><style>%s</style></head><body><table><thead><tr>%s</tr></thead><tbody>%s</tbody></table></body></html>"
            % (style, "".join("<th>%s</th>" % html.escape(t) for t in rows[0]),
               "".join("<tr>%s</tr>" % "".join("<td>%s</td>" % html.escape(c) for c in row) for row in rows[1:])))
    (work / "table.html").write_text(page, encoding="utf-8")

    ours_pdf, theirs_pdf = work / "textmeasure.pdf", work / "chromium.pdf"
    ours_command = [args.textmeasure, "render", str(work / "table.csv"), "-o", str(ours_pdf)]
    theirs_command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                      "--user-data-dir=" + str(work / "profile"), "--print-to-pdf=" + str(theirs_pdf), (work / "table.html").as_uri()]
    ours, theirs = [], []
    for _ in range(args.rounds):
        ours.append(run(ours_command))
        theirs.append(run(theirs_command))
    ours_time, theirs_time = statistics.median(ours), statistics.median(theirs)
    with open("/proc/loadavg") as handle:
        load = handle.read().split()[0]
    lines = [
        "print-comparison.py: %d package rows on A4, median of %d interleaved rounds (load %s)" % (args.rows, args.rounds, load),
        "textmeasure render (no options): %.2f s, %d pages (runs: %s)" % (ours_time, pages(ours_pdf), seconds(ours)),
        "chromium --print-to-pdf (table-layout: auto): %.2f s, %d pages (runs: %s)" % (theirs_time, pages(theirs_pdf), seconds(theirs)),
        "ratio: %.3f of Chromium's time (goal: at most 1/20 = 0.050)" % (ours_time / theirs_time),
    ]
    (ROOT / "Benchmarks/Results/print-comparison.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    # Each first page as a small greyscale PNG at 80 dpi, for the README (about 75 and 125 KB).
    for pdf, name in [(ours_pdf, "print-comparison-textmeasure-page1"), (theirs_pdf, "print-comparison-chromium-page1")]:
        target = ROOT / "Benchmarks/Results" / name
        subprocess.run(["pdftoppm", "-png", "-gray", "-r", "80", "-f", "1", "-l", "1", "-singlefile", str(pdf), str(target)], check=True)
        print("first page:", target.with_suffix(".png"))


if __name__ == "__main__":
    main()
