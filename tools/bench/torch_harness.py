#!/usr/bin/env python3
"""Checks every example kernel against PyTorch on the GPU and times it
against its peer, in one run.

Our kernels run from the kernel cache through the runtime's C interface
(libtile_capi.so, loaded with ctypes) on memory that PyTorch allocated and on
PyTorch's current stream. The cases, their kernels, shapes, seeds,
tolerances and byte and flop models come from the spec that
tools/bench/gpu_examples.cpp reads too (tools/bench/kernel_checks.json, read
by kernel_checks.py); a function here builds each case's inputs, launch
arguments, reference and peers at one shape. For each case and each of its
shapes, the harness draws fresh random inputs (from the run's seed plus the
case's), poisons the outputs (every byte 0xFF: NaN), launches the kernel and
compares what it wrote with a PyTorch reference computed in float32 or
float64: the relative error ||out - ref|| / ||ref|| must be at most the
spec's tolerance of the output's element type (zero where the spec calls the
case exact), and a NaN never passes. At each case's benchmark shapes it then
times our kernel and its peers (eager PyTorch, cuBLAS through
torch.matmul, SDPA's flash attention, torch.compile's Triton kernels) with
CUDA events: after warm-up, the median of many runs, each after a pass over
256 MiB that flushes the L2 cache: a read by default, which leaves the cache
full of clean lines of other data; --flush write writes instead, which leaves
dirty lines whose write-back the timed run then shares. It prints a table (ours, the fastest peer, the ratio,
the share of the roofline), and can write it as markdown, CSV and an SVG plot.

    torch_harness.py --build .gpu [--only NAME,...] [--markdown FILE]
                     [--csv FILE] [--svg FILE] [--repeat N] [--seed S]
                     [--flush read|write] [--spec FILE]
    torch_harness.py --list [--spec FILE] [--manifests DIR]  # no torch or GPU

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

import kernel_checks

try:
    import torch
    import torch.nn.functional as F
except ImportError:  # --list works without torch.
    torch = None
    F = None

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


TORCH_DTYPES = {"float32": "f32", "float64": "f64", "float16": "f16",
                "bfloat16": "bf16",
                "float8_e4m3fn": "f8e4m3", "float8_e5m2": "f8e5m2",
                "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
                "uint8": "u8", "uint16": "u16", "uint32": "u32",
                "uint64": "u64",
                "bool": "i1"}


def dtype_name(t):
    """The runtime's name of t's element type: "bf16" for torch.bfloat16."""
    return TORCH_DTYPES[str(t.dtype).split(".")[1]]


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
                            f"the case gives {len(args)}")
        array = (TileArg * len(args))()
        for slot, param, value in zip(array, params, args):
            if isinstance(value, torch.Tensor):
                slot.kind = TENSOR
                slot.dtype = dtype_name(value).encode()
                slot.address = value.data_ptr()
                slot.rank = value.dim()
                for d in range(value.dim()):
                    slot.shape[d] = value.shape[d]
                    slot.strides[d] = value.stride(d)
            else:
                slot.kind = SCALAR
                slot.dtype = param["dtype"].encode()
                if param["dtype"] == "u64":
                    # int_value carries a u64's 64 bits.
                    bits = int(value) & ((1 << 64) - 1)
                    slot.int_value = bits - (1 << 64) if bits >> 63 else bits
                elif param["dtype"].startswith(("i", "u")):
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


# --- Cases ---------------------------------------------------------------

@dataclass
class Case:
    """One kernel at one shape: our launch, the reference and the peers."""
    shape: str
    args: list
    outputs: list
    expected: Callable[[], list]
    observed: Optional[Callable[[], list]] = None
    peers: dict = field(default_factory=dict)
    untouched: list = field(default_factory=list)
    # Atomic outputs, which the kernel updates, as (tensor, starting value)
    # pairs: set to that value, not poisoned, before the checked run.
    starts: list = field(default_factory=list)

    def __post_init__(self):
        # A peer given as None (torch.compile left out) is dropped.
        self.peers = {k: v for k, v in self.peers.items() if v is not None}


# The function that builds each case of the spec at a shape, by the case's
# name: build(shape) -> Case, shape a kernel_checks.Shape.
BUILDERS = {}


def case(*names):
    """Registers a function as the builder of the spec's cases `names`."""
    def register(build):
        for name in names:
            assert name not in BUILDERS, name
            BUILDERS[name] = build
        return build
    return register


def rand(*shape, dtype=None, scale=1.0):
    """Fresh normal random values (float32 drawn, then rounded)."""
    values = torch.randn(*shape, device="cuda") * scale
    return values.to(dtype or torch.float32)


def empty(*shape, dtype=None):
    return torch.empty(*shape, device="cuda", dtype=dtype or torch.float32)


COMPILE = {"enabled": True}


def compiled(fn):
    """fn compiled by torch.compile (Inductor: Triton kernels on a GPU), or
    None with --no-compile."""
    return torch.compile(fn, dynamic=False) if COMPILE["enabled"] else None


def call(fn, *args):
    """A peer that calls fn(*args), or None if fn is None."""
    return None if fn is None else (lambda: fn(*args))


@case("vector_add")
def vector_add(shape):
    n = shape.n
    x, y, z = rand(n), rand(n), empty(n)
    return Case(f"{n}", [z, x, y], [z], lambda: [x.double() + y.double()],
                peers={"torch.add": lambda: torch.add(x, y, out=z)})


@case("saxpy")
def saxpy(shape):
    n = shape.n
    x, y, a = rand(n), rand(n), 1.7
    # y is updated in place: the reference reads it before our launch.
    return Case(f"{n}", [y, x, a], [], lambda: [a * x.double() + y.double()],
                observed=lambda: [y],
                peers={"y.add_(x, alpha=a)": lambda: y.add_(x, alpha=a)})


def silu_mul_reference(x, y):
    xf = x.double()
    return xf / (1 + torch.exp(-xf)) * y.double()


@case("silu_mul")
def silu_mul(shape):
    n = shape.n
    x, y, out = rand(n, dtype=torch.half), rand(n, dtype=torch.half), \
        empty(n, dtype=torch.half)
    fused = compiled(lambda x, y: F.silu(x) * y)
    return Case(f"{n}", [out, x, y], [out],
                lambda: [silu_mul_reference(x, y)],
                peers={"torch.mul(F.silu(x), y)":
                       lambda: torch.mul(F.silu(x), y, out=out),
                       "torch.compile": call(fused, x, y)})


def dropout_keep(n, seed, p, device):
    """examples/dropout.h's mask: the same 64-bit xorshift, its 23 low bits
    as the mantissa of a float in [1, 2), less 1, at least p."""
    h = torch.arange(n, device=device, dtype=torch.int64) ^ seed
    h = h ^ (h << 13)
    h = h ^ (h >> 7)
    h = h ^ (h << 17)
    bits = ((h & 0x7fffff) | 0x3f800000).to(torch.int32)
    return bits.view(torch.float32) - 1.0 >= p


@case("dropout")
def dropout(shape):
    n = shape.n
    x, out = rand(n), empty(n)
    seed = torch.randint(-2**62, 2**62, ()).item()
    p, scale = 0.25, 4.0 / 3.0
    keep = dropout_keep(n, seed, p, x.device)
    fused = compiled(lambda x: torch.where(dropout_keep(n, seed, p, x.device),
                                           x * scale, 0.0))
    return Case(f"{n}", [out, x, seed, p, scale], [out],
                lambda: [torch.where(keep, x.double() * scale, 0.0)],
                peers={"F.dropout(x, 0.25)":
                       lambda: F.dropout(x, 0.25, training=True),
                       "torch.compile": call(fused, x)})


def math_functions_rows(v):
    """examples/math_functions.h's rows, in v's dtype."""
    m = v.abs()

    def round_away(t):  # C's round: halfway cases away from zero
        return torch.sign(t) * torch.floor(t.abs() + 0.5)
    return torch.stack([
        torch.floor(v * 4), torch.ceil(v * 4),
        round_away(torch.floor(v * 8) * 0.5), torch.trunc(v * 4),
        torch.log2(m + 1), torch.tan(torch.tanh(v)), torch.sinh(v),
        torch.cosh(v), torch.erf(v), m ** 1.5, torch.atan2(v, 0.5 - v),
        torch.fmod(v * 4, 1.5), torch.exp2(v), torch.sqrt(m),
        torch.log(m + 1), torch.rsqrt(m + 1)])


@case("math_functions")
def math_functions(shape):
    n = shape.n
    x, out = rand(n), empty(16, n)
    fused = compiled(math_functions_rows)
    return Case(f"{n}", [out, x], [out],
                lambda: [math_functions_rows(x.double())],
                peers={"torch.compile": call(fused, x)})


@case("cast_bf16")
def cast_bf16(shape):
    n = shape.n
    x, out = rand(n), empty(n, dtype=torch.bfloat16)
    return Case(f"{n}", [out, x], [out], lambda: [x.to(torch.bfloat16)],
                peers={"out.copy_(x)": lambda: out.copy_(x)})


SUM_PIECE = 2048


@case("sum_slices")
def sum_slices(shape):
    count, n = shape.slices, shape.n
    # Slice k starts at k * (n rounded up to whole pieces).
    stride = -(-n // SUM_PIECE) * SUM_PIECE
    x, out = rand(count * stride), empty(n)
    slices = x.view(count, stride)[:, :n]
    return Case(f"{count} x {n}", [out, x, count], [out],
                lambda: [slices.double().sum(0)],
                peers={"torch.sum(dim=0)":
                       lambda: torch.sum(slices, 0, out=out)})


@case("column_sums")
def column_sums(shape):
    # The kernel reads the row count from x itself: no scalar argument.
    rows, cols = shape.rows, shape.columns
    x, out = rand(rows, cols), empty(cols)
    return Case(f"{rows} x {cols}", [out, x], [out],
                lambda: [x.double().sum(0)],
                peers={"torch.sum(dim=0)": lambda: torch.sum(x, 0, out=out)})


@case("row_sums_f64")
def row_sums_f64(shape):
    rows, cols = shape.rows, shape.columns
    x, out, scale = rand(rows, cols), empty(rows, dtype=torch.float64), 0.5
    return Case(f"{rows} x {cols}", [out, x, scale], [out],
                lambda: [x.double().sum(1) * scale],
                peers={"x.double().sum(1)": lambda: x.double().sum(1) * scale,
                       "torch.sum(dim=1) (float)": lambda: torch.sum(x, 1)})


def xorshift32_reference(x, seed):
    """hash_u32's xorshift32 of x ^ seed, computed in int64 (torch has few
    uint32 operations) on the values' low 32 bits."""
    mask = 0xFFFFFFFF
    h = (x.view(torch.int32).long() & mask) ^ seed
    h = h ^ ((h << 13) & mask)
    h = h ^ (h >> 17)
    h = h ^ ((h << 5) & mask)
    return h


@case("hash_u32")
def hash_u32(shape):
    n, seed = shape.n, 0x9E3779B9
    # Uniform over the uint32 range: drawn as int64, wrapped to 32 bits.
    x = torch.randint(0, 1 << 32, (n,), device="cuda", dtype=torch.int64) \
        .to(torch.int32).view(torch.uint32)
    out = empty(n, dtype=torch.int32).view(torch.uint32)
    return Case(f"{n}", [out, x, seed], [out],
                lambda: [xorshift32_reference(x, seed)],
                observed=lambda: [out.view(torch.int32).long() & 0xFFFFFFFF],
                peers={"xorshift32 (int64 ops)":
                       lambda: xorshift32_reference(x, seed)})


@case("softmax_rows")
def softmax_rows(shape):
    rows, n = shape.rows, shape.columns
    x, out = rand(rows, n, scale=4), empty(rows, n)
    fused = compiled(lambda x: torch.softmax(x, -1))
    return Case(f"{rows} x {n}", [out, x, n], [out],
                lambda: [torch.softmax(x.double(), -1)],
                peers={"torch.softmax": lambda: torch.softmax(x, -1),
                       "torch.compile": call(fused, x)})


def rms_norm_reference(x, w):
    xf = x.float()
    return xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + EPS) * w.float()


@case("rms_norm", "qwen3_rms_norm_1024", "qwen3_rms_norm_2048",
      "qwen3_rms_norm_8192")
def rms_norm(shape):
    rows, n = shape.rows, shape.columns
    x, w = rand(rows, n, dtype=torch.bfloat16), rand(n, dtype=torch.bfloat16)
    out = empty(rows, n, dtype=torch.bfloat16)
    fused = compiled(lambda x, w: F.rms_norm(x, (n,), w, EPS))
    return Case(f"{rows} x {n}", [out, x, w, n, EPS], [out],
                lambda: [rms_norm_reference(x, w)],
                peers={"F.rms_norm": lambda: F.rms_norm(x, (n,), w, EPS),
                       "torch.compile": call(fused, x, w)})


@case("add_rms_norm", "qwen3_add_rms_norm_1024", "qwen3_add_rms_norm_2048",
      "qwen3_add_rms_norm_8192")
def add_rms_norm(shape):
    rows, n = shape.rows, shape.columns
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
                       "torch.compile": call(fused, x, residual, w)})


@case("layer_norm")
def layer_norm(shape):
    rows, n = shape.rows, shape.columns
    x = rand(rows, n, dtype=torch.bfloat16)
    w, b = rand(n, dtype=torch.bfloat16), rand(n, dtype=torch.bfloat16)
    out = empty(rows, n, dtype=torch.bfloat16)
    return Case(f"{rows} x {n}", [out, x, w, b, n, EPS], [out],
                lambda: [F.layer_norm(x.float(), (n,), w.float(), b.float(),
                                      EPS)],
                peers={"F.layer_norm":
                       lambda: F.layer_norm(x, (n,), w, b, EPS)})


@case("argmax_rows")
def argmax_rows(shape):
    rows, n = shape.rows, shape.columns
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
                peers={"torch.argmax": lambda: torch.argmax(x, 1)})


# A row over the split's 64 programs, then their 64 candidates.
ARGMAX_SPLITS = 64


@case("argmax_split", "qwen3_decode_argmax_split")
def argmax_split(shape):
    rows, n = shape.rows, shape.columns
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
                peers={"torch.argmax": lambda: torch.argmax(x, 1)})


@case("argmax_merge", "qwen3_decode_argmax_merge")
def argmax_merge(shape):
    rows, splits = shape.rows, shape.splits
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
    return Case(f"{rows} x {splits}", [out, best, where], [out], expected)


# The sampler's candidates: the 64 largest logits of each 2048-column
# stretch of a row, largest first, the lower column first among equal ones.
TOP_K, TOP_K_STRETCH = 64, 2048


@case("top_k_split", "qwen3_decode_top_k_split")
def top_k_split(shape):
    rows, n = shape.rows, shape.columns
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
                peers={"torch.topk (64)": lambda: torch.topk(x, TOP_K, dim=1)})


@case("transpose")
def transpose(shape):
    rows, columns = shape.rows, shape.columns
    x, out = rand(rows, columns), empty(columns, rows)
    return Case(f"{rows} x {columns}", [out, x], [out], lambda: [x.t()],
                peers={"out.copy_(x.t())": lambda: out.copy_(x.t())})


@case("cumsum_rows")
def cumsum_rows(shape):
    rows, columns = shape.rows, shape.columns
    x, out = rand(rows, columns), empty(rows, columns)
    fused = compiled(lambda x: torch.cumsum(x, dim=1))
    return Case(f"{rows} x {columns}", [out, x], [out],
                lambda: [torch.cumsum(x.double(), dim=1)],
                peers={"torch.cumsum(x, dim=1)":
                       lambda: torch.cumsum(x, dim=1, out=out),
                       "torch.compile": call(fused, x)})


def compact_rows_reference(x, threshold):
    keep = x > threshold
    # A stable sort of the dropped flags brings the kept elements to the
    # front in their order.
    order = torch.argsort((~keep).to(torch.int8), dim=1, stable=True)
    packed = torch.gather(x, 1, order)
    slots = torch.arange(x.shape[1], device=x.device)
    return torch.where(slots < keep.sum(dim=1, keepdim=True), packed, 0.0)


@case("compact_rows")
def compact_rows(shape):
    rows, columns = shape.rows, shape.columns
    x, out, threshold = rand(rows, columns), empty(rows, columns), 0.5
    fused = compiled(compact_rows_reference)
    return Case(f"{rows} x {columns}", [out, x, threshold], [out],
                lambda: [compact_rows_reference(x, threshold)],
                peers={"argsort, gather": lambda: compact_rows_reference(
                    x, threshold),
                       "torch.compile": call(fused, x, threshold)})


@case("sort_rows")
def sort_rows(shape):
    rows, columns = shape.rows, shape.columns
    x = rand(rows, columns)
    x[:, ::7] = 0.5  # ties, which the sort keeps in order
    values, order = empty(rows, columns), empty(rows, columns,
                                               dtype=torch.int32)
    fused = compiled(lambda x: torch.sort(x, dim=1, stable=True))

    def reference():
        v, i = torch.sort(x, dim=1, stable=True)
        return [v, i.int()]
    return Case(f"{rows} x {columns}", [values, order, x], [values, order],
                reference,
                peers={"torch.sort(x, dim=1, stable=True)":
                       lambda: torch.sort(x, dim=1, stable=True),
                       "torch.compile": call(fused, x)})


@case("histogram", "histogram_bins")
def histogram(shape):
    n, bins = shape.n, shape.bins
    x = torch.randint(0, bins, (n,), device="cuda", dtype=torch.int32)
    counts = empty(bins, dtype=torch.int32)
    return Case(f"{n} values, {bins} bins", [x, counts], [counts],
                lambda: [torch.bincount(x, minlength=bins).int()],
                peers={"torch.bincount(x)":
                       lambda: torch.bincount(x, minlength=bins)},
                starts=[(counts, 0)])


@case("gemv_split_k")
def gemv_split_k(shape):
    n, k = shape.n, shape.k
    w = rand(n, k, dtype=torch.bfloat16)
    x = rand(k, dtype=torch.bfloat16)
    y = empty(n)
    return Case(f"{n} x {k}", [w, x, y], [y],
                lambda: [torch.mv(w.double(), x.double())],
                peers={"torch.mv(w, x)": lambda: torch.mv(w, x),
                       "torch.compile": call(compiled(torch.mv), w, x)},
                starts=[(y, 0)])


@case("cross_entropy")
def cross_entropy(shape):
    rows, classes = shape.rows, shape.classes
    logits = rand(rows, classes, dtype=torch.bfloat16, scale=3.0)
    targets = torch.randint(0, classes, (rows,), device="cuda",
                            dtype=torch.int32)
    targets[3::8] = -100
    loss = empty(rows, 1)

    def eager(logits, targets):
        return F.cross_entropy(logits.float(), targets.long(),
                               reduction="none", ignore_index=-100)

    return Case(f"{rows} x {classes}", [loss, logits, targets], [loss],
                lambda: [F.cross_entropy(logits.double(), targets.long(),
                                         reduction="none",
                                         ignore_index=-100).unsqueeze(1)],
                peers={"F.cross_entropy": lambda: eager(logits, targets),
                       "torch.compile": call(compiled(eager), logits,
                                             targets)})


@case("top_p")
def top_p(shape):
    rows, classes = shape.rows, shape.classes
    p = torch.tensor(0.9, dtype=torch.float32).item()  # the kernel's f32 p
    draws = rand(rows, classes)
    probs = draws.abs() ** 3
    probs /= probs.sum(1, keepdim=True)
    out = empty(rows, classes)

    def nucleus(probs):
        """Sorted from the most probable: the fewest whose mass reaches p,
        and every class tied with the last of them."""
        ordered, _ = torch.sort(probs, dim=1, descending=True)
        before = torch.cumsum(ordered, dim=1) - ordered
        count = (before < p).sum(1, keepdim=True)
        threshold = ordered.gather(1, count - 1)
        return torch.where(probs >= threshold, probs, torch.zeros_like(probs))

    return Case(f"{rows} x {classes}", [out, probs, p], [out],
                lambda: [nucleus(probs.double())],
                peers={"torch.sort + cumsum + scatter": lambda: nucleus(probs),
                       "torch.compile": call(compiled(nucleus), probs)})


@case("gemv_int8")
def gemv_int8(shape):
    n, k = shape.n, shape.k
    w = torch.randint(-128, 128, (n, k), device="cuda", dtype=torch.int8)
    scales, x, y = rand(n, scale=0.01), rand(k, dtype=torch.bfloat16), empty(n, 1)
    dequantized = (w.float() * scales[:, None]).bfloat16()

    def eager(w, scales, x):
        return torch.mv(w.to(torch.bfloat16), x).float() * scales

    return Case(f"{n} x {k}", [y, w, scales, x], [y],
                lambda: [(torch.mv(w.double(), x.double())
                          * scales.double()).unsqueeze(1)],
                peers={"torch.mv, bf16 weights (cuBLAS)":
                       lambda: torch.mv(dequantized, x),
                       "torch.compile": call(compiled(eager), w, scales, x)})


FP8_BLOCK = 128


@case("gemv_fp8")
def gemv_fp8(shape):
    n, k = shape.n, shape.k
    groups, row_blocks = k // FP8_BLOCK, -(-n // FP8_BLOCK)
    # torch turns values past e4m3's range into NaN: clamp first.
    w = rand(n, k, scale=40.0).clamp(-448, 448).to(torch.float8_e4m3fn)
    scales = rand(row_blocks, groups, scale=0.01)
    x, y = rand(k, dtype=torch.bfloat16), empty(n, 1)

    def expand(scales):
        """The scale of every weight, [n, k]."""
        return scales.repeat_interleave(FP8_BLOCK, 0)[:n].repeat_interleave(
            FP8_BLOCK, 1)

    dequantized = (w.float() * expand(scales)).bfloat16()

    def eager(w, scales, x):
        return torch.mv((w.float() * expand(scales)).bfloat16(), x).float()

    return Case(f"{n} x {k}",
                [y, w.view(n, groups, FP8_BLOCK), scales,
                 x.view(1, groups, FP8_BLOCK)], [y],
                lambda: [torch.mv(w.double() * expand(scales.double()),
                                  x.double()).unsqueeze(1)],
                peers={"torch.mv, bf16 weights (cuBLAS)":
                       lambda: torch.mv(dequantized, x),
                       "torch.compile": call(compiled(eager), w, scales, x)})


MOE_TOKENS, MOE_EXPERTS = 256, 64


def moe_block_counts(ids):
    """Each block of MOE_TOKENS tokens' count per expert, [blocks, experts]."""
    blocks = -(-ids.numel() // MOE_TOKENS)
    one_hot = torch.zeros(blocks * MOE_TOKENS, MOE_EXPERTS, device="cuda",
                          dtype=torch.int32)
    one_hot[:ids.numel()] = F.one_hot(ids.long(), MOE_EXPERTS).int()
    return one_hot.view(blocks, MOE_TOKENS, MOE_EXPERTS).sum(1).int()


@case("moe_route_count")
def moe_route_count(shape):
    tokens = shape.tokens
    ids = torch.randint(0, MOE_EXPERTS, (tokens,), device="cuda",
                        dtype=torch.int32)
    blocks = -(-tokens // MOE_TOKENS)
    block_counts = empty(blocks, MOE_EXPERTS, dtype=torch.int32)
    counts = empty(MOE_EXPERTS, dtype=torch.int32)
    return Case(f"{tokens} tokens, {MOE_EXPERTS} experts",
                [block_counts, ids, counts], [block_counts, counts],
                lambda: [moe_block_counts(ids),
                         torch.bincount(ids, minlength=MOE_EXPERTS).int()],
                peers={"torch.bincount(ids)":
                       lambda: torch.bincount(ids, minlength=MOE_EXPERTS)},
                starts=[(counts, 0)])


@case("moe_route_scatter")
def moe_route_scatter(shape):
    tokens = shape.tokens
    ids = torch.randint(0, MOE_EXPERTS, (tokens,), device="cuda",
                        dtype=torch.int32)
    block_counts = moe_block_counts(ids)
    order = empty(tokens, dtype=torch.int32)
    return Case(f"{tokens} tokens, {MOE_EXPERTS} experts",
                [ids, block_counts, order], [order],
                lambda: [torch.argsort(ids, stable=True).int()],
                peers={"torch.sort(ids, stable=True)":
                       lambda: torch.sort(ids, stable=True)},
                starts=[(order, -1)])


@case("nearest_centroid")
def nearest_centroid(shape):
    n, k = shape.n, shape.k
    xs, ys = (torch.randint(-1000, 1000, (n,), device="cuda",
                            dtype=torch.int32) for _ in range(2))
    cxs, cys = (torch.randint(-1000, 1000, (k,), device="cuda",
                              dtype=torch.int32) for _ in range(2))
    nearest = empty(n, 1, dtype=torch.int32)
    points = torch.stack([xs, ys], 1).float()
    centroids = torch.stack([cxs, cys], 1).float()

    def expected():
        dx = xs.long()[:, None] - cxs.long()[None, :]
        dy = ys.long()[:, None] - cys.long()[None, :]
        return [(dx * dx + dy * dy).argmin(1, keepdim=True).int()]
    return Case(f"{n} points, {k} centroids", [nearest, xs, ys, cxs, cys],
                [nearest], expected,
                peers={"torch.cdist(points, centroids).argmin(1)":
                       lambda: torch.cdist(points, centroids).argmin(1)})


@case("row_bits")
def row_bits(shape):
    rows, columns = shape.rows, shape.columns
    bit = torch.randint(0, 31 * 40, (rows, columns), device="cuda")
    flags = torch.where(bit < 31, torch.ones_like(bit) << (bit % 31),
                        torch.zeros_like(bit)).int()
    bits = empty(rows, 1, dtype=torch.int32)

    def ors(flags):
        # An or of one-bit words: the bits any word has.
        powers = torch.tensor([1 << b for b in range(31)], device="cuda")
        present = ((flags.long()[:, :, None] & powers) != 0).any(1)
        return (present.long() * powers).sum(1, keepdim=True).int()
    return Case(f"{rows} x {columns}", [bits, flags], [bits],
                lambda: [ors(flags)],
                peers={"torch.compile": call(compiled(ors), flags)})


@case("prefix_gcd")
def prefix_gcd(shape):
    rows, columns = shape.rows, shape.columns
    primes = torch.tensor([2, 3, 5, 7, 11, 13], device="cuda")
    x = 720720 * primes[torch.randint(0, 6, (rows, columns), device="cuda")] \
        * primes[torch.randint(0, 6, (rows, columns), device="cuda")]
    gcds = empty(rows, columns, dtype=torch.int64)

    def running_gcd(x):
        out = x.clone()
        for c in range(1, columns):
            out[:, c] = torch.gcd(out[:, c - 1], x[:, c])
        return out
    return Case(f"{rows} x {columns}", [gcds, x], [gcds],
                lambda: [running_gcd(x)],
                peers={"a torch.gcd loop over the columns":
                       lambda: running_gcd(x)})


@case("first_token")
def first_token(shape):
    rows, columns = shape.rows, shape.columns
    token = 7
    ids = torch.randint(token + 1, 50000, (rows, columns), device="cuda",
                        dtype=torch.int32)
    # From a random column on (past the end: not at all), every few columns.
    starts = torch.randint(0, columns + columns // 2, (rows, 1), device="cuda")
    columns_at = torch.arange(columns, device="cuda")[None, :]
    at = (columns_at >= starts) & ((columns_at - starts) % 13 == 0)
    ids[at] = token
    lengths = empty(rows, dtype=torch.int64)

    def first(ids):
        found = ids == token
        return torch.where(found.any(1), found.int().argmax(1),
                           torch.full((rows,), columns, device="cuda"))
    return Case(f"{rows} x {columns}", [lengths, ids, token], [lengths],
                lambda: [first(ids)],
                peers={"(ids == token).int().argmax(1)": lambda: first(ids),
                       "torch.compile": call(compiled(first), ids)})


def collatz_reference(x):
    value, steps = x.long(), torch.zeros_like(x)
    while bool((value > 1).any()):
        moving = value > 1
        value = torch.where(moving, torch.where(value % 2 == 1, 3 * value + 1,
                                                value // 2), value)
        steps += moving.int()
    return steps


@case("collatz_steps")
def collatz_steps(shape):
    n = shape.n
    x = torch.randint(1, 1 << 20, (n,), device="cuda", dtype=torch.int32)
    steps = empty(n, dtype=torch.int32)
    return Case(f"{n}", [steps, x], [steps], lambda: [collatz_reference(x)],
                peers={"a torch loop until all reach 1":
                       lambda: collatz_reference(x)})


@case("stencil3x3")
def stencil3x3(shape):
    rows, columns = shape.rows, shape.columns
    x, weights, out = rand(rows, columns), rand(9), empty(rows, columns)
    kernel = weights.view(1, 1, 3, 3)
    conv = compiled(lambda x: F.conv2d(x[None, None], kernel, padding=1)[0, 0])
    return Case(f"{rows} x {columns}", [out, x, weights], [out],
                lambda: [F.conv2d(x.double()[None, None], kernel.double(),
                                  padding=1)[0, 0]],
                peers={"F.conv2d(x, w, padding=1)":
                       lambda: F.conv2d(x[None, None], kernel, padding=1),
                       "torch.compile": call(conv, x)})


@case("row_stencil")
def row_stencil(shape):
    rows, columns = shape.rows, shape.columns
    x, weights, out = rand(rows, columns), rand(3), empty(rows, columns)
    kernel = weights.view(1, 1, 3)
    conv = compiled(lambda x: F.conv1d(x[:, None], kernel, padding=1)[:, 0])
    return Case(f"{rows} x {columns}", [out, x, weights], [out],
                lambda: [F.conv1d(x.double()[:, None], kernel.double(),
                                  padding=1)[:, 0]],
                peers={"F.conv1d(x, w, padding=1)":
                       lambda: F.conv1d(x[:, None], kernel, padding=1),
                       "torch.compile": call(conv, x)})


def matmul_reference(a, b):
    return torch.matmul(a.float(), b.float())


# The matrix kernels take both half types: a case of each, the f16 one's
# name ending in "_f16". torch's dtypes by name, as the cases are listed
# without torch.
HALVES = {"": "bfloat16", "_f16": "float16"}


def half_cases(*names):
    """Registers `build(shape, dtype)` as the builder of the cases `names`
    (bf16) and of each name + "_f16" (f16)."""
    def register(build):
        for suffix, dtype in HALVES.items():
            case(*(name + suffix for name in names))(
                lambda shape, dtype=dtype: build(shape, getattr(torch, dtype)))
        return build
    return register


@half_cases("gemv")
def gemv(shape, dtype):
    n, k = shape.n, shape.k
    w, x = rand(n, k, dtype=dtype), rand(1, k, dtype=dtype)
    out = empty(n, 1, dtype=dtype)
    return Case(f"{n} x {k}", [out, w, x], [out],
                lambda: [matmul_reference(w, x.t())],
                peers={"torch.matmul (cuBLAS)":
                       lambda: torch.matmul(x, w.t())})


# gemv's narrow instantiation: two rows per program keep more programs in
# flight on narrow outputs over long rows.
@case("gemv_narrow", "qwen3_decode_gemv", "qwen3_decode_gemv_narrow",
      "gemv_bf16_quantized_shapes")
def gemv_bf16(shape):
    return gemv(shape, torch.bfloat16)


# The logits of one decode step, in f32.
@case("gemv_f32", "qwen3_decode_gemv_f32")
def gemv_f32(shape):
    n, k = shape.n, shape.k
    w = rand(n, k, dtype=torch.bfloat16)
    x = rand(1, k, dtype=torch.bfloat16)
    out = empty(n, 1)
    return Case(f"{n} x {k}, f32 out", [out, w, x], [out],
                lambda: [matmul_reference(w, x.t())],
                peers={"F.linear (cuBLAS), f32 out":
                       lambda: F.linear(x, w).float(),
                       "torch.matmul, f32 inputs":
                       lambda: torch.matmul(x.float(), w.float().t())})


# A few rows of activations: linear's small-batch blocks.
@half_cases("gemv_rows")
def gemv_rows(shape, dtype):
    rows, n, k = shape.rows, shape.n, shape.k
    w, x = rand(n, k, dtype=dtype), rand(rows, k, dtype=dtype)
    out = empty(rows, n, dtype=dtype)
    return Case(f"{rows} x {n} x {k}", [out, x, w, k], [out],
                lambda: [matmul_reference(x, w.t())],
                peers={"torch.matmul (cuBLAS)":
                       lambda: torch.matmul(x, w.t())})


@half_cases("linear")
def linear(shape, dtype):
    m, n, k = shape.m, shape.n, shape.k
    x, w = rand(m, k, dtype=dtype), rand(n, k, dtype=dtype)
    out = empty(m, n, dtype=dtype)
    return Case(f"{m} x {n} x {k}", [out, x, w, k], [out],
                lambda: [matmul_reference(x, w.t())],
                peers={"torch.matmul (cuBLAS)":
                       lambda: torch.matmul(x, w.t())})


# The same product by programs that walk the output's blocks.
@case("persistent_linear")
def persistent_linear(shape):
    return linear(shape, torch.bfloat16)


def scaled_linear(shape, dtype):
    """x w^T of 8-bit operands times a float scale per row of x and of w,
    in bf16."""
    m, n, k = shape.m, shape.n, shape.k

    def operand(*size):
        if dtype == torch.int8:
            return torch.randint(-128, 128, size, device="cuda", dtype=dtype)
        # torch turns values past e4m3's range into NaN: clamp first.
        return rand(*size, scale=40.0).clamp(-448, 448).to(dtype)

    x, w = operand(m, k), operand(n, k)
    x_scale, w_scale = rand(m, scale=0.01), rand(n, scale=0.01)
    out = empty(m, n, dtype=torch.bfloat16)
    if dtype == torch.int8:
        def peer(x, w, x_scale, w_scale):
            sums = torch._int_mm(x, w.t()).float()
            return (sums * x_scale[:, None] * w_scale[None, :]).bfloat16()
        peers = {"torch._int_mm + scales": lambda: peer(x, w, x_scale, w_scale),
                 "torch.compile": call(compiled(peer), x, w, x_scale, w_scale)}
    else:
        peers = {"torch._scaled_mm, row-wise scales": lambda: torch._scaled_mm(
            x, w.t(), scale_a=x_scale[:, None], scale_b=w_scale[None, :],
            out_dtype=torch.bfloat16)}
    # The bf16 product of the same shape: what reading half the bytes and
    # the 8-bit tensor cores are measured against.
    xb, wb = rand(m, k, dtype=torch.bfloat16), rand(n, k, dtype=torch.bfloat16)
    peers["torch.matmul, bf16 operands (cuBLAS)"] = lambda: torch.matmul(
        xb, wb.t())
    return Case(f"{m} x {n} x {k}", [out, x, w, x_scale, w_scale, k], [out],
                lambda: [x.double() @ w.double().t()
                         * x_scale.double()[:, None]
                         * w_scale.double()[None, :]],
                peers=peers)


@case("scaled_linear_int8")
def scaled_linear_int8(shape):
    return scaled_linear(shape, torch.int8)


@case("scaled_linear_fp8")
def scaled_linear_fp8(shape):
    return scaled_linear(shape, torch.float8_e4m3fn)


# The epilogue (scale, bias, SiLU, cast) on the accumulators, against
# PyTorch's unfused scale, addmm and silu.
@half_cases("linear_epilogue")
def linear_bias_silu(shape, dtype):
    m, n, k = shape.m, shape.n, shape.k
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
                    torch.addmm(bias, x, w.t(), alpha=scale))})


@half_cases("batched_matmul")
def batched_matmul(shape, dtype):
    batch, m, n, k = shape.batch, shape.m, shape.n, shape.k
    a, x = rand(batch, m, k, dtype=dtype), rand(batch, k, n, dtype=dtype)
    out = empty(batch, m, n, dtype=dtype)
    return Case(f"{batch} x {m} x {n} x {k}", [out, a, x, k], [out],
                lambda: [matmul_reference(a, x)],
                peers={"torch.matmul (cuBLAS)":
                       lambda: torch.matmul(a, x, out=out)})


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


# The head size of every attention kernel here, and rope's heads.
HEAD_DIM, ROPE_HEADS = 128, 32


def rope_eager(x, positions, out):
    cos, sin = rope_tables(positions, HEAD_DIM)
    out.copy_(rotate(x, cos, sin))


@case("rope")
def rope(shape):
    tokens = shape.tokens
    x = rand(tokens, ROPE_HEADS, HEAD_DIM, dtype=torch.bfloat16)
    positions = torch.randint(0, 40960, (tokens,), device="cuda",
                              dtype=torch.int32)
    out = empty(tokens, ROPE_HEADS, HEAD_DIM, dtype=torch.bfloat16)
    halves = (tokens * ROPE_HEADS, 2, HEAD_DIM // 2)
    fused = compiled(rope_eager)
    return Case(f"{tokens} tokens x {ROPE_HEADS} x {HEAD_DIM}",
                [out.view(halves), x.view(halves), positions, THETA], [out],
                lambda: [rotate(x, *rope_tables(positions, HEAD_DIM))],
                peers={"torch (eager)": lambda: rope_eager(x, positions, out),
                       "torch.compile": call(fused, x, positions, out)})


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


# The engine's instantiations at each head count of the presets, and
# Qwen3-14B's 40 query heads on the kernel for 64; the shape's fixed
# dimensions give the heads.
@case("qk_norm_rope", "qwen3_qk_norm_rope_4_2", "qwen3_qk_norm_rope_16_8",
      "qwen3_qk_norm_rope_64_8", "qwen3_qk_norm_rope_40_8")
def qk_norm_rope(shape):
    tokens, heads, kv_heads = shape.tokens, shape.heads, shape.kv_heads
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
                       "torch.compile": call(fused, *peer_args)})


@case("flash_attention")
def flash_attention(shape):
    heads, kv_heads, seq = shape.heads, shape.kv_heads, shape.seq
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
                                    v_all)})


@half_cases("embedding")
def embedding(shape, dtype):
    tokens, vocab, hidden = shape.tokens, shape.vocab, shape.hidden
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
                       lambda: torch.index_select(table, 0, inside, out=out)})


@case("qwen3_decode_embedding")
def embedding_bf16(shape):
    return embedding(shape, torch.bfloat16)


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


@case("decode_attention_split", "qwen3_decode_decode_attention_split")
def decode_attention_split(shape):
    heads, kv_heads, seq_len = shape.heads, shape.kv_heads, shape.seq_len
    max_seq, splits = shape.max_seq, shape.splits
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
                peers={"SDPA (GQA)": sdpa})


@case("decode_attention_merge", "qwen3_decode_decode_attention_merge")
def decode_attention_merge(shape):
    heads, splits = shape.heads, shape.splits
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
                       "torch.compile": call(compiled(merge_eager))})


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


@case("prefill_attention")
def prefill_attention(shape):
    heads, kv_heads = shape.heads, shape.kv_heads
    start, tokens = shape.start, shape.tokens
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
                peers={"SDPA flash (GQA)": sdpa} if start == 0 else {})


@case("swiglu")
def swiglu(shape):
    rows, width = shape.rows, shape.width
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
                       "torch.compile": call(compiled(eager), gate, up)})


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


def check(case, run, tolerances, exact):
    """Poisons the outputs, runs ours once and compares with the reference:
    each output within the tolerance of its element type (`tolerances`, by
    the runtime's names; other types, and every type where `exact`, must
    match). Returns (passed, largest relative error, detail)."""
    expected = case.expected()
    for t in case.outputs:
        poison(t)
    for t, value in case.starts:
        t.fill_(value)
    run()
    torch.cuda.synchronize()
    observed = (case.observed or (lambda: case.outputs))()
    worst, details = 0.0, []
    passed = True
    for out, ref in zip(observed, expected):
        error, problem = relative_error(out, ref)
        dtype = TORCH_DTYPES.get(str(out.dtype).split(".")[1])
        tolerance = 0.0 if exact else tolerances.get(dtype, 0.0)
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
    parser.add_argument("--only", help="comma-separated case names")
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
    parser.add_argument("--spec", default=kernel_checks.DEFAULT_SPEC,
                        help="the cases, their shapes, tolerances and byte "
                        "and flop models (default: kernel_checks.json beside "
                        "this program)")
    parser.add_argument("--list", action="store_true",
                        help="list this harness's cases of the spec and check "
                        "that each has a builder here and each builder a case "
                        "(and, with --manifests, that the spec's kernels are "
                        "there); needs no torch or GPU")
    return parser.parse_args(argv)


HARNESS = "torch_harness"


def spec_problems(checks):
    """How this harness's cases of the spec differ from its builders."""
    problems = kernel_checks.coverage_problems(checks, HARNESS, BUILDERS)
    problems += [f"case '{c.name}' lists {len(c.kernels)} kernels; "
                 f"{HARNESS} launches one" for c in checks.cases_of(HARNESS)
                 if len(c.kernels) != 1]
    return problems


def selected_cases(checks, only):
    cases = checks.cases_of(HARNESS)
    if not only:
        return cases
    names = only.split(",")
    unknown = sorted(set(names) - {c.name for c in cases})
    if unknown:
        raise SystemExit(f"unknown case(s) {', '.join(unknown)}; cases: "
                         + ", ".join(c.name for c in cases))
    return [c for c in cases if c.name in names]


def list_cases(checks, cases, manifests):
    """Prints the cases and returns 1 if the spec and the builders differ
    or, with a manifest directory, if a case names a kernel its manifest
    lacks or a manifest has no case; 0 if not."""
    for c in cases:
        timed = f"timed {', '.join(map(str, c.benchmark))}; " \
            if c.benchmark else ""
        print(f"{c.name} ({', '.join(c.kernels)}): {timed}"
              f"checked {', '.join(map(str, c.check))}")
    problems = spec_problems(checks)
    if manifests:
        problems += kernel_checks.manifest_problems(checks, manifests)
    for problem in problems:
        print(f"torch_harness: {problem}", file=sys.stderr)
    return 1 if problems else 0


def main(argv):
    args = parse_args(argv)
    try:
        spec = kernel_checks.load(args.spec)
    except kernel_checks.SpecError as e:
        print(f"torch_harness: error: {e}", file=sys.stderr)
        return 2
    selected = selected_cases(spec, args.only)
    if args.list:
        return list_cases(spec, selected, args.manifests)
    problems = spec_problems(spec)
    if problems:
        for problem in problems:
            print(f"torch_harness: error: {problem}", file=sys.stderr)
        return 2
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
    for s in selected:
        kernel = s.kernels[0]
        kernels = None
        try:
            kernels = Kernels(capi, os.path.join(manifests, s.manifest + ".json"),
                              cache_dir)
        except (TileError, OSError, ValueError) as e:
            failed += 1
            checks.append((kernel, "-", False, math.inf, str(e)))
            print(f"FAIL {kernel}: {e}", flush=True)
            continue
        for index, shape in enumerate(s.shapes):
            case = None
            try:
                # Each shape's inputs from the run's seed and the case's, so
                # that --only and --seed draw a failing check's inputs again.
                torch.manual_seed(seed + s.seed)
                case = BUILDERS[s.name](shape)
                run = kernels.launcher(kernel, case.args)
                passed, error, detail = check(case, run, spec.tolerance,
                                              s.exact_in(HARNESS))
            except Exception as e:  # Recorded as a failed check; go on.
                passed, error, detail = False, math.inf, \
                    f"{type(e).__name__}: {e}"
            failed += not passed
            shape_name = case.shape if case else str(shape)
            checks.append((kernel, shape_name, passed, error, detail))
            print(f"{'PASS' if passed else 'FAIL'} {kernel} {shape_name}: "
                  f"rel {error:.1e} {detail}", flush=True)
            if passed and index < len(s.benchmark) and not args.check_only:
                ours = timer.median_us(run)
                peers = {}
                for name, fn in case.peers.items():
                    try:
                        peers[name] = timer.median_us(fn)
                    except Exception as e:  # A peer that cannot run is noted.
                        peers[name] = f"{type(e).__name__}: {str(e)[:120]}"
                results.append(Result(kernel, case.shape, ours,
                                      s.bytes(shape), s.flops(shape), peers))
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
