//===- KernelInfo.h - A kernel's description from its metadata --*- C++ -*-===//

#ifndef TILE_RUNTIME_KERNELINFO_H
#define TILE_RUNTIME_KERNELINFO_H

#include "tile/runtime/DType.h"

#include <nlohmann/json_fwd.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace tile::rt {

/// What a kernel parameter is (docs/abi.md).
enum class ParamKind { Piece, View, Scalar };

/// The metadata's name of `kind`: "piece", "view" or "scalar".
const char *paramKindName(ParamKind kind);

/// One kernel parameter.
struct ParamInfo {
  /// The C++ parameter name.
  std::string name;
  /// Piece, view or scalar.
  ParamKind kind = ParamKind::Scalar;
  /// The element type.
  DType dtype;
  /// Dimensions of a piece or view (1 to 3 for pieces); 0 for scalars.
  int rank = 0;
  /// The piece shape, one extent per dimension, for pieces.
  std::vector<int64_t> tile;
};

/// One kernel of a cubin.
struct KernelInfo {
  /// The C++ name, as "saxpy<1024>".
  std::string name;
  /// The cubin's entry symbol.
  std::string entry;
  /// Threads per program along x, y and z.
  std::array<unsigned, 3> block = {1, 1, 1};
  /// Dynamic shared memory per program, in bytes.
  unsigned sharedBytes = 0;
  /// Whether the kernel first waits for the grids before it on the stream
  /// (griddepcontrol), so that it may be launched before they finish.
  bool gridDependency = false;
  /// The parameters, in order.
  std::vector<ParamInfo> params;

  /// Parses and validates one element of an entry's "kernels" array; throws
  /// Error saying which kernel and field are malformed.
  static KernelInfo fromJson(const nlohmann::json &json);
};

} // namespace tile::rt

#endif // TILE_RUNTIME_KERNELINFO_H
