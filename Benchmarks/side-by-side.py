#!/usr/bin/env python3
"""The same table printed to A4 PDF three ways, side by side: `textmeasure render` with no options,
Typst (the `typst` package from PyPI, in this benchmark's own virtual environment) from a
generated `#table`, and LibreOffice Calc (`soffice --headless --convert-to pdf`) from the CSV.
The table is ROWS rows of the Debian package table (Data/packages.tsv, cycled), 6 columns. Each
tool runs as its own process, timed by a blocking wait, its peak resident memory read by GNU time;
the median of ROUNDS interleaved rounds. Prints each tool's time, peak memory and page count, and
textmeasure's time and memory as ratios of each other tool's.

    Benchmarks/side-by-side.py [--rows 10000] [--rounds 3] [--textmeasure .build/release/textmeasure]

Typst: 10 pt Noto Sans (the bundled files), A4 with 36 pt margins, cells padded 4 pt 8 pt,
columns `auto` (Typst's own automatic widths), a bold repeated header. LibreOffice: the CSV as
Calc imports it (UTF-8, comma), printed with its default page style, which is how a person gets
a PDF from it. Needs python3 -m venv, pip (PyPI), soffice, pdfinfo (poppler-utils) and
/usr/bin/time. Writes Benchmarks/Results/side-by-side.txt.
"""
import argparse
import csv
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "Benchmarks"
VENV = HERE / ".build" / "side-by-side-venv"


def environment():
    """The benchmark's own virtual environment with typst, made on first use."""
    python = VENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    if subprocess.run([str(python), "-c", "import typst"], capture_output=True).returncode != 0:
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "typst"], check=True)
    version = subprocess.run([str(python), "-m", "pip", "show", "typst"], capture_output=True, text=True).stdout
    return python, next((line.split()[-1] for line in version.splitlines() if line.startswith("Version:")), "?")


def timed(command, env=None):
    """Wall seconds and peak RSS (MB, 10^6 bytes) of `command`, by GNU time."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        process = subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", report.name] + command,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, timeout=1800)
        if process.returncode != 0:
            raise RuntimeError(f"{command[0]} failed: {process.stderr.decode(errors='replace')[-500:]}")
        wall, kib = Path(report.name).read_text().split()[-2:]
        return float(wall), int(kib) * 1024 / 1e6


def pages(pdf):
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))


def typst_source(header, rows):
    def literal(text):
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    lines = ['#set page(paper: "a4", margin: 36pt)',
             '#set text(font: "Noto Sans", size: 10pt)',
             f"#table(columns: {len(header)}, inset: (x: 8pt, y: 4pt),",
             "  table.header(" + ", ".join(f"strong({literal(title)})" for title in header) + "),"]
    lines += ["  " + ", ".join(literal(cell) for cell in row) + "," for row in rows]
    lines.append(")")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=10000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--textmeasure", default=str(ROOT / ".build" / "release" / "textmeasure"))
    options = parser.parse_args()
    python, version = environment()
    lines = (HERE / "Data" / "packages.tsv").read_text(encoding="utf-8").splitlines()
    header, body = lines[0].split("\t"), [line.split("\t") for line in lines[1:]]
    rows = [body[index % len(body)] for index in range(options.rows)]
    work = Path(tempfile.mkdtemp(prefix="side-by-side-"))
    table = work / "packages.csv"
    with table.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
    (work / "packages.typ").write_text(typst_source(header, rows), encoding="utf-8")
    compile_typst = ("import sys, typst; typst.compile(sys.argv[1], output=sys.argv[2], font_paths=[sys.argv[3]])")
    tools = {
        "textmeasure": ([options.textmeasure, "render", str(table), "-o", str(work / "textmeasure.pdf")], work / "textmeasure.pdf"),
        f"typst {version}": ([str(python), "-c", compile_typst, str(work / "packages.typ"), str(work / "typst.pdf"),
                             str(ROOT / "Fonts")], work / "typst.pdf"),
        "libreoffice": (["soffice", f"-env:UserInstallation=file://{work}/profile", "--headless", "--convert-to", "pdf",
                         "--outdir", str(work / "office"), str(table)], work / "office" / "packages.pdf"),
    }
    # LibreOffice's first start makes its profile: not timed.
    subprocess.run(tools["libreoffice"][0], capture_output=True, timeout=600)
    results = {name: [] for name in tools}
    for _ in range(options.rounds):
        for name, (command, _) in tools.items():
            results[name].append(timed(command))
    load = os.getloadavg()[0]
    report = [f"side-by-side.py: {options.rows} package rows (6 columns) on A4, median of {options.rounds} interleaved rounds "
              f"(load {load:.2f}); wall s, peak RSS MB (10^6 bytes), pages"]
    medians = {}
    for name, (_, pdf) in tools.items():
        wall = statistics.median(run[0] for run in results[name])
        memory = statistics.median(run[1] for run in results[name])
        medians[name] = (wall, memory)
        runs = ", ".join(f"{run[0]:.2f}" for run in results[name])
        report.append(f"{name}: {wall:.2f} s, {memory:,.0f} MB, {pages(pdf)} pages (runs: {runs})")
    ours = medians["textmeasure"]
    for name, (wall, memory) in medians.items():
        if name != "textmeasure":
            report.append(f"textmeasure / {name.split()[0]}: {ours[0] / wall:.3f} of its time, {ours[1] / memory:.3f} of its memory")
    text = "\n".join(report) + "\n"
    print(text, end="")
    (HERE / "Results" / "side-by-side.txt").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
