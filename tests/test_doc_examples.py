"""Every example in README.md and docs/*.md is a real run: each ```console block is
replayed here, command by command, from the repository's top folder (as the pages say
examples run), and what it prints must be what the page shows, exactly: stdout and
stderr together, as a terminal shows them.

Two things vary from run to run and are compared as placeholders: times in seconds
(`0.782 s` in a verdict or a -v line, `"seconds": ...` in JSON), and paths under /tmp/,
which each replay maps to a fresh temporary folder. The pages show the C twin's
updates and mems; on the pure-Python twin, which counts neither, the page's figures
are compared as that twin prints them (`as_the_python_twin_shows`); the other blocks
read the same on either twin, and CI's pure-Python run leaves them to its C run
(`as_a_parameter`). A ```console block
is a transcript:
`$ COMMAND` lines, each followed by its output. Blocks marked ```sh are not replayed:
they are set-up commands and benchmarks (docs/performance.md's take minutes), shown to
be copied, not checked.
"""

import re

import pytest

from dlxcli import engine
from paths import REPO
from shell import run_shell

PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
END = "@@ end of a documented command @@"


def console_blocks():
    """(page:line, [(command, expected output)]) of every ```console block."""
    for page in PAGES:
        text = page.read_text()
        for match in re.finditer(r"^```console\n(.*?)^```", text, re.S | re.M):
            line = text.count("\n", 0, match.start()) + 1
            yield f"{page.relative_to(REPO)}:{line}", transcript(match.group(1))


def transcript(block):
    """[(command, the output lines after it, joined)] of one console block."""
    steps = []
    for line in block.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        else:
            assert steps, f"output before the first command: {line!r}"
            steps[-1][1].append(line)
    return [(command, "".join(line + "\n" for line in output)) for command, output in steps]


def in_tmp(text, tmp):
    """`text` with the paths under /tmp/ moved to the folder `tmp`."""
    return text.replace("/tmp/", f"{tmp}/")


def masked(text, tmp):
    """An output as it is compared: times and the memo's bytes (the C twin's table, the
    Python twin's estimate: docs/engine.md) as placeholders, the folder `tmp` shown as
    /tmp/ again (as the page shows it)."""
    text = re.sub(r"\b\d+\.\d+ s\b", "#.### s", text.replace(f"{tmp}/", "/tmp/"))
    text = re.sub(r"entries, [\d,]+ bytes", "entries, # bytes", text)
    text = re.sub(r'"bytes": \d+', '"bytes": #', text)
    return re.sub(r'"seconds": [0-9.e+-]+', '"seconds": #', text)


NOT_COUNTED = "updates and mems not counted by the Python twin"
LINK_COUNTS = re.compile(r"(?P<nodes>[\d,]+ nodes?), [\d,]+ updates, (?P<mems>[\d,]+) mems"
                         r"(?P<per>; per solution: [\d,.]+ nodes, [\d,.]+ updates, "
                         r"[\d,.]+ mems)?")
JSON_LINK_COUNTS = re.compile(r'"updates": \d+, (?P<middle>"solutions": \d+, '
                              r'"seconds": [0-9.e+-]+), "mems": (?P<mems>\d+)')


def as_the_python_twin_shows(text):
    """A page's output with its updates and mems (the C twin's) as the Python twin,
    which counts neither, prints them where a search ran (mems not 0): 'not counted'
    on -v and --stats lines (and no per-solution figures of them), null in JSON."""
    def line(found):
        if found["mems"] == "0":
            return found[0]
        per = found["per"] and found["per"].split(", ")[0]
        return f"{found['nodes']}, {NOT_COUNTED}{per or ''}"

    def document(found):
        if found["mems"] == "0":
            return found[0]
        return f'"updates": null, {found["middle"]}, "mems": null'
    return JSON_LINK_COUNTS.sub(document, LINK_COUNTS.sub(line, text))


def replay(steps, tmp):
    """The output of each command, run in order in one shell (so that `echo $?` and
    files written by one step reach the next)."""
    script = "".join(f"{in_tmp(command, tmp)}\n__status=$?; printf '\\n%s\\n' '{END}'; "
                     "(exit $__status)\n" for command, _ in steps)
    done = run_shell(script)
    outputs = done.stdout.split(f"\n{END}\n")[:len(steps)]
    return [out if out.endswith("\n") or not out else out + "\n" for out in outputs]


BLOCKS = list(console_blocks())


def test_the_pages_have_examples_to_replay():
    pages = {where.split(":")[0] for where, _ in BLOCKS}
    assert {"README.md", "docs/index.md", "docs/json.md", "docs/judge.md"} <= pages
    assert sum(len(steps) for _, steps in BLOCKS) > 40


def test_the_examples_use_only_files_of_the_repository():
    """A fresh clone has nothing beside it: an example that reads ../shared (or any
    path above the repository) would fail there."""
    outside = [f"{where}: $ {command}" for where, steps in BLOCKS for command, _ in steps
               if "../" in command]
    assert outside == []


def shows_uncounted_figures(steps):
    """Whether the Python twin prints a block's output otherwise than the page (the C
    twin's updates and mems, which it does not count)."""
    return any(as_the_python_twin_shows(expected) != expected for _, expected in steps)


def as_a_parameter(where, steps):
    """A block as a test parameter: marked any_twin unless the Python twin prints it
    otherwise (shows_uncounted_figures). What the others check is the page's text, the
    same whichever twin answers; that the twins answer alike is checked by their own
    tests (test_reference, test_learn_twins, test_generate's both twins, the
    differential run), so CI's pure-Python run replays only the blocks whose figures
    it prints its own way (about 24 of its CPU seconds saved)."""
    marks = [] if shows_uncounted_figures(steps) else [pytest.mark.any_twin]
    return pytest.param(where, steps, id=where, marks=marks)


@pytest.mark.parametrize("where, steps", [as_a_parameter(*block) for block in BLOCKS])
def test_a_documented_example_prints_what_the_page_shows(where, steps, tmp_path):
    for (command, expected), found in zip(steps, replay(steps, tmp_path)):
        if engine.ENGINE == "python":
            expected = as_the_python_twin_shows(expected)
        assert masked(found, tmp_path) == masked(expected, tmp_path), f"{where}: $ {command}"


def test_the_python_twin_replays_the_blocks_whose_figures_it_prints_its_own_way():
    """The blocks the pure-Python run replays (not any_twin) are those where the page's
    -v, --stats and JSON figures read otherwise on it, and there are some."""
    replayed = [where for where, steps in BLOCKS if shows_uncounted_figures(steps)]
    assert {"docs/index.md", "docs/json.md", "docs/matrix.md"} <= {
        where.split(":")[0] for where in replayed}
    assert not shows_uncounted_figures(transcript("$ echo 6 | dlxcli queens | tail -1\n4\n"))


def test_the_python_twins_figures_are_the_c_twins_uncounted():
    shown = ("x: 4 solutions, 163 nodes, 2,130 updates, 35,166 mems; per solution: 40.8 "
             "nodes, 532.5 updates, 8,791.5 mems\n"
             "x: 0 nodes, 0 updates, 0 mems, 0 solutions, 0.000 s\n"
             '"stats": {"nodes": 4, "updates": 0, "solutions": 1, "seconds": 4.6e-05, '
             '"mems": 36}\n')
    assert as_the_python_twin_shows(shown) == (
        f"x: 4 solutions, 163 nodes, {NOT_COUNTED}; per solution: 40.8 nodes\n"
        "x: 0 nodes, 0 updates, 0 mems, 0 solutions, 0.000 s\n"
        '"stats": {"nodes": 4, "updates": null, "solutions": 1, "seconds": 4.6e-05, '
        '"mems": null}\n')


def test_the_replay_sees_a_wrong_transcript(tmp_path):
    """The comparison can fail: a changed answer, a missing line, a time is not a count."""
    steps = transcript("$ echo 6 | dlxcli queens | tail -1\n4\n$ echo 0.5 s\n0.25 s\n")
    assert [masked(out, tmp_path) for out in replay(steps, tmp_path)] == ["4\n", "#.### s\n"]
    for wrong in ("$ echo 6 | dlxcli queens | tail -1\n5\n", "$ echo 6 | dlxcli queens\n4\n",
                  "$ echo 12 nodes\n13 nodes\n"):
        (command, expected), = transcript(wrong)
        found, = replay([(command, expected)], tmp_path)
        assert masked(found, tmp_path) != masked(expected, tmp_path)
