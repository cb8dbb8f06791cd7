"""Runs one command and appends "WALL CPU RSS" to LOG: wall seconds, CPU seconds (user + system,
all threads and children, from wait4's rusage, microsecond resolution) and peak RSS in KiB.
The command's output is discarded; the exit status is passed on.

usage: timed.py LOG CMD [ARG...]
"""
import os
import subprocess
import sys
import time

log, command = sys.argv[1], sys.argv[2:]
start = time.perf_counter()
child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
wall = time.perf_counter() - start
with open(log, "a") as out:
    out.write(f"{wall:.6f} {usage.ru_utime + usage.ru_stime:.6f} {usage.ru_maxrss}\n")
sys.exit(os.waitstatus_to_exitcode(status))
