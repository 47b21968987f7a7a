#!/usr/bin/env python3
"""Writes multilingual.tsv: table cells in 24 locales and 11 scripts from CLDR and Faker (README.md).

    pip install babel==2.18.0 faker==40.54.0
    Benchmarks/Data/make-multilingual.py

ROWS_PER_LOCALE rows for each locale of LOCALES, locale after locale. Columns:

    locale  script  territory  language  month  currency  person  address  job

* locale: the Faker locale ("th_TH"); script: its ISO 15924 script by CLDR's likely subtags
  ("Thai", "Hant" for zh_TW): a tag to group the rows by, not a cell to measure.
* territory, language, currency: CLDR's name (Babel's `Locale.territories`, `.languages`,
  `.currencies`) in that locale of the code at row i mod n of the codes every locale names,
  sorted, so row i holds the same territory, language and currency in every locale.
* month: CLDR's stand-alone wide month name, month i mod 12 + 1 (nominative, as a column shows it).
* person, address, job: Faker's `name()`, `address()` (line breaks turned into ", ") and `job()`
  in that locale, from a generator seeded with CRC-32(locale), so the file is the same on every
  run with these versions. A cell is empty when Faker has no provider of its own for the locale
  (Faker would fall back to English, which would put Latin text in a Hebrew row): `job` for
  he_IL, hi_IN and ne_NP.

Every field is one line: control characters become spaces, whitespace runs collapse, ends are
trimmed, so a plain split on tabs reads it. The versions are checked: other versions give other
names, and the script refuses to run with them unless told --any-version.
"""

import argparse
import importlib.util
import re
import sys
import unicodedata
import zlib
from pathlib import Path

BABEL_VERSION = "2.18.0"
FAKER_VERSION = "40.54.0"
ROWS_PER_LOCALE = 300
HEADER = ["locale", "script", "territory", "language", "month", "currency", "person", "address", "job"]
# Faker locales that have their own person, address and job data (job missing where noted),
# grouped by script: Latin, Cyrillic, Greek, Arabic, Hebrew, Devanagari, Thai, Han/kana/Hangul.
LOCALES = [
    "en_US", "de_DE", "fr_FR", "es_ES", "pt_BR", "it_IT", "pl_PL", "cs_CZ", "hu_HU", "vi_VN",
    "ru_RU", "uk_UA", "mk_MK",
    "el_GR",
    "ar_DZ", "fa_IR",
    "he_IL",  # no job
    "hi_IN", "ne_NP",  # no job
    "th_TH",
    "zh_CN", "zh_TW", "ja_JP", "ko_KR",
]
FAKER_FIELDS = {"person": "name", "address": "address", "job": "job"}


def clean(value):
    """One line: control characters (line breaks included) become spaces, whitespace runs
    collapse, ends are trimmed."""
    value = "".join(" " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in value)
    return re.sub(r"\s+", " ", value).strip()


def script_of(locale_name):
    """The ISO 15924 script of a locale by CLDR's likely subtags (zh_TW → Hant, ja_JP → Jpan)."""
    from babel.core import get_global

    likely = get_global("likely_subtags")
    language, territory = locale_name.split("_")
    full = likely.get(f"{language}_{territory}") or likely[language]  # "ja_Jpan_JP"
    script = full.split("_")[1]
    assert len(script) == 4 and script.istitle(), full
    return script


def cldr_names(locale_name):
    """The locale's names of territories, languages and currencies (code → name) and its
    stand-alone wide month names (1 → "January"), as plain dicts.

    Babel's locale data is read afresh for each locale: Babel 2.18 resolves an alias (such as
    stand-alone months → format months) inside data that locales share, so after he_IL was read,
    zh_CN's and ja_JP's months came out in Hebrew."""
    import babel.localedata
    from babel import Locale

    babel.localedata._cache.clear()
    locale = Locale.parse(locale_name)
    return {
        "territories": dict(locale.territories),
        "languages": dict(locale.languages),
        "currencies": dict(locale.currencies),
        "months": dict(locale.months["stand-alone"]["wide"]),
    }


def has_own_provider(kind, locale_name):
    return importlib.util.find_spec(f"faker.providers.{kind}.{locale_name}") is not None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--output", default=str(Path(__file__).with_name("multilingual.tsv")))
    parser.add_argument("--any-version", action="store_true", help="run with other Babel/Faker versions")
    arguments = parser.parse_args()

    import babel
    import faker

    versions = (babel.__version__, faker.VERSION)
    if versions != (BABEL_VERSION, FAKER_VERSION) and not arguments.any_version:
        sys.exit(f"Babel {versions[0]} and Faker {versions[1]} installed; this file is made with "
                 f"babel=={BABEL_VERSION} faker=={FAKER_VERSION} (or pass --any-version)")

    cldr = {name: cldr_names(name) for name in LOCALES}

    def common_codes(kind, keep=lambda code: True):
        sets = [set(names[kind]) for names in cldr.values()]
        return sorted(code for code in set.intersection(*sets) if keep(code))

    # Territories: the two-letter (country) codes, not the numeric regions ("001", "150").
    territories = common_codes("territories", keep=lambda code: code.isalpha())
    languages = common_codes("languages")
    currencies = common_codes("currencies")

    rows = []
    for name in LOCALES:
        names, script = cldr[name], script_of(name)
        fake = faker.Faker(name)
        fake.seed_instance(zlib.crc32(name.encode()))
        providers = {column: has_own_provider(column, name) for column in FAKER_FIELDS}
        for i in range(ROWS_PER_LOCALE):
            cells = {
                "locale": name, "script": script,
                "territory": names["territories"][territories[i % len(territories)]],
                "language": names["languages"][languages[i % len(languages)]],
                "month": names["months"][i % 12 + 1],
                "currency": names["currencies"][currencies[i % len(currencies)]],
            }
            for column, method in FAKER_FIELDS.items():
                # Drawn even when unused, so one column's provider never shifts another's values.
                value = getattr(fake, method)()
                cells[column] = value if providers[column] else ""
            rows.append([clean(cells[column]) for column in HEADER])

    output = Path(arguments.output)
    with output.open("w", encoding="utf-8", newline="\n") as file:
        for cells in [HEADER, *rows]:
            assert len(cells) == len(HEADER) and all("\t" not in c for c in cells)
            file.write("\t".join(cells) + "\n")

    empty = {column: sum(1 for cells in rows if not cells[HEADER.index(column)]) for column in HEADER}
    print(f"{len(rows)} rows ({len(LOCALES)} locales, {len({script_of(n) for n in LOCALES})} scripts) written to "
          f"{output} ({output.stat().st_size:,} bytes); codes: {len(territories)} territories, "
          f"{len(languages)} languages, {len(currencies)} currencies; empty cells: "
          + ", ".join(f"{column} {count}" for column, count in empty.items() if count), file=sys.stderr)


if __name__ == "__main__":
    main()
