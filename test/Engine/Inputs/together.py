"""Runs COUNT copies of a command at once and prints the lines that all of
them wrote to standard error, sorted: together.py COUNT COMMAND..."""
import subprocess
import sys

count, command = int(sys.argv[1]), sys.argv[2:]
runs = [subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
        for _ in range(count)]
lines = []
for run in runs:
    lines += run.communicate()[1].splitlines()
    if run.returncode != 0:
        sys.exit(run.returncode)
print("\n".join(sorted(lines)))
