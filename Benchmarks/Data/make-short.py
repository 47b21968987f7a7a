#!/usr/bin/env python3
"""Writes short.tsv: short, heavily repeated table cells from the Debian package index (README.md).

    Benchmarks/Data/make-short.py                  # runs `apt-cache dumpavail` (as make-packages.py)
    Benchmarks/Data/make-short.py --dumpavail FILE # or reads a saved output of that command

The same 50,000 packages as packages.tsv, in the same order (row k of one is row k of the other;
the script checks this when packages.tsv is present), with five short fields of each record, the
kind of status / category / code columns whose few distinct values repeat down a table:

    priority  section  architecture  multi_arch  tld

* priority: the Priority field (a status: optional, standard, important, required, extra).
* section: the Section field (a category: libs, python, games, …).
* architecture: the Architecture field (all, amd64).
* multi_arch: the Multi-Arch field (same, foreign, allowed); "no" when the record has none, the
  value Debian policy gives an absent field.
* tld: the top-level domain of the Maintainer's e-mail address, as written ("org", "de", "jp"):
  country codes for the maintainers who write from a country's domain.

Standard library only; the record parsing and the row choice are make-packages.py's.
"""

import argparse
import importlib.util
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
HEADER = ["priority", "section", "architecture", "multi_arch", "tld"]


def load_packages_script():
    """make-packages.py as a module (its name has a dash, so it cannot be imported by name)."""
    spec = importlib.util.spec_from_file_location("make_packages", HERE / "make-packages.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def tld(maintainer):
    """The top-level domain of the address in a Maintainer field ("Name <a@b.example.org>")."""
    address = maintainer.rsplit("<", 1)[-1].rstrip(">").strip()
    domain = address.rsplit("@", 1)[-1]
    if "@" not in address or "." not in domain:
        raise ValueError(f"no e-mail address in Maintainer {maintainer!r}")
    return domain.rsplit(".", 1)[-1].lower()


def row(fields, clean):
    return [
        clean(fields.get("Priority", "")),
        clean(fields.get("Section", "")),
        clean(fields.get("Architecture", "")),
        clean(fields.get("Multi-Arch", "no")),
        tld(fields.get("Maintainer", "")),
    ]


def main():
    packages = load_packages_script()
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dumpavail", help="a saved output of make-packages.py's DUMPAVAIL (default: run it)")
    parser.add_argument("--output", default=str(HERE / "short.tsv"))
    arguments = parser.parse_args()

    if arguments.dumpavail:
        data = Path(arguments.dumpavail).read_bytes()
    else:
        data = subprocess.run(packages.DUMPAVAIL, check=True, capture_output=True).stdout
    index = {fields["Package"]: fields for fields in packages.records(data.decode("utf-8"))}
    chosen = sorted(packages.chosen_names(index))

    package_table = HERE / "packages.tsv"
    if package_table.exists():
        with package_table.open(encoding="utf-8") as file:
            names = [line.split("\t", 1)[0] for line in file][1:]
        if names != chosen:
            sys.exit(f"{package_table} holds other packages: regenerate it from the same index first")

    rows = [row(index[name], packages.clean) for name in chosen]
    output = Path(arguments.output)
    with output.open("w", encoding="utf-8", newline="\n") as file:
        for cells in [HEADER, *rows]:
            assert all(cell and "\t" not in cell for cell in cells), cells
            file.write("\t".join(cells) + "\n")

    distinct = [len({cells[column] for cells in rows}) for column in range(len(HEADER))]
    print(f"{len(rows)} rows written to {output} ({output.stat().st_size:,} bytes); distinct values per column: "
          + ", ".join(f"{name} {count}" for name, count in zip(HEADER, distinct)), file=sys.stderr)


if __name__ == "__main__":
    main()
