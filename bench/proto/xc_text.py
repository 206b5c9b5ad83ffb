"""What bench/proto's scripts share: reading Knuth's DLX1 text (no colors), xcdcl's answer
format, and the CPU seconds of finished child processes."""

import resource


def read_knuth(path):
    """(item names, number of primary items, options as lists of item numbers).
    Blank lines and lines starting with "|" are comments; "|" on the items line starts
    the secondary items."""
    items, primary, rows = None, None, []
    for line in open(path):
        words = line.split()
        if not words or words[0].startswith("|"):
            continue
        if items is None:
            names = [word for word in words if word != "|"]
            primary = words.index("|") if "|" in words else len(names)
            items = {name: k for k, name in enumerate(names)}
        else:
            rows.append([items[word] for word in words])
    return list(items), primary, rows


def print_answer(status, chosen, solutions=None, capped=False):
    """xcdcl's stdout: s line, v line (first solution), c solutions line."""
    print(f"s {status}")
    if chosen is not None:
        print("v " + " ".join(map(str, chosen)))
    if solutions is not None:
        print(f"c solutions {solutions}{' (cap)' if capped else ''}")


def children_cpu():
    """User + system CPU seconds of this process's finished children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime
