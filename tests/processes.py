"""The processes a test started, as /proc shows them (Linux): children, those still
running, the members of a process group."""

import os
import signal
from pathlib import Path


def children(pid):
    """The process ids of `pid`'s children (from /proc, as `ps --ppid` reads them)."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            pass
    return found


def still_running(pids):
    """Those of the processes `pids` that exist and are not zombies."""
    alive = []
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            alive.append(pid)
    return alive


def group_alive(group):
    """Processes of process group `group` still running (zombies excluded)."""
    alive = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            alive.append(int(stat.parent.name))
    return alive


def kill_group(process):
    """Kill a process started in a session of its own (`start_new_session=True`) and all
    of its group, even if it has ended itself (its children may not have), and reap it."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:  # the process and its group have all ended
        pass
    process.wait(timeout=30)
