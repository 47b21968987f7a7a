#!/usr/bin/env python3
"""Writes packages.tsv: real table cells from the Debian package index (see README.md).

    Benchmarks/Data/make-packages.py                  # runs `apt-cache dumpavail` (see DUMPAVAIL)
    Benchmarks/Data/make-packages.py --dumpavail FILE # or reads a saved output of that command

One row per package (the record `apt-cache dumpavail` prints for it: its candidate version), for
the ROWS packages whose
SHA-256(name) is smallest (a sample spread over the whole alphabet that does not move when other
packages come or go), written sorted by name (code point order). Columns:

    name  version  section  maintainer  installed_size_kib  description

* maintainer: the Maintainer field's name, without its e-mail address ("Debian Games Team", not
  "Debian Games Team <pkg-games-devel@lists.alioth.debian.org>"); the whole field when it has no
  name before the address.
* installed_size_kib: the Installed-Size field (KiB), empty when the record has none.
* description: the short description, then the first paragraph of the long description when the
  record carries one, joined with a space; cut to at most MAX_DESCRIPTION characters at a word
  boundary, ending in "…" when cut.

Every field is UTF-8 with tabs, line breaks and other control characters turned into spaces,
runs of whitespace collapsed and ends trimmed, so no field holds a tab or a newline and no quoting
is needed (read with a plain split on tabs). The first line is the header. Standard library only;
the output depends only on the index, never on the order of its records.
"""

import argparse
import hashlib
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

# dpkg's status file is hidden from apt, so every record comes from the archive's Packages indexes
# (the highest version in them), whatever is installed here: otherwise a locally installed version
# from another repository (NodeSource's nodejs, a backport) would replace the Debian record.
DUMPAVAIL = ["apt-cache", "-o", "Dir::State::status=/dev/null", "dumpavail"]
ROWS = 50_000
MAX_DESCRIPTION = 300
HEADER = ["name", "version", "section", "maintainer", "installed_size_kib", "description"]


def records(text):
    """Yields each deb822 stanza as {field: value}; continuation lines kept, joined by '\n'."""
    for stanza in text.split("\n\n"):
        fields, last = {}, None
        for line in stanza.split("\n"):
            if not line:
                continue
            if line[0] in " \t" and last is not None:
                fields[last] += "\n" + line
                continue
            name, sep, value = line.partition(":")
            if not sep:
                raise ValueError(f"not a field line: {line!r}")
            last = name
            fields[name] = value.strip()
        if fields:
            yield fields


def clean(value):
    """One line: control characters (tabs and line breaks included) become spaces, whitespace
    runs collapse, ends are trimmed."""
    value = "".join(" " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in value)
    return re.sub(r"\s+", " ", value).strip()


def description(field):
    """The short description, then the long description's first paragraph (a line of " ." ends
    a paragraph), cut at a word boundary to MAX_DESCRIPTION characters."""
    lines = field.split("\n")
    parts = [lines[0]]
    for line in lines[1:]:
        if line.strip() == ".":
            break
        parts.append(line)
    text = clean(" ".join(parts))
    if len(text) <= MAX_DESCRIPTION:
        return text
    cut = text[: MAX_DESCRIPTION].rsplit(" ", 1)[0].rstrip(" ,;:.-")
    return cut + "…"


def maintainer(field):
    name = field.split("<", 1)[0].strip() if "<" in field else field
    return clean(name or field)


def row(fields):
    return [
        clean(fields["Package"]),
        clean(fields.get("Version", "")),
        clean(fields.get("Section", "")),
        maintainer(fields.get("Maintainer", "")),
        clean(fields.get("Installed-Size", "")),
        description(fields.get("Description", "")),
    ]


def chosen_names(index):
    """The ROWS package names whose SHA-256 is smallest (in no particular order)."""
    return sorted(index, key=lambda name: hashlib.sha256(name.encode()).digest())[:ROWS]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dumpavail", help="a saved output of DUMPAVAIL (default: run it)")
    parser.add_argument("--output", default=str(Path(__file__).with_name("packages.tsv")))
    arguments = parser.parse_args()

    if arguments.dumpavail:
        data = Path(arguments.dumpavail).read_bytes()
    else:
        data = subprocess.run(DUMPAVAIL, check=True, capture_output=True).stdout
    index = {}
    for fields in records(data.decode("utf-8")):
        name = fields["Package"]
        if name in index:
            raise ValueError(f"two records for {name}")
        if "Filename" not in fields:
            raise ValueError(f"{name}: not a record of an archive index (from dpkg's status?)")
        index[name] = fields

    chosen = chosen_names(index)
    rows = [row(index[name]) for name in sorted(chosen)]
    for cells in rows:
        assert len(cells) == len(HEADER) and all("\t" not in c and "\n" not in c for c in cells)

    output = Path(arguments.output)
    with output.open("w", encoding="utf-8", newline="\n") as file:
        for cells in [HEADER, *rows]:
            file.write("\t".join(cells) + "\n")

    long = sum(1 for name in chosen if "\n" in index[name].get("Description", ""))
    cut = sum(1 for cells in rows if cells[5].endswith("…"))
    print(f"{len(index)} packages in the index, {len(rows)} rows written to {output} "
          f"({output.stat().st_size:,} bytes); {long} with a long description, {cut} descriptions cut",
          file=sys.stderr)


if __name__ == "__main__":
    main()
