"""What a Dask worker does as it joins the cluster of a run: look for dlxcli's tasks
package (dlxcli imported, the package found), and say so to the scheduler (an event of
TOPIC) if it cannot.

Layer: parallel's, on the cluster. `Cluster` registers `DlxcliCheck` as a worker
plugin, which the scheduler hands to every worker that joins later too (a nanny's
restart, a worker started after the run's check), before that worker reads a task.
A worker without dlxcli cannot read a task (it closes at its first one, and Dask runs
the task again elsewhere), nor this module pickled by reference: it goes to the
workers by value (cloudpickle.register_pickle_by_value), so it imports nothing of
dlxcli at its top and nothing beyond Dask and the standard library.
"""

from distributed import WorkerPlugin

TOPIC = "dlxcli-cannot-import"
"""The scheduler's event topic of the workers that cannot import dlxcli: each event a
dict of the worker's address and the error, as 'TYPE: MESSAGE'."""


class DlxcliCheck(WorkerPlugin):
    """Looks for dlxcli's parallel package on the worker as it joins; an event of TOPIC,
    sent before the worker reads a task, if it cannot."""

    name = "dlxcli-check"

    async def setup(self, worker):
        try:
            _find_tasks_module()
        except Exception as exc:  # an ImportError, or dlxcli's own error importing it
            error = f"{type(exc).__name__}: {' '.join(str(exc).split())}"
            await worker.scheduler.log_event(
                topic=TOPIC, msg={"worker": worker.address, "error": error})


def _find_tasks_module():
    """Find dlxcli.parallel, the package whose modules' functions the tasks run
    (dlxcli.parallel.subproblems, cubes, racing, executors), on this worker (its parent
    dlxcli imported, not the package itself: the package's executors import this
    module; a submodule's spec would import the package); raise if there is none."""
    import importlib.util
    if importlib.util.find_spec("dlxcli.parallel") is None:
        raise ModuleNotFoundError("No module named 'dlxcli.parallel'")
