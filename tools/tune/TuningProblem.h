//===- TuningProblem.h - The arguments a kernel is tuned on -----*- C++ -*-===//

#ifndef TILE_TOOLS_TUNE_TUNINGPROBLEM_H
#define TILE_TOOLS_TUNE_TUNINGPROBLEM_H

#include "tile/runtime/KernelInfo.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tile::tune {

/// One argument of a problem: a tensor's extents, or a scalar's value.
struct ProblemArgument {
  std::vector<int64_t> shape;
  double value = 0;
};

/// A launch to time: one argument per kernel parameter, in order.
struct Problem {
  /// The text it was parsed from, for records and tables.
  std::string text;
  std::vector<ProblemArgument> arguments;
};

/// What a tuning run puts in the tensor of a parameter.
enum class TensorFill {
  /// A scalar: no tensor.
  None,
  /// A tensor the kernel reads (a view or an input piece): random floats
  /// in [-1, 1), or zeros for integers (which, as indices, stay in range),
  /// written once.
  Input,
  /// A tensor the kernel writes (an output piece or an atomic output):
  /// zeroed before each checked launch, whose results are then compared
  /// with the written configuration's.
  Output
};

/// What a tuning run puts in a parameter of `kind`.
TensorFill tensorFill(rt::ParamKind kind);

/// Parses `text`, "out=4096x4096 x=4096x4096 w=4096x4096 k=4096": every
/// parameter of `kernel` once, tensors by their extents (as many as the
/// parameter's rank), scalars by their value. Throws tile::rt::Error saying
/// what is wrong.
Problem parseProblem(std::string_view text, const rt::KernelInfo &kernel);

} // namespace tile::tune

#endif // TILE_TOOLS_TUNE_TUNINGPROBLEM_H
