# nbconvert configuration that records how long each cell takes to execute.
#
#   jupyter nbconvert --config scripts/nbtiming.py --to notebook --execute X.ipynb
#
# Each executed code cell gets metadata "marginnotes_seconds": the wall time
# from sending the execute request to receiving the kernel's reply, measured
# with a monotonic clock in this process. nbclient's own record_timing uses
# the kernel's message timestamps, which GoNB writes with one-second
# resolution. notebooks/notebooks_test.go reads these numbers; `make
# notebooks` does not use this file, so saved notebooks carry no timings.
import time

_started = {}


def _on_cell_execute(cell, cell_index, **kwargs):
    _started[cell_index] = time.monotonic()


def _on_cell_executed(cell, cell_index, **kwargs):
    t0 = _started.pop(cell_index, None)
    if t0 is not None:
        cell.metadata["marginnotes_seconds"] = round(time.monotonic() - t0, 3)


c = get_config()  # noqa: F821 (provided by traitlets when it loads this file)
c.ExecutePreprocessor.on_cell_execute = _on_cell_execute
c.ExecutePreprocessor.on_cell_executed = _on_cell_executed
c.ExecutePreprocessor.record_timing = False
