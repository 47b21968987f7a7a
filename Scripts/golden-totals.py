#!/usr/bin/env python3
"""Writes Tests/TextMeasureTestSupport/Fixtures/golden-totals.json: generated money columns and their
totals (sum, mean, min, max, count) computed by Python's decimal module and written by this
script's own formatter, the independent expectation for ColumnTotal (TotalsTests).

Columns come in three styles: "$1,234.56" (hyphen-minus before the symbol), "1.234,56 €" (comma
decimal, U+2212 minus) and "(1,234.56)" (accounting parentheses). Fraction digits vary by cell (0
to 2, or 0 to 3), so a total takes the column's largest. The mean is rounded half-even
(decimal.ROUND_HALF_EVEN) to that many digits, in a context of 200 digits (exact here).

Run: python3 Scripts/golden-totals.py
"""
import decimal
import json
import os
import random
from decimal import Decimal

decimal.getcontext().prec = 200
random.seed(27)


def grouped(digits, separator):
    head = len(digits) % 3 or 3
    groups = [digits[:head]] + [digits[i:i + 3] for i in range(head, len(digits), 3)]
    return separator.join(groups)


def write(value, places, style):
    """value (a Decimal) as a cell of `style` with `places` fraction digits, half-even."""
    quantum = Decimal(1).scaleb(-places)
    value = value.quantize(quantum, rounding=decimal.ROUND_HALF_EVEN)
    negative = value < 0
    integer, _, fraction = f"{abs(value):f}".partition(".")
    decimal_sep, group_sep = (",", ".") if style == "euro" else (".", ",")
    number = grouped(integer, group_sep) + (decimal_sep + fraction.ljust(places, "0") if places else "")
    if style == "dollar":
        return ("-" if negative else "") + "$" + number
    if style == "euro":
        return ("\u2212" if negative else "") + number + " \u20ac"
    return f"({number})" if negative else number


def column(style, rows, max_places):
    values, cells = [], []
    for _ in range(rows):
        if random.random() < 0.05:
            cells.append("")
            continue
        places = random.randint(0, max_places)
        cents = random.randint(-10**(random.randint(1, 11)), 10**(random.randint(1, 11)))
        value = Decimal(cents).scaleb(-places)
        values.append(value)
        cells.append(write(value, places, style))
    places = max((-v.as_tuple().exponent for v in values), default=0)
    total = sum(values, Decimal(0))
    return {
        "decimalSeparator": "," if style == "euro" else ".",
        "cells": cells,
        "sum": write(total, places, style),
        "mean": write(total / len(values), places, style),
        "min": write(min(values), places, style),
        "max": write(max(values), places, style),
        "count": grouped(str(len(values)), "." if style == "euro" else ","),
    }


columns = [column(style, rows, places)
           for style in ("dollar", "euro", "accounting")
           for rows, places in ((3, 2), (50, 2), (1200, 2), (400, 3))]
path = os.path.join(os.path.dirname(__file__), "..", "Tests", "TextMeasureTestSupport", "Fixtures", "golden-totals.json")
with open(path, "w", encoding="utf-8") as out:
    json.dump(columns, out, ensure_ascii=False, indent=0)
    out.write("\n")
