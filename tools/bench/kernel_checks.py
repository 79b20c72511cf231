#!/usr/bin/env python3
"""The kernel cases that both GPU harnesses run, read from one spec,
tools/bench/kernel_checks.json: each case's kernels, shapes, seed, tolerance
and byte and flop models. tools/bench/torch_harness.py imports this module;
tools/bench/gpu_examples.cpp reads the same file with its C++ twin,
tools/bench/KernelChecks.cpp, which accepts and refuses what this module
does.

    kernel_checks.py [--spec FILE] [--manifests DIR]

checks the spec and, with a directory of kernel manifests, that every kernel
a case names is in the case's manifest and that every manifest has a case.
Exit status: 0 if so, 1 if not (each problem on stderr).

A spec is a JSON object:

    {"about": [...],                         # ignored
     "tolerance": {DTYPE: NUMBER, ...},      # largest relative L2 error
     "shapes": {SET: {"dims": [DIM, ...],
                      "benchmark": [[VALUE, ...], ...],
                      "check": [[VALUE, ...], ...], "note": ...}, ...},
     "cases": [{"name": NAME, "harnesses": [HARNESS, ...],
                "manifest": STEM, "kernels": [KERNEL, ...], "shapes": SET,
                "seed": N, "reads": [TENSOR, ...], "writes": [TENSOR, ...],
                # optional:
                "flops": [TERM, ...], "fixed": {DIM: VALUE, ...},
                "timed": BOOL, "exact": [HARNESS, ...], "note": ...}, ...]}

where TENSOR is [DTYPE, FACTOR, ...] (bytes: the element size times the
factors), TERM is [FACTOR, ...] (flops: the sum of the terms' products) and
FACTOR a number, a dimension of the case's shapes or {"ceil_div": [DIM, N]}.
"""

import argparse
import json
import os
import sys

DEFAULT_SPEC = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                            "kernel_checks.json")
HARNESSES = ("gpu_examples", "torch_harness")
# Bytes per element of the types a model may name.
ELEMENT_BYTES = {"f32": 4, "f64": 8, "f16": 2, "bf16": 2, "f8e4m3": 1,
                 "f8e5m2": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8,
                 "u8": 1, "u16": 2, "u32": 4, "u64": 8, "i1": 1}


class SpecError(ValueError):
    """A spec that cannot be read: the message names the file and the
    place."""


class Shape(dict):
    """One shape: its dimensions by name, in the set's order, then the
    case's fixed ones; shape.rows reads dimension "rows"."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(f"the shape {self} has no dimension "
                                 f"{name!r}") from None

    def __str__(self):
        return " ".join(f"{k}={v}" for k, v in self.items())


class Case:
    """One case of the spec."""

    def __init__(self, fields, shapes, where):
        self.name = fields["name"]
        self.harnesses = fields["harnesses"]
        self.manifest = fields["manifest"]
        self.kernels = fields["kernels"]
        self.shape_set = fields["shapes"]
        self.seed = fields["seed"]
        self.timed = fields.get("timed", True)
        self.exact = fields.get("exact", [])
        self.fixed = fields.get("fixed", {})
        self.reads = fields["reads"]
        self.writes = fields["writes"]
        self.flop_terms = fields.get("flops", [])
        dims = shapes["dims"]
        self.dims = dims + list(self.fixed)

        def shape(values):
            return Shape(list(zip(dims, values)) + list(self.fixed.items()))
        self.benchmark = [shape(v) for v in shapes["benchmark"]] \
            if self.timed else []
        self.check = [shape(v) for v in shapes["check"]]
        self.where = where

    @property
    def shapes(self):
        """The benchmark shapes (timed) first, then the check shapes."""
        return self.benchmark + self.check

    def bytes(self, shape):
        """Bytes read plus bytes written by one run at `shape`."""
        return float(sum(ELEMENT_BYTES[t[0]] * product(t[1:], shape)
                         for t in self.reads + self.writes))

    def flops(self, shape):
        return float(sum(product(term, shape) for term in self.flop_terms))

    def exact_in(self, harness):
        return harness in self.exact


class KernelChecks:
    """A spec, checked: its tolerances and cases."""

    def __init__(self, tolerance, cases, path):
        self.tolerance = tolerance
        self.cases = cases
        self.path = path

    def cases_of(self, harness):
        return [c for c in self.cases if harness in c.harnesses]


def product(factors, shape):
    value = 1
    for f in factors:
        if isinstance(f, dict):
            dim, divisor = f["ceil_div"]
            value *= -(-shape[dim] // divisor)
        elif isinstance(f, str):
            value *= shape[f]
        else:
            value *= f
    return value


# --- Reading -------------------------------------------------------------

def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _object(v, where, required, optional=()):
    if not isinstance(v, dict):
        raise SpecError(f"{where}: expected an object, found {_kind(v)}")
    for key in required:
        if key not in v:
            raise SpecError(f"{where}: missing \"{key}\"")
    unknown = sorted(set(v) - set(required) - set(optional))
    if unknown:
        raise SpecError(f"{where}: unknown key \"{unknown[0]}\" (known: "
                        f"{', '.join(list(required) + list(optional))})")
    return v


def _kind(v):
    if isinstance(v, bool):
        return "a boolean"
    if _is_int(v) or isinstance(v, float):
        return f"the number {v}"
    if isinstance(v, str):
        return f"the string \"{v}\""
    if isinstance(v, list):
        return "an array"
    if v is None:
        return "null"
    return "an object"


def _strings(v, where, allow_empty=False):
    if not isinstance(v, list) or not all(isinstance(s, str) and s
                                          for s in v):
        raise SpecError(f"{where}: expected an array of non-empty strings")
    if not v and not allow_empty:
        raise SpecError(f"{where}: expected at least one string")
    if len(set(v)) != len(v):
        raise SpecError(f"{where}: \"{next(s for s in v if v.count(s) > 1)}\""
                        " appears twice")
    return v


def _count(v, where):
    if not _is_int(v) or v < 0:
        raise SpecError(f"{where}: expected a whole number >= 0, found "
                        f"{_kind(v)}")
    return v


def _shape_set(name, v, where):
    _object(v, where, ("dims", "benchmark", "check"), ("note",))
    dims = _strings(v["dims"], f"{where}: dims")
    for key in ("benchmark", "check"):
        shapes = v[key]
        if not isinstance(shapes, list) or (key == "check" and not shapes):
            raise SpecError(f"{where}: {key}: expected an array of shapes"
                            + (", at least one" if key == "check" else ""))
        for i, values in enumerate(shapes):
            at = f"{where}: {key}[{i}]"
            if not isinstance(values, list) or len(values) != len(dims):
                raise SpecError(f"{at}: expected {len(dims)} values, one per "
                                f"dimension ({', '.join(dims)}), found "
                                + (f"{len(values)}" if isinstance(values, list)
                                   else _kind(values)))
            for value in values:
                _count(value, at)
    return v


def _factor(f, dims, where):
    if isinstance(f, dict):
        _object(f, where, ("ceil_div",))
        pair = f["ceil_div"]
        if not (isinstance(pair, list) and len(pair) == 2
                and isinstance(pair[0], str) and _is_int(pair[1])
                and pair[1] > 0):
            raise SpecError(f"{where}: ceil_div takes [dimension, number > 0]")
        f = pair[0]
    if isinstance(f, str):
        if f not in dims:
            raise SpecError(f"{where}: \"{f}\" is not a dimension of the "
                            f"case's shapes ({', '.join(dims)})")
    elif not _is_int(f) or f < 0:
        raise SpecError(f"{where}: a factor is a number >= 0, a dimension or "
                        f"{{\"ceil_div\": [dimension, number]}}, found "
                        f"{_kind(f)}")


def _terms(v, where, dims, tensors):
    if not isinstance(v, list):
        raise SpecError(f"{where}: expected an array")
    for i, term in enumerate(v):
        at = f"{where}[{i}]"
        if not isinstance(term, list) or not term:
            raise SpecError(f"{at}: expected a non-empty array")
        factors = term
        if tensors:
            if not isinstance(term[0], str) or term[0] not in ELEMENT_BYTES:
                raise SpecError(f"{at}: the first entry is the element type, "
                                f"one of {', '.join(ELEMENT_BYTES)}; found "
                                f"{_kind(term[0])}")
            factors = term[1:]
        for f in factors:
            _factor(f, dims, at)


def _case(v, i, shape_sets, path):
    where = f"{path}: cases[{i}]"
    if isinstance(v, dict) and isinstance(v.get("name"), str):
        where = f"{path}: case '{v['name']}'"
    _object(v, where, ("name", "harnesses", "manifest", "kernels", "shapes",
                       "seed", "reads", "writes"),
            ("flops", "fixed", "timed", "exact", "note"))
    if not isinstance(v["name"], str) or not v["name"]:
        raise SpecError(f"{where}: name: expected a non-empty string")
    harnesses = _strings(v["harnesses"], f"{where}: harnesses")
    for h in harnesses + _strings(v.get("exact", []), f"{where}: exact",
                                  allow_empty=True):
        if h not in HARNESSES:
            raise SpecError(f"{where}: unknown harness \"{h}\" (harnesses: "
                            f"{', '.join(HARNESSES)})")
    for h in v.get("exact", []):
        if h not in harnesses:
            raise SpecError(f"{where}: exact names {h}, which does not run "
                            "the case")
    if not isinstance(v["manifest"], str) or not v["manifest"]:
        raise SpecError(f"{where}: manifest: expected a non-empty string")
    _strings(v["kernels"], f"{where}: kernels")
    set_name = v["shapes"]
    if not isinstance(set_name, str) or set_name not in shape_sets:
        raise SpecError(f"{where}: shapes: expected the name of a shape set "
                        f"({', '.join(sorted(shape_sets))}), found "
                        f"{_kind(set_name)}")
    _count(v["seed"], f"{where}: seed")
    if not isinstance(v.get("timed", True), bool):
        raise SpecError(f"{where}: timed: expected true or false")
    dims = list(shape_sets[set_name]["dims"])
    fixed = v.get("fixed", {})
    if not isinstance(fixed, dict):
        raise SpecError(f"{where}: fixed: expected an object")
    for dim, value in fixed.items():
        if dim in dims:
            raise SpecError(f"{where}: fixed: \"{dim}\" is a dimension of "
                            f"shape set \"{set_name}\" already")
        _count(value, f"{where}: fixed: {dim}")
    dims += list(fixed)
    _terms(v["reads"], f"{where}: reads", dims, tensors=True)
    _terms(v["writes"], f"{where}: writes", dims, tensors=True)
    _terms(v.get("flops", []), f"{where}: flops", dims, tensors=False)
    return Case(v, shape_sets[set_name], where)


def parse(spec, path):
    """The KernelChecks of `spec` (parsed JSON) read from `path`."""
    _object(spec, path, ("tolerance", "shapes", "cases"), ("about",))
    tolerance = spec["tolerance"]
    if not isinstance(tolerance, dict):
        raise SpecError(f"{path}: tolerance: expected an object")
    for dtype, value in tolerance.items():
        if dtype not in ELEMENT_BYTES:
            raise SpecError(f"{path}: tolerance: unknown element type "
                            f"\"{dtype}\" (types: {', '.join(ELEMENT_BYTES)})")
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or value < 0:
            raise SpecError(f"{path}: tolerance: {dtype}: expected a number "
                            f">= 0, found {_kind(value)}")
    shape_sets = spec["shapes"]
    if not isinstance(shape_sets, dict):
        raise SpecError(f"{path}: shapes: expected an object")
    for name, value in shape_sets.items():
        _shape_set(name, value, f"{path}: shape set \"{name}\"")
    if not isinstance(spec["cases"], list) or not spec["cases"]:
        raise SpecError(f"{path}: cases: expected a non-empty array")
    cases, names, seeds = [], {}, {}
    for i, fields in enumerate(spec["cases"]):
        case = _case(fields, i, shape_sets, path)
        if case.name in names:
            raise SpecError(f"{case.where}: a second case of that name")
        if case.seed in seeds:
            raise SpecError(f"{case.where}: seed {case.seed} is taken by case "
                            f"'{seeds[case.seed]}'; give each case its own")
        names[case.name] = case
        seeds[case.seed] = case.name
        cases.append(case)
    unused = sorted(set(shape_sets) - {c.shape_set for c in cases})
    if unused:
        raise SpecError(f"{path}: shape set \"{unused[0]}\" is used by no "
                        "case")
    return KernelChecks(tolerance, cases, path)


def load(path=DEFAULT_SPEC):
    """The checked spec at `path`; raises SpecError saying what is wrong."""
    try:
        with open(path) as f:
            spec = json.load(f)
    except OSError as e:
        raise SpecError(f"cannot read {path}: {e.strerror}") from None
    except ValueError as e:
        raise SpecError(f"{path}: not JSON: {e}") from None
    return parse(spec, path)


# --- Consistency ---------------------------------------------------------

def coverage_problems(checks, harness, implemented):
    """How the cases that name `harness` differ from the ones it
    implements (names)."""
    listed = {c.name for c in checks.cases_of(harness)}
    problems = [f"case '{name}' names {harness}, which has no such case"
                for name in sorted(listed - set(implemented))]
    problems += [f"{harness} has case '{name}', which is not in "
                 f"{checks.path}" + (f" for {harness}" if name in
                                     {c.name for c in checks.cases} else "")
                 for name in sorted(set(implemented) - listed)]
    return problems


def manifest_problems(checks, manifests):
    """Kernels that a case names and its manifest lacks, and manifests of
    `manifests` that no case reads."""
    problems = []
    for case in checks.cases:
        path = os.path.join(manifests, case.manifest + ".json")
        try:
            with open(path) as f:
                names = [k["name"] for k in json.load(f)["kernels"]]
        except (OSError, ValueError, KeyError, TypeError) as e:
            problems.append(f"case '{case.name}': cannot read {path}: {e}")
            continue
        for kernel in case.kernels:
            if kernel not in names:
                problems.append(f"case '{case.name}': {path} has no {kernel} "
                                f"(it has {', '.join(names)})")
    covered = {c.manifest for c in checks.cases}
    for entry in sorted(os.listdir(manifests)):
        stem, extension = os.path.splitext(entry)
        if extension == ".json" and stem not in covered:
            problems.append(f"no case for the kernels of {entry}")
    return problems


def main(argv):
    parser = argparse.ArgumentParser(
        description="Check the spec of the GPU harnesses' kernel cases.")
    parser.add_argument("--spec", default=DEFAULT_SPEC)
    parser.add_argument("--manifests",
                        help="also check the cases against these manifests")
    args = parser.parse_args(argv)
    try:
        checks = load(args.spec)
    except SpecError as e:
        print(f"kernel_checks: error: {e}", file=sys.stderr)
        return 1
    problems = manifest_problems(checks, args.manifests) \
        if args.manifests else []
    for problem in problems:
        print(f"kernel_checks: {problem}", file=sys.stderr)
    if not problems:
        print(f"{args.spec}: {len(checks.cases)} cases")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
