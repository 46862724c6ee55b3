"""Runs one reduce-run command in N processes at once, all started before
any is waited for, and checks that every one succeeded with the same
output. Usage: jit-cache-race.py N command..."""
import subprocess
import sys

count = int(sys.argv[1])
command = sys.argv[2:]
processes = [
    subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    for _ in range(count)
]
outputs = set()
for process in processes:
    out, err = process.communicate()
    if process.returncode != 0:
        sys.exit("a process failed: " + err.decode())
    outputs.add(out)
if len(outputs) != 1:
    sys.exit("the processes printed different results")
sys.stdout.write(outputs.pop().decode())
