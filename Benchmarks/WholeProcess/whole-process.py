#!/usr/bin/env python3
"""Helpers of whole-process.sh (Python 3 standard library only).

  whole-process.py strings N            N distinct table-cell strings, one a line (SplitMix64, fixed seed)
  whole-process.py corpus KIND N TSV    N lines of table cells from TSV (Data/multilingual.tsv), each followed by a
                                        number: KIND latin (the Latin, Greek and Cyrillic rows, distinct), scripts
                                        (every row, distinct), beyond-ascii (every row, distinct, each with a
                                        character beyond ASCII) or column (5,000 distinct of every row, repeated)
  whole-process.py csv TSV              the tab-separated TSV as RFC 4180 CSV
  whole-process.py same A B             exit 1 unless the files hold the same numbers, line by line (to 1e-12 relative)
  whole-process.py time ROUNDS INPUT -- NAME COMMAND... -- NAME COMMAND...
                                        every command ROUNDS times, interleaved (round by round), standard
                                        input from INPUT, output discarded; median wall and CPU (user + system)
"""
import csv, os, statistics, sys, time

MASK = (1 << 64) - 1


def splitmix64(seed):
    state = seed
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)


WORDS = ("keyboard mouse monitor cable adapter charger speaker laptop tablet phone camera lens tripod "
         "battery printer scanner router switch desk chair lamp shelf cabinet drawer blue red green black white "
         "silver modern classic linen leather wooden steel glass north south east west large small compact "
         "wireless portable premium basic office home travel studio pro mini max ultra").split()


def strings(count):
    random = splitmix64(0x5EED)
    below = lambda n: next(random) % n
    word = lambda: WORDS[below(len(WORDS))]
    seen, out = set(), []
    while len(out) < count:
        kind = below(6)
        if kind == 0: text = " ".join(word() for _ in range(1 + below(4))).capitalize()
        elif kind == 1: text = f"{word().capitalize()} {below(1000)}"
        elif kind == 2: text = f"${below(100000):,}.{below(100):02d}"
        elif kind == 3: text = f"REF-{below(1000000):06d}"
        elif kind == 4: text = f"{below(1000) / 10:.1f}%"
        else: text = f"{word().capitalize()}, {word()} ({below(100)})"
        if text not in seen:
            seen.add(text)
            out.append(text)
    sys.stdout.write("\n".join(out) + "\n")


def corpus(kind, count, path):
    """Cells of the multilingual table, each with a number after it, so the lines are distinct
    (latin, scripts) or 5,000 distinct ones drawn again and again (column), as a column repeats."""
    scripts = {"Latn", "Grek", "Cyrl"} if kind == "latin" else None
    beyond_ascii = kind == "beyond-ascii"
    cells = []
    with open(path, encoding="utf-8") as tsv:
        next(tsv)
        for line in tsv:
            fields = line.rstrip("\n").split("\t")
            if scripts is None or fields[1] in scripts:
                cells.extend(field for field in fields[2:] if field)
    random = splitmix64(0xC011)
    below = lambda n: next(random) % n
    distinct = 5000 if kind == "column" else count
    seen, out = set(), []
    while len(out) < distinct:
        text = f"{cells[below(len(cells))]} {below(10000)}"
        if beyond_ascii and text.isascii():
            continue
        if text not in seen:
            seen.add(text)
            out.append(text)
    if kind == "column":
        out = [out[below(distinct)] for _ in range(count)]
    sys.stdout.write("\n".join(out) + "\n")


def to_csv(path):
    writer = csv.writer(sys.stdout, lineterminator="\n")
    with open(path, encoding="utf-8") as tsv:
        for line in tsv:
            writer.writerow(line.rstrip("\n").split("\t"))


def same(a, b):
    with open(a) as first, open(b) as second:
        x, y = first.read().split("\n"), second.read().split("\n")
    bad = len(x) != len(y) or any(abs(float(p) - float(q)) > 1e-12 * max(1, abs(float(q)))
                                  for p, q in zip(x, y) if p or q)
    print(f"{a} and {b}: {'the same widths' if not bad else 'DIFFERENT'} ({len(x) - 1} lines)")
    sys.exit(1 if bad else 0)


def timed(rounds, path, commands):
    wall = {name: [] for name, _ in commands}
    cpu = {name: [] for name, _ in commands}
    for _ in range(rounds):
        for name, command in commands:
            source, sink = os.open(path, os.O_RDONLY), os.open(os.devnull, os.O_WRONLY)
            start = time.perf_counter()
            pid = os.fork()
            if pid == 0:
                os.dup2(source, 0)
                os.dup2(sink, 1)
                os.execv(command[0], command)
            _, status, usage = os.wait4(pid, 0)
            wall[name].append(time.perf_counter() - start)
            cpu[name].append(usage.ru_utime + usage.ru_stime)
            os.close(source)
            os.close(sink)
            if status != 0:
                sys.exit(f"{name} failed: {' '.join(command)}")
    for name, _ in commands:
        print(f"{name}\t{statistics.median(wall[name]) * 1000:.1f}\t{statistics.median(cpu[name]) * 1000:.1f}")


if __name__ == "__main__":
    action = sys.argv[1]
    if action == "strings": strings(int(sys.argv[2]))
    elif action == "corpus": corpus(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    elif action == "csv": to_csv(sys.argv[2])
    elif action == "same": same(sys.argv[2], sys.argv[3])
    elif action == "time":
        rounds, path, rest = int(sys.argv[2]), sys.argv[3], sys.argv[4:]
        commands, current = [], None
        for argument in rest:
            if argument == "--":
                current = []
                commands.append(current)
            else:
                current.append(argument)
        timed(rounds, path, [(command[0], command[1:]) for command in commands])
    else:
        sys.exit(__doc__)
