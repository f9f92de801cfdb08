"""The bench's peak memory is the measured process's own (issue 18).  Linux carries a parent's
high-water mark of resident memory over into its child at exec, so getrusage's ru_maxrss in a
child started by a bench that had grown to 550 MB said 550 MB, whatever the child did."""

import json
import subprocess
import sys

import pytest

CHILD = ("import json, resource; from umpire.bench.child import peak_mb; "
         "print(json.dumps([peak_mb(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024]))")
PARENT = f"""
import subprocess, sys
ballast = bytearray(400 << 20)
ballast[::4096] = b"x" * len(ballast[::4096])        # 400 MB, every page resident
print(subprocess.run([sys.executable, "-c", {CHILD!r}], capture_output=True, text=True, check=True).stdout)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent's peak is carried over on Linux")
def test_a_childs_peak_is_its_own_not_its_parents():
    out = subprocess.run([sys.executable, "-c", PARENT], capture_output=True, text=True, check=True).stdout
    own, rusage = json.loads(out)
    assert rusage > 400, "control: getrusage in the child counts the parent's 400 MB"
    assert own < 100, own
