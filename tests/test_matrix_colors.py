"""`dlxcli matrix --input-format knuth` with colors (Knuth's DLX2 format), and the colored
examples bundled in puzzles/matrix/.

Layer: tests. The examples' expected answers come from the literature (docs/matrix.md
says where); each is confirmed here by the brute-force oracle in oracle.py, on the
example read by the small reader below, written from the format's definition and
sharing nothing with dlxcli's parser.
"""

import pytest

import oracle
from dlxcli.puzzles.matrix import check_knuth
from dlxcli.errors import InputError
from dlxcli.puzzles import matrix
from paths import REPO

EXAMPLES = REPO / "puzzles" / "matrix"
TAOCP_49 = (EXAMPLES / "taocp49-colors.in").read_text()


def read_dlx2(text):
    """(n_primary, n_secondary, options, colors, option lines) of a DLX2 text: the first
    line that is neither blank nor a '|' comment names the items (primary | secondary),
    each further one is an option of entries NAME or NAME:COLOR."""
    lines = [line.strip() for line in text.splitlines()
             if line.strip() and not line.strip().startswith("|")]
    primary, _, secondary = lines[0].partition("|")
    names = primary.split() + secondary.split()
    color_numbers = {}
    options, colors = [], []
    for line in lines[1:]:
        entries = [word.split(":") for word in line.split()]
        options.append([names.index(entry[0]) for entry in entries])
        colors.append([color_numbers.setdefault(entry[1], len(color_numbers) + 1)
                       if len(entry) == 2 else 0 for entry in entries])
    return len(primary.split()), len(secondary.split()), options, colors, lines[1:]


# -- the bundled examples -------------------------------------------------------------------

@pytest.mark.parametrize("name", ["taocp49-colors", "dlx2-colors"])
def test_colored_example_has_the_one_cover_knuth_gives(name):
    n1, n2, options, colors, lines = read_dlx2((EXAMPLES / f"{name}.in").read_text())
    expected = (EXAMPLES / f"{name}.out").read_text().splitlines()
    covers = oracle.exact_covers(n1, n2, options, colors=colors)
    assert covers == {frozenset(lines.index(line) for line in expected)}
    assert oracle.covers_by_search(n1, n2, options, colors=colors) == covers
    answer = matrix.solve_knuth((EXAMPLES / f"{name}.in").read_text())
    assert sorted(answer.text.splitlines()) == sorted(expected)


def test_graceful_k4_count_is_the_oracles():
    n1, n2, options, colors, _ = read_dlx2((EXAMPLES / "graceful-k4.in").read_text())
    expected = int((EXAMPLES / "graceful-k4.out").read_text())
    assert len(oracle.covers_by_search(n1, n2, options, colors=colors)) == expected == 24
    assert (EXAMPLES / "graceful-k4.args").read_text().split() == [
        "--input-format", "knuth", "--count"]


# -- reading and answering -------------------------------------------------------------------

def test_options_are_printed_with_their_colors_as_written():
    assert matrix.solve_knuth(TAOCP_49).text == "p r x:A y\nq x:A\n"
    assert matrix.solve_knuth(TAOCP_49, query="count").text == "1\n"
    assert matrix.parse_knuth(TAOCP_49)[2][1] == ["p", "r", "x:A", "y"]


def test_colors_may_be_words():
    text = "a b | shared\na shared:red\nb shared:red\na b\n"
    assert matrix.solve_knuth(text, query="all").text == "a shared:red\nb shared:red\n\na b\n"


def test_an_uncolored_use_excludes_every_other():
    text = "a b | s\na s\nb s:c\n"
    assert matrix.solve_knuth(text).text == "No Solution!\n"


@pytest.mark.parametrize("line, column, expected, found", [
    ("p:A q x", 1, "a color only on a secondary item (one after '|' on the first line)",
     "'p:A'"),
    ("p x:", 5, "a color after the ':' (NAME:COLOR)", "'x:'"),
    ("p x:A:B", 5, "a color after the ':' (NAME:COLOR)", "'x:A:B'"),
    ("p z:A", 3, "an item named on the first line", "'z'"),
    ("p :A", 3, "an item named on the first line", "':A'"),
    ("p x:A x:B", 7, "each item at most once per option", "'x' again"),
    ("p x:A x", 7, "each item at most once per option", "'x' again"),
])
def test_bad_colors_are_located(line, column, expected, found):
    with pytest.raises(InputError) as caught:
        matrix.parse_knuth(f"| comment\np q r | x y\n{line}\n")
    error = caught.value
    assert (error.line, error.column, error.expected, error.found) == (3, column, expected, found)


def test_item_names_still_may_not_hold_a_colon():
    with pytest.raises(InputError, match=r"line 1, column 5: expected an item name without "
                                         r"'\|' or ':', found 'x:A'"):
        matrix.parse_knuth("p q x:A\np q\n")


# -- the judge's checker ---------------------------------------------------------------------

def test_the_checker_lets_options_share_a_secondary_item_in_one_color_only():
    assert check_knuth(TAOCP_49, "", "q x:A\np r x:A y\n") is None
    assert check_knuth(TAOCP_49, "", "p q x y:A\nr y:B\n") == (
        "secondary item 2 is covered 2 times")
    assert check_knuth(TAOCP_49, "", "p r x y:A\nq x:A\n") == (
        "line 1: 'p r x y:A' is not an option of the input")
