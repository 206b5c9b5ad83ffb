"""Command lines as the documentation writes them, run by bash from the repository's
top folder, with `dlxcli` meaning this checkout's dlxcli on this test run's Python
(so that they test the code under test, installed or not)."""

import subprocess
import sys

from paths import REPO

PRELUDE = f'dlxcli() {{ "{sys.executable}" -m dlxcli "$@"; }}\n'
"""`dlxcli` as a shell function, which pipelines and subshells inherit."""


def run_shell(script, cwd=REPO, merged=True, timeout=120):
    """Run `script` with bash from `cwd`; stderr is merged into stdout, as a terminal
    shows them, unless `merged` is false. Returns the CompletedProcess (text)."""
    return subprocess.run(["bash", "-c", PRELUDE + script], cwd=cwd, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT if merged else subprocess.PIPE,
                          text=True, timeout=timeout)
