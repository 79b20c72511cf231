#!/usr/bin/env python3
"""Checks every example kernel against PyTorch on the GPU and times it
against its peer, in one run.

Our kernels run from the kernel cache through the runtime's C interface
(libtile_capi.so, loaded with ctypes) on memory that PyTorch allocated and on
PyTorch's current stream. For each kernel (one spec each, below) and each of
its shapes, the harness draws fresh random inputs, poisons the outputs (every
byte 0xFF: NaN), launches the kernel and compares what it wrote with a
PyTorch reference computed in float32 or float64: the relative error
||out - ref|| / ||ref|| must be at most 1e-5 for f32 outputs and 1e-2 for f16
and bf16 outputs, and a NaN never passes. At each kernel's benchmark shape it
then times our kernel and its peers (eager PyTorch, cuBLAS through
torch.matmul, SDPA's flash attention, torch.compile's Triton kernels) with
CUDA events: after warm-up, the median of many runs, each after a pass over
256 MiB that flushes the L2 cache: a read by default, which leaves the cache
full of clean lines of other data; --flush write writes instead, which leaves
dirty lines whose write-back the timed run then shares. It prints a table (ours, the fastest peer, the ratio,
the share of the roofline), and can write it as markdown, CSV and an SVG plot.

    torch_harness.py --build .gpu [--only NAME,...] [--markdown FILE]
                     [--csv FILE] [--svg FILE] [--repeat N] [--seed S]
                     [--flush read|write]
    torch_harness.py --list [--manifests DIR]     # needs no torch or GPU

Exit status: 0 if every check passed, 1 if one failed, 2 if it cannot start.
"""

import argparse
import ctypes
import csv
import json
import math
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

try:
    import torch
    import torch.nn.functional as F
except ImportError:  # --list works without torch.
    torch = None
    F = None

# Relative L2 error allowed per output element type; other types must match.
TOLERANCE = {"float32": 1e-5, "float16": 1e-2, "bfloat16": 1e-2}
# Bytes written (or read) to flush the L2 cache (50 MB on an H100) before each
# timed run.
FLUSH_BYTES = 256 << 20
# Peak figures of known GPUs: HBM bytes/s and dense bf16 tensor-core FLOP/s.
ROOFLINES = {"H100": (3.35e12, 989e12), "H200": (4.8e12, 989e12)}
EPS = 1e-6
THETA = 1000000.0


# --- The runtime's C interface ------------------------------------------

MAX_RANK = 8


class TileArg(ctypes.Structure):
    """tile_arg of runtime/include/tile/capi.h."""
    _fields_ = [("kind", ctypes.c_int32), ("rank", ctypes.c_int32),
                ("dtype", ctypes.c_char_p), ("address", ctypes.c_uint64),
                ("shape", ctypes.c_int64 * MAX_RANK),
                ("strides", ctypes.c_int64 * MAX_RANK),
                ("float_value", ctypes.c_double),
                ("int_value", ctypes.c_int64)]


TENSOR, SCALAR = 0, 1


class TileError(RuntimeError):
    """A failure reported by the C interface."""


class CApi:
    """libtile_capi.so, its functions typed."""

    def __init__(self, path):
        lib = ctypes.CDLL(path)
        lib.tile_last_error.restype = ctypes.c_char_p
        lib.tile_library_open.restype = ctypes.c_void_p
        lib.tile_library_open.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        lib.tile_library_close.argtypes = [ctypes.c_void_p]
        lib.tile_module_load.restype = ctypes.c_void_p
        lib.tile_module_load.argtypes = [ctypes.c_void_p, ctypes.c_int]
        lib.tile_module_unload.argtypes = [ctypes.c_void_p]
        lib.tile_module_launch.restype = ctypes.c_int
        lib.tile_module_launch.argtypes = [
            ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(TileArg),
            ctypes.c_int, ctypes.c_void_p]
        self.lib = lib

    def error(self, doing):
        return TileError(f"{doing}: {self.lib.tile_last_error().decode()}")


TORCH_DTYPES = {"float32": "f32", "float16": "f16", "bfloat16": "bf16",
                "int32": "i32", "int64": "i64", "bool": "i1"}


class Kernels:
    """One manifest's cache entry, loaded on the current GPU."""

    def __init__(self, capi, manifest, cache_dir):
        self.capi = capi
        with open(manifest) as f:
            self.metadata = {k["name"]: k for k in json.load(f)["kernels"]}
        self.library = capi.lib.tile_library_open(manifest.encode(),
                                                  cache_dir.encode())
        if not self.library:
            raise capi.error(f"opening {manifest}")
        self.module = capi.lib.tile_module_load(
            self.library, torch.cuda.current_device())
        if not self.module:
            capi.lib.tile_library_close(self.library)
            raise capi.error(f"loading {manifest} on the GPU")

    def close(self):
        self.capi.lib.tile_module_unload(self.module)
        self.capi.lib.tile_library_close(self.library)

    def launcher(self, name, args):
        """A function that launches kernel `name` on `args` (tensors and
        numbers, in parameter order) on the current stream."""
        if name not in self.metadata:
            raise TileError(f"the manifest has no {name} (it has "
                            f"{', '.join(self.metadata)})")
        params = self.metadata[name]["params"]
        if len(params) != len(args):
            raise TileError(f"{name} takes {len(params)} arguments, "
                            f"the spec gives {len(args)}")
        array = (TileArg * len(args))()
        for slot, param, value in zip(array, params, args):
            if isinstance(value, torch.Tensor):
                slot.kind = TENSOR
                slot.dtype = TORCH_DTYPES[str(value.dtype).split(".")[1]].encode()
                slot.address = value.data_ptr()
                slot.rank = value.dim()
                for d in range(value.dim()):
                    slot.shape[d] = value.shape[d]
                    slot.strides[d] = value.stride(d)
            else:
                slot.kind = SCALAR
                slot.dtype = param["dtype"].encode()
                if param["dtype"].startswith("i"):
                    slot.int_value = int(value)
                else:
                    slot.float_value = float(value)
        kernel = name.encode()
        stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
        launch = self.capi.lib.tile_module_launch

        def run():
            if launch(self.module, kernel, array, len(args), stream) != 0:
                raise self.capi.error(f"launching {name}")
        return run


# --- Specs ---------------------------------------------------------------

@dataclass
class Case:
    """One kernel at one shape: our launch, the reference and the peers."""
    shape: str
    args: list
    outputs: list
    expected: Callable[[], list]
    observed: Optional[Callable[[], list]] = None
    peers: dict = field(default_factory=dict)
    bytes: float = 0.0
    flops: float = 0.0
    untouched: list = field(default_factory=list)
    exact: bool = False

    def __post_init__(self):
        # A peer given as None (torch.compile left out) is dropped.
        self.peers = {k: v for k, v in self.peers.items() if v is not None}


@dataclass
class Spec:
    """A kernel of examples/, kernels/ or engine/kernels/: its manifest,
    instantiation, shapes and case builder. The first shape is the
    benchmark; the others are checked."""
    name: str
    manifest: str
    kernel: str
    shapes: list
    build: Callable
    benchmarks: int = 1  # How many of the first shapes are timed.


SPECS = []


def spec(manifest, kernel, shapes, benchmarks=1, name=None):
    """Registers a case builder; `name` (default: the manifest's) tells
    apart several specs of one manifest."""
    def register(build):
        SPECS.append(Spec(name or manifest, manifest, kernel, shapes, build,
                          benchmarks))
        return build
    return register


def rand(*shape, dtype=None, scale=1.0):
    """Fresh normal random values (float32 drawn, then rounded)."""
    values = torch.randn(*shape, device="cuda") * scale
    return values.to(dtype or torch.float32)


def empty(*shape, dtype=None):
    return torch.empty(*shape, device="cuda", dtype=dtype or torch.float32)


def nbytes(*tensors):
    return float(sum(t.numel() * t.element_size() for t in tensors))


COMPILE = {"enabled": True}


def compiled(fn):
    """fn compiled by torch.compile (Inductor: Triton kernels on a GPU), or
    None with --no-compile."""
    return torch.compile(fn, dynamic=False) if COMPILE["enabled"] else None


def call(fn, *args):
    """A peer that calls fn(*args), or None if fn is None."""
    return None if fn is None else (lambda: fn(*args))


ELEMENTS = 1 << 28
RAGGED = [1, 1000, (1 << 20) + 3, 12345677]


@spec("vector_add", "vector_add<2048>", [ELEMENTS] + RAGGED)
def vector_add(n):
    x, y, z = rand(n), rand(n), empty(n)
    return Case(f"{n}", [z, x, y], [z], lambda: [x.double() + y.double()],
                peers={"torch.add": lambda: torch.add(x, y, out=z)},
                bytes=nbytes(x, y, z))


@spec("saxpy", "saxpy<2048>", [ELEMENTS] + RAGGED)
def saxpy(n):
    x, y, a = rand(n), rand(n), 1.7
    # y is updated in place: the reference reads it before our launch.
    return Case(f"{n}", [y, x, a], [], lambda: [a * x.double() + y.double()],
                observed=lambda: [y],
                peers={"y.add_(x, alpha=a)": lambda: y.add_(x, alpha=a)},
                bytes=nbytes(x, y, y))


def silu_mul_reference(x, y):
    xf = x.double()
    return xf / (1 + torch.exp(-xf)) * y.double()


@spec("silu_mul", "silu_mul<4096>", [ELEMENTS] + RAGGED)
def silu_mul(n):
    x, y, out = rand(n, dtype=torch.half), rand(n, dtype=torch.half), \
        empty(n, dtype=torch.half)
    fused = compiled(lambda x, y: F.silu(x) * y)
    return Case(f"{n}", [out, x, y], [out],
                lambda: [silu_mul_reference(x, y)],
                peers={"torch.mul(F.silu(x), y)":
                       lambda: torch.mul(F.silu(x), y, out=out),
                       "torch.compile": call(fused, x, y)},
                bytes=nbytes(x, y, out))


@spec("cast_bf16", "cast_bf16<4096>", [ELEMENTS] + RAGGED)
def cast_bf16(n):
    x, out = rand(n), empty(n, dtype=torch.bfloat16)
    return Case(f"{n}", [out, x], [out], lambda: [x.to(torch.bfloat16)],
                peers={"out.copy_(x)": lambda: out.copy_(x)},
                bytes=nbytes(x, out), exact=True)


SLICES = 8
SUM_PIECE = 2048


@spec("sum_slices", "sum_slices<2048>",
      [1 << 26, 1, 1000, (1 << 20) + 3, 12345677])
def sum_slices(n):
    # Slice k starts at k * (n rounded up to whole pieces).
    stride = -(-n // SUM_PIECE) * SUM_PIECE
    x, out = rand(SLICES * stride), empty(n)
    slices = x.view(SLICES, stride)[:, :n]
    return Case(f"{SLICES} x {n}", [out, x, SLICES], [out],
                lambda: [slices.double().sum(0)],
                peers={"torch.sum(dim=0)":
                       lambda: torch.sum(slices, 0, out=out)},
                bytes=nbytes(slices, out))


def rows_of(elements, length):
    return max(1, elements // length)


@spec("column_sums", "column_sums<128>",
      [(rows_of(ELEMENTS, 1 << 18), 1 << 18), (1, 1000), (7, 300), (333, 517),
       (4097, 129)])
def column_sums(shape):
    # The kernel reads the row count from x itself: no scalar argument.
    rows, cols = shape
    x, out = rand(rows, cols), empty(cols)
    return Case(f"{rows} x {cols}", [out, x], [out],
                lambda: [x.double().sum(0)],
                peers={"torch.sum(dim=0)": lambda: torch.sum(x, 0, out=out)},
                bytes=nbytes(x, out))


@spec("softmax_rows", "softmax_rows<1024>",
      [(rows_of(ELEMENTS, 1000), 1000), (1, 1000), (3, 1), (1031, 517),
       (77, 1024)])
def softmax_rows(shape):
    rows, n = shape
    x, out = rand(rows, n, scale=4), empty(rows, n)
    fused = compiled(lambda x: torch.softmax(x, -1))
    return Case(f"{rows} x {n}", [out, x, n], [out],
                lambda: [torch.softmax(x.double(), -1)],
                peers={"torch.softmax": lambda: torch.softmax(x, -1),
                       "torch.compile": call(fused, x)},
                bytes=nbytes(x, out))


HIDDEN = 2560


def rms_norm_reference(x, w):
    xf = x.float()
    return xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + EPS) * w.float()


@spec("rms_norm", "rms_norm<tile::bf16, 4096>",
      [(rows_of(ELEMENTS, HIDDEN), HIDDEN), (1, HIDDEN), (1000, 1000),
       (7, 4096), (33, 2049)])
def rms_norm(shape):
    rows, n = shape
    x, w = rand(rows, n, dtype=torch.bfloat16), rand(n, dtype=torch.bfloat16)
    out = empty(rows, n, dtype=torch.bfloat16)
    fused = compiled(lambda x, w: F.rms_norm(x, (n,), w, EPS))
    return Case(f"{rows} x {n}", [out, x, w, n, EPS], [out],
                lambda: [rms_norm_reference(x, w)],
                peers={"F.rms_norm": lambda: F.rms_norm(x, (n,), w, EPS),
                       "torch.compile": call(fused, x, w)},
                bytes=nbytes(x, w, out))


@spec("add_rms_norm", "add_rms_norm<tile::bf16, 4096>",
      [(rows_of(ELEMENTS, HIDDEN), HIDDEN), (1, HIDDEN), (1000, 1000),
       (7, 4096), (33, 2049)])
def add_rms_norm(shape):
    rows, n = shape
    x, residual = rand(rows, n, dtype=torch.bfloat16), \
        rand(rows, n, dtype=torch.bfloat16)
    w, out = rand(n, dtype=torch.bfloat16), empty(rows, n,
                                                  dtype=torch.bfloat16)

    def expected():
        total = (residual.float() + x.float()).to(torch.bfloat16)
        return [total.float(), rms_norm_reference(total, w)]

    def unfused(x, residual, w):
        residual.add_(x)
        return F.rms_norm(residual, (n,), w, EPS)
    fused = compiled(unfused)
    return Case(f"{rows} x {n}", [out, residual, x, w, n, EPS], [out],
                expected, observed=lambda: [residual, out],
                peers={"add_ + F.rms_norm": lambda: unfused(x, residual, w),
                       "torch.compile": call(fused, x, residual, w)},
                bytes=nbytes(x, residual, residual, w, out))


@spec("layer_norm", "layer_norm<4096>",
      [(rows_of(ELEMENTS, HIDDEN), HIDDEN), (1, HIDDEN), (1000, 1000),
       (7, 4096), (33, 2049)])
def layer_norm(shape):
    rows, n = shape
    x = rand(rows, n, dtype=torch.bfloat16)
    w, b = rand(n, dtype=torch.bfloat16), rand(n, dtype=torch.bfloat16)
    out = empty(rows, n, dtype=torch.bfloat16)
    return Case(f"{rows} x {n}", [out, x, w, b, n, EPS], [out],
                lambda: [F.layer_norm(x.float(), (n,), w.float(), b.float(),
                                      EPS)],
                peers={"F.layer_norm":
                       lambda: F.layer_norm(x, (n,), w, b, EPS)},
                bytes=nbytes(x, w, b, out))


VOCABULARY = 151936


@spec("argmax_rows", "argmax_rows<2048>",
      [(rows_of(ELEMENTS, VOCABULARY), VOCABULARY), (1, VOCABULARY),
       (5, 1000), (3, 1), (17, 4097)])
def argmax_rows(shape):
    rows, n = shape
    x, out = rand(rows, n), empty(rows, 1, dtype=torch.int32)

    def observed():
        # The value at each index we returned; out-of-range indices (the
        # poison, -1) give NaN.
        index = out.long()
        inside = (index >= 0) & (index < n)
        values = x.gather(1, index.clamp(0, n - 1))
        return [torch.where(inside, values, float("nan"))]
    return Case(f"{rows} x {n}", [out, x, n], [out],
                lambda: [x.max(1, keepdim=True).values], observed=observed,
                peers={"torch.argmax": lambda: torch.argmax(x, 1)},
                bytes=nbytes(x, out), exact=True)


# One row as long as the vocabulary (a decode step) over 64 programs, then
# their 64 candidates: the split's outputs are checked through the merge.
ARGMAX_SPLITS = 64


@spec("argmax_rows", "argmax_split<1024>",
      [(1, VOCABULARY), (4, VOCABULARY), (3, 1000), (2, 1), (5, 70001)],
      name="argmax_split")
def argmax_split(shape):
    rows, n = shape
    x = rand(rows, n)
    best = empty(rows, ARGMAX_SPLITS)
    where = empty(rows, ARGMAX_SPLITS, dtype=torch.int32)

    def expected():
        chunks = (n + 1023) // 1024
        rounds = (chunks + ARGMAX_SPLITS - 1) // ARGMAX_SPLITS
        padded = torch.full((rows, rounds * ARGMAX_SPLITS * 1024), -3.0e38,
                            device="cuda")
        padded[:, :n] = x
        # Chunk c goes to split c % splits; a split without chunks
        # reports -3e38.
        top = padded.view(rows, rounds, ARGMAX_SPLITS, 1024).amax(dim=(1, 3))
        return [top, top]

    def observed():
        # Each split's value, and the value at the index it names (where
        # it has one; poison, -1, gives NaN).
        index = where.long()
        inside = (index >= 0) & (index < n)
        named = torch.where(inside, x.gather(1, index.clamp(0, n - 1)),
                            float("nan"))
        return [best, torch.where(best > -1.0e38, named, best)]
    return Case(f"{rows} x {n}, {ARGMAX_SPLITS} splits",
                [best, where, x, n], [best, where], expected,
                observed=observed,
                peers={"torch.argmax": lambda: torch.argmax(x, 1)},
                bytes=nbytes(x, best, where), exact=True)


@spec("argmax_rows", "argmax_merge<64>",
      [(1, 64), (3, 64), (2, 5), (1, 1)], name="argmax_merge")
def argmax_merge(shape):
    rows, splits = shape
    # Few distinct values, so that ties are common: the first index wins.
    best = torch.randint(0, 4, (rows, splits), device="cuda").float()
    where = torch.randperm(rows * splits, device="cuda",
                           dtype=torch.int32).view(rows, splits)
    out = empty(rows, 1, dtype=torch.int32)

    def expected():
        top = best.max(1, keepdim=True).values
        big = torch.iinfo(torch.int32).max
        candidates = torch.where(best == top, where, big)
        return [candidates.min(1, keepdim=True).values]
    return Case(f"{rows} x {splits}", [out, best, where], [out], expected,
                exact=True)


# The sampler's candidates: the 64 largest logits of each 2048-column
# stretch of a row, largest first, the lower column first among equal ones.
TOP_K, TOP_K_STRETCH = 64, 2048


@spec("top_k", "top_k_split<2048, 64>",
      [(1, VOCABULARY), (3, 5000), (2, 1), (4, 2100)], name="top_k_split")
def top_k_split(shape):
    rows, n = shape
    x = rand(rows, n)
    stretches = (n + TOP_K_STRETCH - 1) // TOP_K_STRETCH
    values = empty(rows, stretches * TOP_K)
    ids = empty(rows, stretches * TOP_K, dtype=torch.int32)

    def expected():
        padded = torch.full((rows, stretches * TOP_K_STRETCH), -3.4e38,
                            device="cuda")
        padded[:, :n] = x
        # A stable sort keeps equal values in column order.
        order = torch.sort(padded.view(rows, stretches, TOP_K_STRETCH),
                           dim=2, descending=True, stable=True)
        top = order.values[:, :, :TOP_K]
        columns = order.indices[:, :, :TOP_K] + TOP_K_STRETCH * torch.arange(
            stretches, device="cuda").view(1, -1, 1)
        columns = torch.where(top > -3.0e38, columns, -1)
        return [top.reshape(rows, -1), columns.reshape(rows, -1).int()]
    return Case(f"{rows} x {n}, {stretches} stretches of {TOP_K_STRETCH}",
                [values, ids, x, n], [values, ids], expected,
                peers={"torch.topk (64)": lambda: torch.topk(x, TOP_K, dim=1)},
                bytes=nbytes(x, values, ids), exact=True)


@spec("transpose", "transpose<32>",
      [(rows_of(ELEMENTS, 1000), 1000), (1, 1), (33, 65), (1000, 31),
       (127, 1025)])
def transpose(shape):
    rows, columns = shape
    x, out = rand(rows, columns), empty(columns, rows)
    return Case(f"{rows} x {columns}", [out, x], [out], lambda: [x.t()],
                peers={"out.copy_(x.t())": lambda: out.copy_(x.t())},
                bytes=nbytes(x, out), exact=True)


def matmul_reference(a, b):
    return torch.matmul(a.float(), b.float())


# The matrix kernels take both half types; the bf16 spec of each keeps the
# manifest's name, the f16 one adds "_f16". torch's dtypes by name, as the
# specs are listed without torch.
HALVES = {"bf16": "bfloat16", "f16": "float16"}


def half_specs(manifest, kernel, shapes, benchmarks=1, name=None):
    """Registers `build(shape, dtype)` once per half type, as `manifest`'s
    `kernel` (a format string of the element type's C++ name), named `name`
    (default: the manifest's) for bf16 and `name`_f16 for f16."""
    def register(build):
        base = name or manifest
        for suffix, dtype in HALVES.items():
            spec_name = base if suffix == "bf16" else f"{base}_{suffix}"
            spec(manifest, kernel.format(f"tile::{suffix}"), shapes,
                 benchmarks, spec_name)(
                lambda shape, dtype=dtype: build(shape, getattr(torch, dtype)))
        return build
    return register


# Two benchmark shapes: Qwen3-4B's and Qwen3-8B's fused gate/up projection.
@half_specs("gemv", "gemv<{}, 4, 512>",
            [(19456, 2560), (24576, 4096), (1, 1), (1003, 517), (37, 2049)],
            benchmarks=2)
def gemv(shape, dtype):
    n, k = shape
    w, x = rand(n, k, dtype=dtype), rand(1, k, dtype=dtype)
    out = empty(n, 1, dtype=dtype)
    return Case(f"{n} x {k}", [out, w, x], [out],
                lambda: [matmul_reference(w, x.t())],
                peers={"torch.matmul (cuBLAS)":
                       lambda: torch.matmul(x, w.t())},
                bytes=nbytes(w, x, out), flops=2.0 * n * k)


# Narrow outputs over long rows, where two rows per program keep more
# programs in flight: Qwen3-4B's attention output and MLP down projections.
@spec("gemv", "gemv<tile::bf16, 2, 1024>",
      [(2560, 4096), (2560, 9728), (1, 1), (1003, 517), (37, 2049)],
      benchmarks=2, name="gemv_narrow")
def gemv_narrow(shape):
    return gemv(shape, torch.bfloat16)


# The logits of one decode step: Qwen3's vocabulary against 4B's and 8B's
# hidden sizes, in f32.
@spec("gemv", "gemv_f32<tile::bf16, 4, 512>",
      [(151936, 2560), (151936, 4096), (1, 1), (1003, 517)], benchmarks=2,
      name="gemv_f32")
def gemv_f32(shape):
    n, k = shape
    w = rand(n, k, dtype=torch.bfloat16)
    x = rand(1, k, dtype=torch.bfloat16)
    out = empty(n, 1)
    return Case(f"{n} x {k}, f32 out", [out, w, x], [out],
                lambda: [matmul_reference(w, x.t())],
                peers={"F.linear (cuBLAS), f32 out":
                       lambda: F.linear(x, w).float(),
                       "torch.matmul, f32 inputs":
                       lambda: torch.matmul(x.float(), w.float().t())},
                bytes=nbytes(w, x, out), flops=2.0 * n * k)


# A few rows of activations: linear's small-batch blocks.
@half_specs("linear", "linear<{}, 16, 32, 64, 1>",
            [(8, 19456, 2560), (1, 19456, 2560), (3, 1003, 517), (8, 1, 1),
             (21, 777, 1031)], name="gemv_rows")
def gemv_rows(shape, dtype):
    rows, n, k = shape
    w, x = rand(n, k, dtype=dtype), rand(rows, k, dtype=dtype)
    out = empty(rows, n, dtype=dtype)
    return Case(f"{rows} x {n} x {k}", [out, x, w, k], [out],
                lambda: [matmul_reference(x, w.t())],
                peers={"torch.matmul (cuBLAS)":
                       lambda: torch.matmul(x, w.t())},
                bytes=nbytes(w, x, out), flops=2.0 * rows * n * k)


# Rows of 16-byte multiples go through the copy engine, ragged edges
# included; the others through the kernel's cp.async twin.
@half_specs("linear", "linear<{}, 128, 256, 64, 16>",
            [(4096, 4096, 4096), (8192, 8192, 8192), (1000, 1000, 1000),
             (129, 260, 72), (8, 24, 8), (1, 8, 3), (32, 39, 19),
             (1024, 1031, 515), (65, 129, 97)], benchmarks=2)
def linear(shape, dtype):
    m, n, k = shape
    x, w = rand(m, k, dtype=dtype), rand(n, k, dtype=dtype)
    out = empty(m, n, dtype=dtype)
    return Case(f"{m} x {n} x {k}", [out, x, w, k], [out],
                lambda: [matmul_reference(x, w.t())],
                peers={"torch.matmul (cuBLAS)":
                       lambda: torch.matmul(x, w.t())},
                bytes=nbytes(x, w, out), flops=2.0 * m * n * k)


# The epilogue (scale, bias, SiLU, cast) on the accumulators, against
# PyTorch's unfused scale, addmm and silu.
@half_specs("linear_epilogue", "linear_bias_silu<{}, 128, 256, 64, 16>",
            [(4096, 4096, 4096), (1000, 1000, 1000), (65, 129, 97),
             (1, 8, 3)])
def linear_bias_silu(shape, dtype):
    m, n, k = shape
    x, w = rand(m, k, dtype=dtype), rand(n, k, dtype=dtype)
    bias = rand(n, dtype=dtype)
    out = empty(m, n, dtype=dtype)
    scale = 0.375

    def expected():
        y = scale * matmul_reference(x, w.t()) + bias.float()
        return [torch.nn.functional.silu(y)]
    return Case(f"{m} x {n} x {k}", [out, x, w, bias, scale, k], [out],
                expected,
                peers={"torch addmm + silu": lambda: torch.nn.functional.silu(
                    torch.addmm(bias, x, w.t(), alpha=scale))},
                bytes=nbytes(x, w, bias, out), flops=2.0 * m * n * k)


@half_specs("batched_matmul", "batched_matmul<{}, 128, 256, 64, 4>",
            [(8, 1024, 1024, 1024), (8, 2, 6, 3), (8, 363, 367, 184),
             (3, 65, 129, 33), (2, 1, 1, 1)])
def batched_matmul(shape, dtype):
    batch, m, n, k = shape
    a, x = rand(batch, m, k, dtype=dtype), rand(batch, k, n, dtype=dtype)
    out = empty(batch, m, n, dtype=dtype)
    return Case(f"{batch} x {m} x {n} x {k}", [out, a, x, k], [out],
                lambda: [matmul_reference(a, x)],
                peers={"torch.matmul (cuBLAS)":
                       lambda: torch.matmul(a, x, out=out)},
                bytes=nbytes(a, x, out), flops=2.0 * batch * m * n * k)


def rope_tables(positions, dim):
    """cos and sin of the angles position * theta^(-2i / dim), i < dim / 2,
    computed in float32 as the kernels compute them."""
    half = dim // 2
    exponent = torch.arange(half, device="cuda", dtype=torch.float32) * \
        (-2.0 / dim)
    frequency = torch.exp(exponent * math.log(THETA))
    angle = positions.float()[:, None] * frequency[None, :]
    return torch.cos(angle), torch.sin(angle)


def rotate(x, cos, sin):
    """Neox RoPE of x (tokens, heads, dim) in float32."""
    x = x.float()
    half = x.shape[-1] // 2
    x1, x2 = x[..., :half], x[..., half:]
    c, s = cos[:, None, :], sin[:, None, :]
    return torch.cat([x1 * c - x2 * s, x2 * c + x1 * s], -1)


HEADS, KV_HEADS, HEAD_DIM = 32, 8, 128


def rope_eager(x, positions, out):
    cos, sin = rope_tables(positions, HEAD_DIM)
    out.copy_(rotate(x, cos, sin))


@spec("rope", "rope<32, 128>", [65536, 1, 3, 1000, 4097])
def rope(tokens):
    x = rand(tokens, HEADS, HEAD_DIM, dtype=torch.bfloat16)
    positions = torch.randint(0, 40960, (tokens,), device="cuda",
                              dtype=torch.int32)
    out = empty(tokens, HEADS, HEAD_DIM, dtype=torch.bfloat16)
    halves = (tokens * HEADS, 2, HEAD_DIM // 2)
    fused = compiled(rope_eager)
    return Case(f"{tokens} tokens x {HEADS} x {HEAD_DIM}",
                [out.view(halves), x.view(halves), positions, THETA], [out],
                lambda: [rotate(x, *rope_tables(positions, HEAD_DIM))],
                peers={"torch (eager)": lambda: rope_eager(x, positions, out),
                       "torch.compile": call(fused, x, positions, out)},
                bytes=nbytes(x, out, positions))


def head_rms_norm(x, w):
    """Per-head RMSNorm in float32, rounded to bf16 as the model does."""
    return rms_norm_reference(x, w).to(torch.bfloat16)


def qk_norm_rope_eager(heads, kv_heads, qkv, q_weight, k_weight, positions, q,
                       k_rows, v_rows):
    rows = qkv.view(qkv.shape[0], heads + 2 * kv_heads, HEAD_DIM)
    cos, sin = rope_tables(positions, HEAD_DIM)
    q.copy_(rotate(head_rms_norm(rows[:, :heads], q_weight), cos, sin))
    k_rows.copy_(rotate(head_rms_norm(rows[:, heads:heads + kv_heads],
                                      k_weight), cos, sin))
    v_rows.copy_(rows[:, heads + kv_heads:])


def qk_norm_rope_case(tokens, heads, kv_heads):
    first = 5  # Cache rows before the chunk, which must stay untouched.
    cache_rows = first + tokens + 3
    qkv = rand(tokens, heads + 2 * kv_heads, HEAD_DIM, dtype=torch.bfloat16)
    q_weight = rand(HEAD_DIM, dtype=torch.bfloat16)
    k_weight = rand(HEAD_DIM, dtype=torch.bfloat16)
    positions = torch.arange(first, first + tokens, device="cuda",
                             dtype=torch.int32)
    q = empty(tokens, heads, HEAD_DIM, dtype=torch.bfloat16)
    k_cache = empty(cache_rows, kv_heads, HEAD_DIM, dtype=torch.bfloat16)
    v_cache = empty(cache_rows, kv_heads, HEAD_DIM, dtype=torch.bfloat16)
    k_rows, v_rows = k_cache[first:first + tokens], v_cache[first:first + tokens]
    half = HEAD_DIM // 2

    def halves(t, count):
        return t.view(tokens, 2 * count, half)

    def expected():
        rows = qkv.float()
        cos, sin = rope_tables(positions, HEAD_DIM)
        return [rotate(head_rms_norm(rows[:, :heads], q_weight), cos, sin),
                rotate(head_rms_norm(rows[:, heads:heads + kv_heads],
                                     k_weight), cos, sin),
                rows[:, heads + kv_heads:]]
    peer_args = (heads, kv_heads, qkv, q_weight, k_weight, positions, q,
                 k_rows, v_rows)
    fused = compiled(qk_norm_rope_eager)
    return Case(f"{tokens} tokens, {heads}/{kv_heads} heads x {HEAD_DIM}",
                [halves(q, heads), halves(k_rows, kv_heads),
                 halves(v_rows, kv_heads),
                 halves(qkv, heads + 2 * kv_heads),
                 q_weight.view(2, half), k_weight.view(2, half), positions,
                 THETA, EPS],
                [q, k_cache, v_cache], expected,
                observed=lambda: [q, k_rows, v_rows],
                untouched=[k_cache[:first], k_cache[first + tokens:],
                           v_cache[:first], v_cache[first + tokens:]],
                peers={"torch (eager)": lambda: qk_norm_rope_eager(*peer_args),
                       "torch.compile": call(fused, *peer_args)},
                bytes=nbytes(qkv, q, k_rows, v_rows))


@spec("qk_norm_rope", "qk_norm_rope<tile::bf16, 32, 8, 128>",
      [43690, 1, 3, 1000, 4097])
def qk_norm_rope(tokens):
    return qk_norm_rope_case(tokens, HEADS, KV_HEADS)


@spec("flash_attention", "flash_attention<64, 64, 128>",
      [(32, 8, 4096), (4, 2, 1), (4, 2, 32), (4, 2, 316), (4, 2, 3514)])
def flash_attention(shape):
    heads, kv_heads, seq = shape
    q = rand(heads, seq, HEAD_DIM, dtype=torch.bfloat16)
    k = rand(kv_heads, seq, HEAD_DIM, dtype=torch.bfloat16)
    v = rand(kv_heads, seq, HEAD_DIM, dtype=torch.bfloat16)
    out = empty(heads, seq, HEAD_DIM, dtype=torch.bfloat16)
    group, scale = heads // kv_heads, 1.0 / math.sqrt(HEAD_DIM)
    k_all = k.repeat_interleave(group, 0)
    v_all = v.repeat_interleave(group, 0)
    from torch.nn.attention import SDPBackend, sdpa_kernel

    def sdpa(backend, *qkv, **options):
        with sdpa_kernel(backend):
            return F.scaled_dot_product_attention(
                *(t.unsqueeze(0) for t in qkv), is_causal=True, scale=scale,
                **options)
    return Case(f"{heads}/{kv_heads} heads x {seq} x {HEAD_DIM}, causal",
                [out, q, k, v, seq, group, scale], [out],
                lambda: [sdpa(SDPBackend.MATH, q.float(), k_all.float(),
                              v_all.float())[0]],
                peers={"SDPA flash (GQA)":
                       lambda: sdpa(SDPBackend.FLASH_ATTENTION, q, k, v,
                                    enable_gqa=True),
                       "SDPA flash (K/V repeated)":
                       lambda: sdpa(SDPBackend.FLASH_ATTENTION, q, k_all,
                                    v_all)},
                bytes=nbytes(q, k, v, out),
                flops=2.0 * heads * seq * seq * HEAD_DIM)


@half_specs("embedding", "embedding<{}, 1024>",
            [(8192, 151936, 2560), (1, 1000, 1024), (5, 7, 3),
             (33, 1000, 2049), (9, 5000, 1025)])
def embedding(shape, dtype):
    tokens, vocab, hidden = shape
    table = rand(vocab, hidden, dtype=dtype)
    # Ids outside the table read zero rows; the last token's is one.
    ids = torch.randint(0, vocab, (tokens,), device="cuda", dtype=torch.int32)
    ids[-1] = vocab
    out = empty(tokens, hidden, dtype=dtype)

    def expected():
        rows = table.float()[ids.clamp(max=vocab - 1).long()]
        rows[ids >= vocab] = 0.0
        return [rows]
    inside = ids.clamp(max=vocab - 1).long()
    return Case(f"{tokens} tokens of {vocab} x {hidden}", [out, table, ids],
                [out], expected,
                peers={"torch.index_select":
                       lambda: torch.index_select(table, 0, inside, out=out)},
                # Rows read, rows written, ids.
                bytes=nbytes(out, out, ids), exact=True)


def merge_partials(partial_out, partial_lse):
    """Split attention partials [heads, splits, D] weighted by the softmax of
    their log-sum-exps [heads, splits]."""
    weights = torch.softmax(partial_lse.double(), dim=1)
    return (weights.unsqueeze(-1) * partial_out.double()).sum(1)


def decode_reference(q, k_cache, v_cache, seq_len, group, scale):
    """Attention of one token per query head over the first seq_len
    positions of token-major caches [max_seq, kv_heads, D], in float64."""
    keys = k_cache[:seq_len].double().transpose(0, 1).repeat_interleave(group, 0)
    values = v_cache[:seq_len].double().transpose(0, 1).repeat_interleave(
        group, 0)
    scores = torch.einsum("hd,hsd->hs", q.double(), keys) * scale
    return torch.einsum("hs,hsd->hd", torch.softmax(scores, -1), values)


# The benchmark: one Qwen3-8B-like decode step at 4095 cached positions.
@spec("decode_attention", "decode_attention_split<tile::bf16, 64, 128>",
      [(32, 8, 4095, 8192, 16), (4, 2, 1, 64, 4), (4, 2, 130, 256, 32),
       (8, 2, 777, 1024, 1), (4, 4, 1000, 1000, 7)],
      name="decode_attention_split")
def decode_attention_split(shape):
    heads, kv_heads, seq_len, max_seq, splits = shape
    q = rand(heads, HEAD_DIM, dtype=torch.bfloat16)
    k_cache = rand(max_seq, kv_heads, HEAD_DIM, dtype=torch.bfloat16)
    v_cache = rand(max_seq, kv_heads, HEAD_DIM, dtype=torch.bfloat16)
    partial_out = empty(heads, splits, HEAD_DIM)
    partial_lse = empty(heads, splits)
    group, scale = heads // kv_heads, 1.0 / math.sqrt(HEAD_DIM)
    from torch.nn.attention import SDPBackend, sdpa_kernel
    keys = k_cache[:seq_len].transpose(0, 1).unsqueeze(0)
    values = v_cache[:seq_len].transpose(0, 1).unsqueeze(0)

    def sdpa():
        with sdpa_kernel([SDPBackend.FLASH_ATTENTION,
                          SDPBackend.EFFICIENT_ATTENTION]):
            return F.scaled_dot_product_attention(
                q.view(1, heads, 1, HEAD_DIM), keys, values, scale=scale,
                enable_gqa=True)
    # The partials are right when they merge into the attention.
    return Case(f"{heads}/{kv_heads} heads x {HEAD_DIM}, {seq_len} of "
                f"{max_seq} positions, {splits} splits",
                [partial_out, partial_lse, q, k_cache, v_cache, seq_len, group,
                 scale], [partial_out, partial_lse],
                lambda: [decode_reference(q, k_cache, v_cache, seq_len, group,
                                          scale)],
                observed=lambda: [
                    merge_partials(partial_out, partial_lse).float()],
                peers={"SDPA (GQA)": sdpa},
                bytes=nbytes(q, k_cache[:seq_len], v_cache[:seq_len],
                             partial_out, partial_lse),
                flops=4.0 * heads * seq_len * HEAD_DIM)


@spec("decode_attention", "decode_attention_merge<tile::bf16, 32, 128>",
      [(32, 16), (1, 1), (4, 32), (7, 5), (3, 17)],
      name="decode_attention_merge")
def decode_attention_merge(shape):
    heads, splits = shape
    partial_out = rand(heads, splits, HEAD_DIM)
    partial_lse = rand(heads, splits, scale=4.0)
    out = empty(heads, HEAD_DIM, dtype=torch.bfloat16)

    def merge_eager():
        weights = torch.softmax(partial_lse, dim=1)
        return (weights.unsqueeze(-1) * partial_out).sum(1).to(torch.bfloat16)
    return Case(f"{heads} heads x {HEAD_DIM}, {splits} splits",
                [out, partial_out, partial_lse, splits], [out],
                lambda: [merge_partials(partial_out, partial_lse)],
                peers={"torch (eager)": merge_eager,
                       "torch.compile": call(compiled(merge_eager))},
                bytes=nbytes(out, partial_out, partial_lse))


# --- The Qwen3 engine's kernels (engine/kernels) -------------------------

# The norms at each row width the engine instantiates: rows as wide as the
# width and narrower, as the presets' hidden sizes are (1024 to 5120).
for width, shapes in {
        1024: [(rows_of(ELEMENTS, 1024), 1024), (1, 1024), (7, 256),
               (33, 1000)],
        2048: [(rows_of(ELEMENTS, 2048), 2048), (1, 2048), (5, 1500)],
        8192: [(rows_of(ELEMENTS, 5120), 5120), (1, 5120), (9, 8192),
               (3, 7000)]}.items():
    spec("qwen3_norms", f"rms_norm<tile::bf16, {width}>", shapes,
         name=f"qwen3_rms_norm_{width}")(rms_norm)
    spec("qwen3_norms", f"add_rms_norm<tile::bf16, {width}>", shapes,
         name=f"qwen3_add_rms_norm_{width}")(add_rms_norm)

# The attention inputs at each head count of the presets but 32/8 (above),
# and Qwen3-14B's 40 query heads on the kernel for 64.
for heads, kv_heads, tile_heads in [(4, 2, 4), (16, 8, 16), (64, 8, 64),
                                    (40, 8, 64)]:
    spec("qwen3_qk_norm_rope",
         f"qk_norm_rope<tile::bf16, {tile_heads}, {kv_heads}, 128>",
         [4097, 1, 3, 1000], name=f"qwen3_qk_norm_rope_{heads}_{kv_heads}")(
        lambda tokens, heads=heads, kv_heads=kv_heads:
        qk_norm_rope_case(tokens, heads, kv_heads))


# The engine's instantiations of library templates (engine/kernels/
# qwen3_decode.cpp) are the library's code in another cache entry: the same
# cases, on the shapes the library checks without timing them.
QWEN3_DECODE_KERNELS = {
    "embedding<tile::bf16, 1024>", "gemv<tile::bf16, 4, 512>",
    "gemv<tile::bf16, 2, 1024>", "gemv_f32<tile::bf16, 4, 512>",
    "decode_attention_split<tile::bf16, 64, 128>",
    "decode_attention_merge<tile::bf16, 32, 128>", "argmax_split<1024>",
    "argmax_merge<64>", "top_k_split<2048, 64>"}
for library_spec in [s for s in SPECS if s.kernel in QWEN3_DECODE_KERNELS]:
    spec("qwen3_decode", library_spec.kernel,
         library_spec.shapes[library_spec.benchmarks:], benchmarks=0,
         name="qwen3_decode_" + library_spec.name)(library_spec.build)


def prefill_reference(q, k_cache, v_cache, start, group, scale):
    """Causal attention in float64 of queries [tokens, heads, D] at positions
    start, start + 1, ... over token-major caches [start + tokens, kv_heads,
    D]."""
    tokens = q.shape[0]
    keys = k_cache.double().transpose(0, 1).repeat_interleave(group, 0)
    values = v_cache.double().transpose(0, 1).repeat_interleave(group, 0)
    scores = torch.einsum("thd,hsd->hts", q.double(), keys) * scale
    query = torch.arange(tokens, device="cuda")[:, None] + start
    key = torch.arange(start + tokens, device="cuda")[None, :]
    scores = scores.masked_fill(key > query, float("-inf"))
    return torch.einsum("hts,hsd->thd", torch.softmax(scores, -1), values)


# The benchmark: a 4096-token prompt of Qwen3-8B's heads, as
# flash_attention's; then chunks after cached positions.
@spec("prefill_attention", "prefill_attention<tile::bf16, 64, 64, 128>",
      [(32, 8, 0, 4096), (4, 2, 0, 1), (4, 2, 5, 70), (16, 8, 100, 333),
       (4, 4, 64, 64), (8, 2, 1000, 1)])
def prefill_attention(shape):
    heads, kv_heads, start, tokens = shape
    q = rand(tokens, heads, HEAD_DIM, dtype=torch.bfloat16)
    # Rows past the chunk hold garbage the kernel must not read.
    k_cache = rand(start + tokens + 7, kv_heads, HEAD_DIM, dtype=torch.bfloat16)
    v_cache = rand(start + tokens + 7, kv_heads, HEAD_DIM, dtype=torch.bfloat16)
    k_cache[start + tokens:] = float("nan")
    v_cache[start + tokens:] = float("nan")
    keys, values = k_cache[:start + tokens], v_cache[:start + tokens]
    out = empty(tokens, heads, HEAD_DIM, dtype=torch.bfloat16)
    group, scale = heads // kv_heads, 1.0 / math.sqrt(HEAD_DIM)
    from torch.nn.attention import SDPBackend, sdpa_kernel

    def sdpa():
        # Aligned at the top left, as PyTorch's causal mask is: the same
        # attention only without cached positions.
        with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
            return F.scaled_dot_product_attention(
                q.transpose(0, 1).unsqueeze(0),
                keys.transpose(0, 1).unsqueeze(0),
                values.transpose(0, 1).unsqueeze(0), is_causal=True,
                scale=scale, enable_gqa=True)
    return Case(f"{heads}/{kv_heads} heads x {HEAD_DIM}, {tokens} tokens "
                f"after {start}, causal",
                [out, q, keys, values, start, group, scale], [out],
                lambda: [prefill_reference(q, keys, values, start, group,
                                           scale)],
                peers={"SDPA flash (GQA)": sdpa} if start == 0 else {},
                bytes=nbytes(q, keys, values, out),
                flops=4.0 * heads * HEAD_DIM * tokens * (start + tokens / 2))


# Two benchmark shapes: Qwen3-8B's MLP for one token (decode) and for a
# 512-token prompt chunk of Qwen3-4B.
@spec("swiglu", "swiglu<tile::bf16, 1024>",
      [(1, 12288), (512, 9728), (7, 768), (3, 1000), (1, 1)], benchmarks=2)
def swiglu(shape):
    rows, width = shape
    gate_up = rand(rows, 2 * width, dtype=torch.bfloat16)
    gate, up = gate_up[:, :width], gate_up[:, width:]
    out = empty(rows, width, dtype=torch.bfloat16)

    def expected():
        silu = F.silu(gate.float()).to(torch.bfloat16).float()
        return [silu * up.float()]

    def eager(gate, up):
        return F.silu(gate) * up
    return Case(f"{rows} x {width}", [out, gate, up], [out], expected,
                peers={"F.silu * up": lambda: eager(gate, up),
                       "torch.compile": call(compiled(eager), gate, up)},
                bytes=nbytes(gate, up, out))


# --- Checking and timing ------------------------------------------------

def poison(t):
    """Every byte of t 0xFF: NaN in f32, f16 and bf16; -1 in integers."""
    t.view(torch.uint8).fill_(0xFF)


def relative_error(out, ref):
    out, ref = out.double(), ref.double()
    if torch.isnan(out).any():
        return math.inf, f"{int(torch.isnan(out).sum())} NaN outputs"
    if out.shape != ref.shape:
        return math.inf, f"shape {tuple(out.shape)}, expected {tuple(ref.shape)}"
    norm = torch.linalg.vector_norm(ref).item()
    diff = torch.linalg.vector_norm(out - ref).item()
    return (diff / norm if norm else diff), ""


def check(case, run):
    """Poisons the outputs, runs ours once and compares with the reference.
    Returns (passed, largest relative error, detail)."""
    expected = case.expected()
    for t in case.outputs:
        poison(t)
    run()
    torch.cuda.synchronize()
    observed = (case.observed or (lambda: case.outputs))()
    worst, details = 0.0, []
    passed = True
    for out, ref in zip(observed, expected):
        error, problem = relative_error(out, ref)
        tolerance = 0.0 if case.exact else \
            TOLERANCE.get(str(out.dtype).split(".")[1], 0.0)
        worst = max(worst, error)
        if problem or not error <= tolerance:
            passed = False
            details.append(problem or f"rel {error:.1e} > {tolerance:g}")
    for region in case.untouched:
        if not bool((region.view(torch.uint8) == 0xFF).all()):
            passed = False
            details.append("wrote outside its output rows")
    return passed, worst, "; ".join(details)


class Timer:
    """Median GPU time of a function: warm-up, then each run after a pass
    over FLUSH_BYTES (which keeps the GPU busy while the host queues the run,
    so launch overhead is hidden) timed between two CUDA events. The pass
    writes (`flush="write"`), leaving the L2 cache full of dirty lines that
    the timed run's misses write back, or reads (`"read"`), leaving it full
    of clean lines of other data."""

    def __init__(self, repeat, warmup=3, flush="read"):
        self.repeat, self.warmup = repeat, warmup
        self.flush_buffer = torch.zeros(FLUSH_BYTES // 4, dtype=torch.int32,
                                        device="cuda")
        self.flush = (self.flush_buffer.zero_ if flush == "write"
                      else self.flush_buffer.max)

    def median_us(self, fn):
        for _ in range(self.warmup):
            fn()
        events = [(torch.cuda.Event(enable_timing=True),
                   torch.cuda.Event(enable_timing=True))
                  for _ in range(self.repeat)]
        for start, stop in events:
            self.flush()
            start.record()
            fn()
            stop.record()
        torch.cuda.synchronize()
        return statistics.median(s.elapsed_time(e) for s, e in events) * 1e3


@dataclass
class Result:
    """One benchmark row."""
    kernel: str
    shape: str
    ours_us: float
    bytes: float
    flops: float
    peers: dict  # name -> microseconds, or an error message


def copy_bandwidth(timer):
    """Bytes read + written per second by a 1 GiB device-to-device copy."""
    src = torch.empty(1 << 30, dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)
    us = timer.median_us(lambda: dst.copy_(src))
    return 2 * src.numel() / (us * 1e-6)


def roofline_of(name):
    for key, figures in ROOFLINES.items():
        if key in name:
            return figures
    return None


def figure(seconds, bytes_, flops):
    if flops and flops / bytes_ > 64:  # Compute-bound: FLOP/s.
        return f"{flops / seconds / 1e12:.1f} TFLOP/s"
    return f"{bytes_ / seconds / 1e9:.0f} GB/s"


def roofline_share(seconds, bytes_, flops, bandwidth, peak):
    bound = max(bytes_ / bandwidth, flops / peak if peak else 0.0)
    return 100.0 * bound / seconds


def best_peer(peers):
    timed = {k: v for k, v in peers.items() if isinstance(v, float)}
    if not timed:
        return None, None
    name = min(timed, key=timed.get)
    return name, timed[name]


def table(results, bandwidth, peak, copy):
    lines = ["| kernel | shape | ours (us) | ours | peer | peer (us) | peer "
             "| peer / ours | ours % of roofline | peer % of roofline "
             "| ours % of copy |",
             "| --- | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: "
             "| ---: | ---: |"]
    for r in results:
        ours_s = r.ours_us * 1e-6
        name, peer_us = best_peer(r.peers)
        row = [r.kernel, r.shape, f"{r.ours_us:.1f}",
               figure(ours_s, r.bytes, r.flops)]
        if name:
            peer_s = peer_us * 1e-6
            row += [f"`{name}`", f"{peer_us:.1f}",
                    figure(peer_s, r.bytes, r.flops),
                    f"{peer_us / r.ours_us:.2f}x",
                    f"{roofline_share(ours_s, r.bytes, r.flops, bandwidth, peak):.1f}%",
                    f"{roofline_share(peer_s, r.bytes, r.flops, bandwidth, peak):.1f}%"]
        else:
            row += ["(no peer ran)", "-", "-", "-",
                    f"{roofline_share(ours_s, r.bytes, r.flops, bandwidth, peak):.1f}%",
                    "-"]
        row.append(f"{100.0 * r.bytes / ours_s / copy:.1f}%"
                   if not r.flops or r.flops / r.bytes <= 64 else "-")
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def write_csv(path, results, bandwidth, peak):
    with open(path, "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(["kernel", "shape", "implementation", "us", "bytes",
                      "flops", "percent_of_roofline", "error"])
        for r in results:
            rows = [("ours", r.ours_us)] + list(r.peers.items())
            for name, value in rows:
                if isinstance(value, float):
                    share = roofline_share(value * 1e-6, r.bytes, r.flops,
                                           bandwidth, peak)
                    out.writerow([r.kernel, r.shape, name, f"{value:.2f}",
                                  int(r.bytes), int(r.flops), f"{share:.2f}",
                                  ""])
                else:
                    out.writerow([r.kernel, r.shape, name, "", int(r.bytes),
                                  int(r.flops), "", value])


def svg_plot(results, bandwidth, peak, title):
    """Horizontal bars: ours and the fastest peer per kernel, in % of the
    roofline."""
    bar, gap, left, width = 11, 12, 300, 520
    top = 48
    height = top + len(results) * (2 * bar + gap) + 40
    shares = []
    for r in results:
        name, peer_us = best_peer(r.peers)
        ours = roofline_share(r.ours_us * 1e-6, r.bytes, r.flops, bandwidth,
                              peak)
        theirs = roofline_share(peer_us * 1e-6, r.bytes, r.flops, bandwidth,
                                peak) if name else None
        shares.append((r, name, ours, theirs))
    scale = max([100.0] + [s for _, _, o, t in shares for s in (o, t or 0)])
    scale = math.ceil(scale / 25) * 25

    def x(value):
        return left + width * value / scale

    def esc(text):
        return (text.replace("&", "&amp;").replace("<", "&lt;")
                .replace(">", "&gt;"))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 150}" '
             f'height="{height}" font-family="sans-serif" font-size="11">',
             '<rect width="100%" height="100%" fill="white"/>',
             f'<text x="10" y="18" font-size="14">{esc(title)}</text>',
             f'<rect x="{left}" y="26" width="10" height="10" fill="#1f77b4"/>'
             f'<text x="{left + 14}" y="35">ours</text>',
             f'<rect x="{left + 60}" y="26" width="10" height="10" '
             f'fill="#ff7f0e"/><text x="{left + 74}" y="35">fastest peer</text>']
    for tick in range(0, int(scale) + 1, 25):
        parts.append(f'<line x1="{x(tick):.1f}" y1="{top - 4}" x2="{x(tick):.1f}" '
                     f'y2="{height - 30}" stroke="#ddd"/>'
                     f'<text x="{x(tick):.1f}" y="{height - 16}" '
                     f'text-anchor="middle">{tick}%</text>')
    y = top
    for r, name, ours, theirs in shares:
        parts.append(f'<text x="{left - 6}" y="{y + bar + 3}" text-anchor="end">'
                     f'{esc(r.kernel)} {esc(r.shape)}</text>')
        parts.append(f'<rect x="{left}" y="{y}" width="{x(ours) - left:.1f}" '
                     f'height="{bar}" fill="#1f77b4"/>'
                     f'<text x="{x(ours) + 3:.1f}" y="{y + bar - 2}">{ours:.0f}%</text>')
        if theirs is not None:
            parts.append(f'<rect x="{left}" y="{y + bar}" '
                         f'width="{x(theirs) - left:.1f}" height="{bar}" '
                         f'fill="#ff7f0e"/><text x="{x(theirs) + 3:.1f}" '
                         f'y="{y + 2 * bar - 2}">{theirs:.0f}% {esc(name)}</text>')
        y += 2 * bar + gap
    parts.append(f'<text x="{left}" y="{height - 2}">% of the roofline: '
                 f'{bandwidth / 1e12:.2f} TB/s, {peak / 1e12:.0f} TFLOP/s bf16'
                 '</text></svg>')
    return "\n".join(parts) + "\n"


# --- Main ----------------------------------------------------------------

def parse_args(argv):
    parser = argparse.ArgumentParser(
        description="Check the example kernels against PyTorch on the GPU "
        "and time them against their peers.")
    parser.add_argument("--build", default=".gpu",
                        help="a build directory or its staged copy: "
                        "lib/libtile_capi.so, kernels/, kernel-cache/")
    parser.add_argument("--manifests", help="default: BUILD/kernels")
    parser.add_argument("--cache-dir", help="default: BUILD/kernel-cache")
    parser.add_argument("--library", help="default: BUILD/lib/libtile_capi.so")
    parser.add_argument("--only", help="comma-separated spec names")
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--flush", choices=["read", "write"], default="read",
                        help="how each timed run's L2 flush passes over 256 "
                             "MiB (default: read)")
    parser.add_argument("--seed", type=int,
                        help="default: taken from the clock and printed")
    parser.add_argument("--no-compile", action="store_true",
                        help="leave out the torch.compile peers")
    parser.add_argument("--check-only", action="store_true",
                        help="check every shape, time nothing")
    parser.add_argument("--bandwidth", type=float,
                        help="roofline bytes/s (default: the GPU's HBM peak, "
                        "else the measured copy bandwidth)")
    parser.add_argument("--peak-flops", type=float,
                        help="roofline FLOP/s (default: the GPU's dense bf16 "
                        "peak)")
    parser.add_argument("--markdown", help="write the tables here")
    parser.add_argument("--csv", help="write every timing here")
    parser.add_argument("--svg", help="write the plot here")
    parser.add_argument("--list", action="store_true",
                        help="list the specs (and, with --manifests, check "
                        "that their kernels are there); needs no GPU")
    return parser.parse_args(argv)


def selected_specs(only):
    if not only:
        return SPECS
    names = only.split(",")
    unknown = sorted(set(names) - {s.name for s in SPECS})
    if unknown:
        raise SystemExit(f"unknown spec(s) {', '.join(unknown)}; specs: "
                         + ", ".join(s.name for s in SPECS))
    return [s for s in SPECS if s.name in names]


def list_specs(specs, manifests):
    """Prints the specs. With a manifest directory, also checks that each
    spec's kernel is in its manifest and that every manifest has a spec;
    returns 1 if not."""
    problems = []
    for s in specs:
        print(f"{s.name}: {s.kernel}, shapes {s.shapes}")
        if not manifests:
            continue
        path = os.path.join(manifests, s.manifest + ".json")
        try:
            with open(path) as f:
                names = [k["name"] for k in json.load(f)["kernels"]]
        except (OSError, ValueError, KeyError) as e:
            problems.append(f"{s.name}: cannot read {path}: {e}")
            continue
        if s.kernel not in names:
            problems.append(f"{s.name}: {path} has no {s.kernel} (it has "
                            f"{', '.join(names)})")
    if manifests:
        covered = {s.manifest for s in SPECS}
        for entry in sorted(os.listdir(manifests)):
            stem, extension = os.path.splitext(entry)
            if extension == ".json" and stem not in covered:
                problems.append(f"no spec for the kernels of {entry}")
    for problem in problems:
        print(f"torch_harness: {problem}", file=sys.stderr)
    return 1 if problems else 0


def main(argv):
    args = parse_args(argv)
    specs = selected_specs(args.only)
    if args.list:
        return list_specs(specs, args.manifests)
    if torch is None or not torch.cuda.is_available():
        print("torch_harness: needs PyTorch and a CUDA GPU", file=sys.stderr)
        return 2
    build = args.build
    manifests = args.manifests or os.path.join(build, "kernels")
    cache_dir = args.cache_dir or os.path.join(build, "kernel-cache")
    library = args.library or os.path.join(build, "lib", "libtile_capi.so")
    try:
        capi = CApi(library)
    except OSError as e:
        print(f"torch_harness: cannot load {library}: {e}", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else time.time_ns() % (1 << 31)
    torch.manual_seed(seed)
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    COMPILE["enabled"] = not args.no_compile

    device = torch.cuda.get_device_name()
    timer = Timer(args.repeat, flush=args.flush)
    copy = copy_bandwidth(timer)
    known = roofline_of(device)
    bandwidth = args.bandwidth or (known[0] if known else copy)
    peak = args.peak_flops or (known[1] if known else 0.0)
    print(f"device {device}, torch {torch.__version__}, seed {seed}; "
          f"copy {copy / 1e9:.0f} GB/s; roofline {bandwidth / 1e12:.2f} TB/s, "
          f"{peak / 1e12:.0f} TFLOP/s", flush=True)

    checks, results, failed = [], [], 0
    for s in specs:
        kernels = None
        try:
            kernels = Kernels(capi, os.path.join(manifests, s.manifest + ".json"),
                              cache_dir)
        except (TileError, OSError, ValueError) as e:
            failed += 1
            checks.append((s.kernel, "-", False, math.inf, str(e)))
            print(f"FAIL {s.kernel}: {e}", flush=True)
            continue
        for index, shape in enumerate(s.shapes):
            case = None
            try:
                case = s.build(shape)
                run = kernels.launcher(s.kernel, case.args)
                passed, error, detail = check(case, run)
            except Exception as e:  # Recorded as a failed check; go on.
                passed, error, detail = False, math.inf, \
                    f"{type(e).__name__}: {e}"
            failed += not passed
            shape_name = case.shape if case else str(shape)
            checks.append((s.kernel, shape_name, passed, error, detail))
            print(f"{'PASS' if passed else 'FAIL'} {s.kernel} {shape_name}: "
                  f"rel {error:.1e} {detail}", flush=True)
            if passed and index < s.benchmarks and not args.check_only:
                ours = timer.median_us(run)
                peers = {}
                for name, fn in case.peers.items():
                    try:
                        peers[name] = timer.median_us(fn)
                    except Exception as e:  # A peer that cannot run is noted.
                        peers[name] = f"{type(e).__name__}: {str(e)[:120]}"
                results.append(Result(s.kernel, case.shape, ours, case.bytes,
                                      case.flops, peers))
                timing = ", ".join(f"{k} {v:.1f} us" if isinstance(v, float)
                                   else f"{k} failed ({v})"
                                   for k, v in peers.items())
                print(f"  ours {ours:.1f} us; {timing}", flush=True)
            del case
        kernels.close()
        torch.cuda.empty_cache()

    header = (f"{device}, torch {torch.__version__}, seed {seed}, median of "
              f"{args.repeat}; roofline {bandwidth / 1e12:.2f} TB/s and "
              f"{peak / 1e12:.0f} TFLOP/s, copy {copy / 1e9:.0f} GB/s")
    check_lines = ["| kernel | shape | check | rel. error |",
                   "| --- | --- | --- | ---: |"]
    for kernel, shape, passed, error, detail in checks:
        check_lines.append(f"| {kernel} | {shape} | "
                           f"{'PASS' if passed else 'FAIL: ' + detail} | "
                           f"{error:.1e} |")
    report = [header, "", table(results, bandwidth, peak, copy), "",
              "\n".join(check_lines)]
    print("\n" + "\n".join(report))
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write("\n".join(report) + "\n")
    if args.csv:
        write_csv(args.csv, results, bandwidth, peak)
    if args.svg and results:
        with open(args.svg, "w") as f:
            f.write(svg_plot(results, bandwidth, peak,
                             f"Our kernels and their peers on {device}"))
    print(f"torch_harness: {len(checks) - failed} of {len(checks)} checks "
          f"passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
