"""Damages the one entry of a JIT cache directory: `flip` inverts a byte in
the middle of the object, `truncate` drops the last half of the file,
`header` rewrites the format version. Usage: jit-cache-damage.py DIR how"""
import pathlib
import sys

directory, how = pathlib.Path(sys.argv[1]), sys.argv[2]
(entry,) = directory.glob("*.rjo")
data = bytearray(entry.read_bytes())
if how == "flip":
    data[len(data) * 3 // 4] ^= 0xFF
elif how == "truncate":
    data = data[: len(data) // 2]
elif how == "header":
    data = data.replace(b"reduce-jit-object 1\n", b"reduce-jit-object 9\n", 1)
else:
    sys.exit("unknown damage " + how)
entry.write_bytes(bytes(data))
