"""--format json: every command's documents follow the schemas written in docs/json.md,
whatever the input's size, and the statistics are right.

The schemas are read from the page itself (its ```json blocks, by "title"), so the page
and the program cannot drift apart; `violations` is a small validator of the part of
JSON Schema the page uses. Known values come from outside dlxcli: the number of n
queens placements (OEIS A000170) and the official samples in puzzles/.
"""

import json
import os
import re
import subprocess
import sys

import pytest

from cli import run
from conftest import TWINS, load_twin
from dlxcli.commands import PUZZLES
from paths import REPO

PAGE = REPO / "docs" / "json.md"
PUZZLE_FILES = REPO / "puzzles"
EXAMPLES = REPO / "docs" / "examples"
FAILED = ("error", "time limit", "node limit", "estimated")
"""The verdicts of a document without answer or data (`estimated`: --estimate searched
nothing)."""


def documented_schemas():
    """{title: schema} of the ```json blocks of docs/json.md."""
    blocks = re.findall(r"^```json\n(.*?)^```", PAGE.read_text(), re.S | re.M)
    return {schema["title"]: schema for schema in map(json.loads, blocks)}


SCHEMAS = documented_schemas()

_TYPES = {"object": dict, "array": list, "string": str, "null": type(None),
          "boolean": bool, "number": (int, float), "integer": int}


def violations(value, schema, where="$"):
    """What in `value` breaks `schema` (type, const, enum, properties, required,
    additionalProperties: false, items, minItems, maxItems, minimum, and $ref: the
    title of another schema of the page), as messages."""
    if "$ref" in schema:
        schema = SCHEMAS[schema["$ref"]]
    types = schema.get("type")
    if types is not None:
        types = [types] if isinstance(types, str) else types
        if isinstance(value, bool) and "boolean" not in types or not any(
                isinstance(value, _TYPES[name]) for name in types):
            return [f"{where}: {value!r} is not of type {types}"]
    if "const" in schema and value != schema["const"]:
        return [f"{where}: {value!r} is not {schema['const']!r}"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"{where}: {value!r} is not one of {schema['enum']}"]
    found = []
    if isinstance(value, (int, float)) and "minimum" in schema and value < schema["minimum"]:
        found.append(f"{where}: {value!r} is below {schema['minimum']}")
    if isinstance(value, dict):
        found += _object_violations(value, schema, where)
    if isinstance(value, list):
        found += _array_violations(value, schema, where)
    return found


def _object_violations(value, schema, where):
    properties = schema.get("properties", {})
    found = [f"{where}: no key {key!r}" for key in schema.get("required", ())
             if key not in value]
    if schema.get("additionalProperties") is False:
        found += [f"{where}: unexpected key {key!r}" for key in value if key not in properties]
    for key, item in value.items():
        if key in properties:
            found += violations(item, properties[key], f"{where}.{key}")
    return found


def _array_violations(value, schema, where):
    found = []
    if len(value) < schema.get("minItems", 0):
        found.append(f"{where}: fewer than {schema['minItems']} items")
    if len(value) > schema.get("maxItems", len(value)):
        found.append(f"{where}: more than {schema['maxItems']} items")
    for k, item in enumerate(value):
        found += violations(item, schema.get("items", {}), f"{where}[{k}]")
    return found


def document_problems(document):
    """What is wrong with one document: its envelope, then its data by its verdict."""
    problems = violations(document, SCHEMAS["document"])
    if problems:
        return problems
    if document["verdict"] in FAILED:
        if document["answer"] != "" or document["data"] is not None:
            return [f"a {document['verdict']} document carries an answer or data"]
        return []
    return violations(document["data"], SCHEMAS[document["command"]], "$.data")


def json_documents(*args, input=None):
    result = run(*args, "--format", "json", input=input)
    assert "Traceback" not in result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_the_page_documents_a_schema_for_every_command():
    assert set(SCHEMAS) == {"document", "query record", *PUZZLES}


def test_the_document_schema_names_every_command_of_the_registry():
    """Issue 28, item 9: the `command` enum lacked pack, whose documents then broke the
    page's own schema."""
    assert SCHEMAS["document"]["properties"]["command"]["enum"] == list(PUZZLES)


def test_the_validator_finds_what_breaks_a_schema():
    good = json_documents("queens", input="6\n")[0]
    assert document_problems(good) == []
    broken = [dict(good, schema=2), dict(good, extra=1), {**good, "data": {"n": 6}},
              {**good, "stats": {**good["stats"], "nodes": -1}},
              {**good, "data": {**good["data"], "first": [[1]] * 4}},
              {**good, "verdict": "error"}, {**good, "errors": [None]}]
    for document in broken:
        assert document_problems(document), document


RUNS = [
    ("matrix", ["puzzles/matrix/sample1.in", "puzzles/matrix/sample2.in"]),
    ("matrix", ["--all", "puzzles/matrix/knuth6x7.in"]),
    ("matrix", ["--count", "puzzles/matrix/sample1.in"]),
    ("matrix", ["--input-format", "knuth", "--all", "-"]),
    ("queens", ["puzzles/queens/sample1.in"]),
    ("queens", ["--node-limit", "10", "puzzles/queens/n13.in"]),
    ("sudoku", ["puzzles/sudoku/sample1.in", "puzzles/sudoku/hard1000_first3.in",
                "puzzles/sudoku/16x16_letters.in"]),
    ("sudoku", ["-"]),
    ("squiggly", ["puzzles/squiggly/sample.in", "docs/examples/squiggly-bad-walls.in"]),
    ("target-sudoku", ["puzzles/target-sudoku/sample1.in", "-"]),
    ("samurai", ["puzzles/samurai/seed003-problem1.grid21.in",
                 "puzzles/samurai/bryanlimy-moderate2.grid21.in",
                 "puzzles/samurai/bryanlimy-invalid.grid21.in"]),
    ("samurai", ["--first", "--grids5", "puzzles/samurai/seed003-problem1.grids5.in",
                 "docs/examples/samurai-gap.grid21.in"]),
    ("matrix", ["--unique", "puzzles/matrix/knuth6x7.in"]),
    ("matrix", ["--count", "--limit", "1", "puzzles/matrix/knuth6x7.in"]),
    ("sudoku", ["--count", "--limit", "3", "puzzles/sudoku/hard1000_first3.in", "-"]),
    ("sudoku", ["--all", "--limit", "2", "-"]),
    ("sudoku", ["--minimal", "puzzles/sudoku/sample1.in"]),
    ("sudoku", ["--rate", "puzzles/sudoku/hard1000_first3.in"]),
    ("squiggly", ["--unique", "puzzles/squiggly/sample.in"]),
    ("samurai", ["--rate", "puzzles/samurai/seed003-problem1.grid21.in"]),
    ("pack", ["puzzles/pack/pentominoes-3x20.in", "docs/examples/pack-custom.in"]),
    ("pack", ["--count", "docs/examples/pack-custom.in"]),
]
STDIN = {"matrix": "a b c | x\na x\nb c\na b\nc x\n",
         "sudoku": "1.3.....2.4.....\n11..............\n",
         "target-sudoku": "5 5" + " 0" * 79 + "\n"}


def _run(command, args):
    """The documents of one of RUNS (paths are relative to the repository's top folder)."""
    argv = [str(REPO / a) if a.startswith(("puzzles/", "docs/")) else a for a in args]
    documents = json_documents(command, *argv, input=STDIN.get(command, ""))
    assert len(documents) == sum(a == "-" or "/" in a for a in args)
    return documents


@pytest.mark.parametrize("command, args", RUNS, ids=lambda x: x if isinstance(x, str) else "")
def test_every_document_follows_the_documented_schema(command, args):
    for document in _run(command, args):
        assert document_problems(document) == [], document


def test_the_runs_meet_every_verdict():
    """The runs above are worth their names: every verdict but the timing-dependent
    time limit is among them."""
    verdicts = {document["verdict"] for command, args in RUNS
                for document in _run(command, args)}
    assert verdicts == {"answered", "no answer", "error", "node limit"}


def test_a_failed_input_carries_no_answer_even_if_the_judge_format_prints_some():
    judge = run("squiggly", EXAMPLES / "squiggly-bad-walls.in")
    assert judge.stdout.startswith("Case 1:\n") and judge.exit_code == 2
    document, = json_documents("squiggly", EXAMPLES / "squiggly-bad-walls.in")
    assert (document["verdict"], document["answer"], document["data"]) == ("error", "", None)
    assert "case 2" in document["errors"][0]


def _puzzle_lines(count):
    """`count` line-format sudokus: the three of hard1000_first3.in, over and over."""
    lines = (PUZZLE_FILES / "sudoku" / "hard1000_first3.in").read_text().split()
    return "".join(lines[k % len(lines)] + "\n" for k in range(count))


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_shape_does_not_change_with_the_size_of_the_input(tmp_path, jobs):
    """Big sudoku files are cut into pieces of 100 puzzles to be solved; the document
    of 250 puzzles is the document of 3, longer."""
    small, big = tmp_path / "small.in", tmp_path / "big.in"
    small.write_text(_puzzle_lines(3))
    big.write_text(_puzzle_lines(250))
    few, many = json_documents("sudoku", "--jobs", jobs, small, big)
    assert document_problems(many) == []
    assert set(many["data"]) == set(few["data"]) == {"format", "solutions", "query", "puzzles"}
    assert len(many["data"]["solutions"]) == 250
    assert many["data"]["solutions"][:3] == few["data"]["solutions"]
    assert "".join(many["data"]["solutions"]) == many["answer"]
    assert many["stats"]["solutions"] == 250


@pytest.mark.parametrize("n, placements", [(1, 1), (4, 2), (6, 4), (8, 92), (9, 352)])
def test_stats_count_each_queens_placement_once(n, placements):
    """OEIS A000170. The three listed placements are among those counted: they must
    not be counted again."""
    document, = json_documents("queens", input=f"{n}\n")
    assert document["data"]["count"] == placements
    assert document["stats"]["solutions"] == placements


def test_a_target_sudoku_counts_the_better_grids_it_found():
    found, none = json_documents("target-sudoku", PUZZLE_FILES / "target-sudoku" / "sample1.in",
                                 "-", input=STDIN["target-sudoku"])
    assert found["data"]["score"] == 2829 and found["stats"]["solutions"] >= 1
    assert none["data"] == {"score": -1, "grid": None} and none["stats"]["solutions"] == 0


@pytest.mark.parametrize("twin_name", list(TWINS))
@pytest.mark.parametrize("limit", [["--node-limit", "1000"], ["--timeout", "0.3"]])
def test_a_stopped_search_counts_its_updates_and_mems_up_to_the_stop(twin_name, limit):
    """15 queens take either limit (2,279,184 placements, OEIS A000170): the document's
    nodes, updates and mems are all those of the search until it stopped. Each node
    covers at least one item, which updates links and reads memory (on the C twin:
    the Python twin counts neither, and says so with null)."""
    load_twin(twin_name)
    done = subprocess.run([sys.executable, "-m", "dlxcli", "queens", "--format", "json", *limit],
                          input="15\n", capture_output=True, text=True, cwd=REPO, timeout=120,
                          env={**os.environ, "DLXCLI_ENGINE": twin_name})
    document = json.loads(done.stdout)
    stats = document["stats"]
    assert document["verdict"] == ("node limit" if limit[0] == "--node-limit" else "time limit")
    if twin_name == "c":
        assert 0 < stats["nodes"] <= stats["updates"] < stats["mems"]
    else:
        assert stats["nodes"] > 0 and (stats["updates"], stats["mems"]) == (None, None)
    if limit[0] == "--node-limit":
        assert stats["nodes"] == 1000
