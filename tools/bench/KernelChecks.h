//===- KernelChecks.h - The kernel cases of the GPU harnesses ---*- C++ -*-===//
//
// The one spec of the kernel cases that tile-gpu-examples (against host
// mode) and tools/bench/torch_harness.py (against PyTorch) run: each case's
// kernels, shapes, seed, tolerance and byte and flop models, read from
// tools/bench/kernel_checks.json. tools/bench/kernel_checks.py reads the same
// file for the Python harness and describes the format; both readers accept
// and refuse the same files, with the same messages.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_BENCH_KERNELCHECKS_H
#define TILE_TOOLS_BENCH_KERNELCHECKS_H

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tile::bench {

/// One factor of a byte or flop term: a number, a dimension, or a dimension
/// divided by a number and rounded up.
struct Factor {
  /// Empty for a number.
  std::string dim;
  /// The number, or the divisor of `dim`.
  int64_t number = 1;
};

/// A product of factors; for a tensor, in elements of `dtype`.
struct Term {
  /// The element type ("f32", "bf16", ...) of a tensor; empty for flops.
  std::string dtype;
  std::vector<Factor> factors;
};

/// One shape of a case: a value per named dimension, the shape set's in its
/// order, then the case's fixed ones.
struct Shape {
  std::vector<std::pair<std::string, int64_t>> dims;

  /// The value of dimension `dim`; throws tile::rt::Error naming the shape's
  /// dimensions if it has no such one.
  int64_t operator[](std::string_view dim) const;
  /// "rows=7 columns=4096".
  std::string str() const;
};

/// One case of the spec.
struct KernelCase {
  std::string name;
  /// The harnesses that run it: "gpu_examples", "torch_harness".
  std::vector<std::string> harnesses;
  /// The manifest's stem: <manifests>/<manifest>.json.
  std::string manifest;
  /// The kernels one run launches, by their manifest names, in order.
  std::vector<std::string> kernels;
  /// The shapes checked and timed (empty where the spec says "timed":
  /// false), then the shapes only checked.
  std::vector<Shape> benchmark, check;
  /// Added to a run's seed for the case's inputs.
  uint64_t seed = 0;
  /// The harnesses whose reference the outputs match bit for bit.
  std::vector<std::string> exact;
  std::vector<Term> reads, writes, flops;

  bool runsIn(std::string_view harness) const;
  bool exactIn(std::string_view harness) const;
  /// Bytes read plus bytes written by one run at `shape`.
  double bytesAt(const Shape &shape) const;
  /// Flops of one run at `shape`; 0 where the spec gives none.
  double flopsAt(const Shape &shape) const;
};

/// A spec, read and checked.
struct KernelChecks {
  /// Where it was read from, for messages.
  std::string origin;
  /// The largest relative L2 error of an output, by element type.
  std::vector<std::pair<std::string, double>> tolerances;
  std::vector<KernelCase> cases;

  /// Reads the spec at `path`; throws tile::rt::Error saying where it is
  /// malformed and how.
  static KernelChecks load(const std::filesystem::path &path);
  /// Reads the spec `text`, naming it `origin` in messages.
  static KernelChecks parse(std::string_view text, const std::string &origin);

  /// The tolerance of outputs of element type `dtype`: 0 (exact) where the
  /// spec gives none.
  double tolerance(std::string_view dtype) const;
  /// The cases that name `harness`, in the spec's order.
  std::vector<const KernelCase *> casesOf(std::string_view harness) const;
  /// How the cases that name `harness` differ from the ones it implements
  /// (by name): one message per difference, none if they agree.
  std::vector<std::string>
  coverageProblems(std::string_view harness,
                   const std::vector<std::string> &implemented) const;
};

/// The bytes of an element of `dtype`; 0 for a type the spec cannot name.
int elementBytes(std::string_view dtype);

} // namespace tile::bench

#endif // TILE_TOOLS_BENCH_KERNELCHECKS_H
