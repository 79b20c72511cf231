"""Writes a tuning records file whose one record chooses configuration
BEST (JSON) for KERNEL of the tuning space SPACE, as tile-tune would; the
options spoil one field, for the stale-record tests."""
import argparse
import json

parser = argparse.ArgumentParser()
parser.add_argument("space")
parser.add_argument("kernel")
parser.add_argument("best")
parser.add_argument("output")
parser.add_argument("--device", default="NVIDIA H100 80GB HBM3")
parser.add_argument("--hash", help="a kernel hash in place of the space's")
parser.add_argument("--space-text", help="a space in place of the kernel's")
args = parser.parse_args()

with open(args.space) as f:
    space = json.load(f)
kernel = next(k for k in space["kernels"] if k["kernel"] == args.kernel)
best = json.loads(args.best)
config = next(c for c in kernel["configs"] if c["config"] == best)
record = {"kernel": args.kernel, "device": args.device,
          "arch": space["arch"], "space": args.space_text or kernel["space"],
          "best": best, "kernel_hash": args.hash or config["kernel_hash"],
          "date": "2026-11-26"}
with open(args.output, "w") as f:
    json.dump({"format": 1, "records": [record]}, f)
