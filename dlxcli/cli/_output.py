"""Writing the answers: to stdout with optional headers, or one file per input (--out),
as the judge's bytes, a drawing or a JSON document.

Layer: cli, without click.
"""

import os

from ..commands import puzzle_module
from ._ui import echo

JSON_SCHEMA = 1
"""The version of the --format json document (docs/index.md, "JSON output")."""


class Writer:
    """Writes each input's answer as --format, --out and --headers say."""

    def __init__(self, output_format, out_dir, headers, count):
        self.format, self.out_dir = output_format, out_dir
        self.headers = (count > 1 if headers is None else headers) and output_format != "json"

    def clashes(self, sources):
        """A message if two inputs would be answered in the same --out file, else None."""
        if self.out_dir is None:
            return None
        seen = {}
        for source in sources:
            if source.out_name in seen:
                answer = os.path.join(self.out_dir, source.out_name)
                return (f"{seen[source.out_name]} and {source.name} would both be answered "
                        f"in {answer}")
            seen[source.out_name] = source.name
        return None

    def write(self, job, outcome):
        if self.out_dir is not None:
            if outcome.answered or outcome.text:
                write_atomically(os.path.join(self.out_dir, job.source.out_name),
                                 self.render(job, outcome))
            return
        if self.headers:
            echo(f"==> {job.source.name} <==\n")
        if self.format == "pretty":
            from ._draw import print_pretty
            print_pretty(figures(job, outcome), outcome.text)
        else:
            echo(self.render(job, outcome))

    def render(self, job, outcome):
        if self.format == "json":
            import json
            return json.dumps(json_document(job, outcome), ensure_ascii=False) + "\n"
        if self.format == "pretty":
            from ._draw import pretty_text
            return pretty_text(figures(job, outcome), outcome.text)
        return outcome.text


def figures(job, outcome):
    """The Figures that --format pretty draws of an answer (none: the text is shown)."""
    draw = getattr(puzzle_module(job.command), "figures", None)
    return draw(outcome.data) if draw is not None and outcome.answered else []


def json_document(job, outcome):
    """The --format json record of one input (the schema is in docs/index.md)."""
    return {"schema": JSON_SCHEMA, "input": job.source.name, "command": job.command,
            "verdict": outcome.verdict, "answer": outcome.text, "data": outcome.data,
            "stats": outcome.stats.as_dict(), "errors": outcome.messages}


def write_atomically(path, text):
    """Write `text` to `path` through a temporary file in the same directory, so that
    readers (and an interrupted run) never see a partial answer file."""
    import tempfile
    folder = os.path.dirname(path) or "."
    os.makedirs(folder, exist_ok=True)
    handle = tempfile.NamedTemporaryFile("w", encoding="utf-8", newline="", dir=folder,
                                         prefix="." + os.path.basename(path) + ".",
                                         suffix=".tmp", delete=False)
    try:
        with handle:
            handle.write(text)
        os.replace(handle.name, path)
    except BaseException:
        os.unlink(handle.name)
        raise
