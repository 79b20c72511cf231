"""Sets one element of a bf16 tensor of a model directory's
model.safetensors, in place: set_weight.py DIR TENSOR INDEX VALUE."""
import json
import struct
import sys

directory, name, index, value = sys.argv[1:]
path = directory + "/model.safetensors"
with open(path, "r+b") as f:
    (length,) = struct.unpack("<Q", f.read(8))
    entry = json.loads(f.read(length))[name]
    assert entry["dtype"] == "BF16", entry
    # bf16 is the top half of the float32's bits.
    bits = struct.unpack("<I", struct.pack("<f", float(value)))[0] >> 16
    f.seek(8 + length + entry["data_offsets"][0] + 2 * int(index))
    f.write(struct.pack("<H", bits))
