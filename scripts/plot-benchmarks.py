#!/usr/bin/env python3
"""Draws the current benchmark figures as bar charts, ours beside the peer.

Reads docs/benchmarks/current.csv (columns: area, row, ours, peer, unit,
peer_name, gpu, date; one line per comparison, the figures as
docs/benchmarks.md gives them) and writes one PNG per area to
docs/benchmarks/<area>.png. A row without a peer figure draws our bar alone.
Rows whose unit is "ratio to peer" draw the peer at 1; rows in "us" are
times, where lower is better.

Usage: scripts/plot-benchmarks.py [--csv FILE] [--out DIR]
Needs python3 and matplotlib (Debian: apt-get install python3-matplotlib).
"""

import argparse
import csv
import pathlib
import sys
from collections import OrderedDict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Title of each area's chart; areas not listed take their own name.
TITLES = {
    "gemm": "Matrix products against cuBLAS",
    "attention": "Attention against SDPA",
    "decode": "Qwen3 decode, batch 1, bf16",
    "prefill": "Qwen3 prefill of 2048 tokens, bf16",
    "elementwise": "Element-wise and row-wise kernels against PyTorch",
}

OURS_COLOR = "#1f6fb4"
PEER_COLOR = "#b0b0b0"


def read_rows(path):
    """The CSV's rows grouped by area, in file order."""
    areas = OrderedDict()
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        expected = ["area", "row", "ours", "peer", "unit", "peer_name", "gpu",
                    "date"]
        if reader.fieldnames != expected:
            sys.exit(f"{path}: expected the columns {','.join(expected)}, "
                     f"found {','.join(reader.fieldnames or [])}")
        for line, row in enumerate(reader, start=2):
            try:
                row["ours_value"] = float(row["ours"])
                row["peer_value"] = float(row["peer"]) if row["peer"] else None
            except ValueError:
                sys.exit(f"{path}:{line}: 'ours' and 'peer' must be numbers")
            areas.setdefault(row["area"], []).append(row)
    return areas


def axis_label(unit):
    if unit == "ratio to peer":
        return "speed relative to the peer (peer = 1, higher is better)"
    if unit == "us":
        return "time per run, us (lower is better)"
    return f"{unit} (higher is better)"


def subtitle(rows):
    """The GPUs and dates of the rows, and the peers when they are few."""
    gpus = sorted({r["gpu"] for r in rows})
    dates = sorted({r["date"] for r in rows})
    peers = list(OrderedDict.fromkeys(r["peer_name"] for r in rows))
    text = f"{', '.join(gpus)}; ours measured {', '.join(dates)}"
    if len(peers) <= 2:
        text += f"; peer: {' / '.join(peers)}"
    return text


def plot_area(area, rows, out_dir):
    units = {r["unit"] for r in rows}
    if len(units) != 1:
        sys.exit(f"area '{area}' mixes units: {', '.join(sorted(units))}")
    unit = units.pop()
    many_peers = len({r["peer_name"] for r in rows}) > 2

    n = len(rows)
    height = 0.42
    fig, ax = plt.subplots(figsize=(8.5, 1.1 + 0.55 * n), dpi=90)
    # The first row at the top.
    positions = list(range(n - 1, -1, -1))
    largest = max(max(r["ours_value"], r["peer_value"] or 0) for r in rows)

    for pos, row in zip(positions, rows):
        ours, peer = row["ours_value"], row["peer_value"]
        ax.barh(pos + height / 2, ours, height, color=OURS_COLOR)
        ax.text(ours + largest * 0.01, pos + height / 2, row["ours"],
                va="center", fontsize=8)
        if peer is None:
            ax.text(largest * 0.01, pos - height / 2, "no peer measured",
                    va="center", fontsize=8, color="#606060")
            continue
        ax.barh(pos - height / 2, peer, height, color=PEER_COLOR)
        ax.text(peer + largest * 0.01, pos - height / 2, row["peer"],
                va="center", fontsize=8, color="#404040")

    labels = [f"{r['row']}\nvs {r['peer_name']}" if many_peers else r["row"]
              for r in rows]
    ax.set_yticks(positions)
    ax.set_yticklabels(labels, fontsize=8)
    ax.set_xlim(0, largest * 1.15)
    if unit == "ratio to peer":
        ax.axvline(1.0, color="#404040", linewidth=0.8, linestyle="--")
    ax.set_xlabel(axis_label(unit), fontsize=8)
    ax.tick_params(axis="x", labelsize=8)
    ax.set_title(f"{TITLES.get(area, area)}\n{subtitle(rows)}", fontsize=9)
    ax.legend(handles=[
        plt.Rectangle((0, 0), 1, 1, color=OURS_COLOR, label="ours"),
        plt.Rectangle((0, 0), 1, 1, color=PEER_COLOR, label="peer"),
    ], fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0),
        frameon=False)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    fig.tight_layout()

    path = out_dir / f"{area}.png"
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--csv", type=pathlib.Path,
                        default=ROOT / "docs" / "benchmarks" / "current.csv")
    parser.add_argument("--out", type=pathlib.Path,
                        default=ROOT / "docs" / "benchmarks")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for area, rows in read_rows(args.csv).items():
        path = plot_area(area, rows, args.out)
        print(f"{path} ({path.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main(sys.argv[1:])
