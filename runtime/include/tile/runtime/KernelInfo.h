//===- KernelInfo.h - A kernel's description from its metadata --*- C++ -*-===//

#ifndef TILE_RUNTIME_KERNELINFO_H
#define TILE_RUNTIME_KERNELINFO_H

#include "tile/runtime/DType.h"

#include <nlohmann/json_fwd.hpp>

#include <array>
#include <cstdint>
#include <memory>
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

/// The most dimensions a tensor map describes (the driver's limit).
inline constexpr size_t kMaxTensorMapRank = 5;

/// A tensor map a kernel takes after its parameters, which the runtime
/// encodes from a view argument for the GPU's tensor copy engine
/// (docs/abi.md).
struct TensorMapInfo {
  /// The index of the view parameter it describes.
  size_t view = 0;
  /// The box one copy moves, one extent per dimension of the view,
  /// outermost first (rows, then elements of the contiguous dimension, for
  /// a matrix); each 1 to 256.
  std::vector<uint32_t> box;
  /// The swizzle of the lines a copy writes to shared memory, in bytes: 32,
  /// 64 or 128.
  unsigned swizzle = 0;
};

/// Where tuning records (docs/tuning.md) replace a kernel: on the GPU
/// `device` (the driver's name for it), kernel `kernel` of the same cache
/// entry, another configuration of the same template, runs in its place.
struct TunedReplacement {
  std::string device;
  std::string kernel;
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
  /// The tensor maps the entry takes after the parameters, in order.
  std::vector<TensorMapInfo> tensorMaps;
  /// With tensor maps: the kernel compiled without them (its own entry,
  /// block, shared memory and grid dependency; the same name and
  /// parameters), which a launch runs where the copy engine cannot read a
  /// view the maps describe.
  std::shared_ptr<const KernelInfo> fallback;
  /// The GPUs on which another configuration runs in this one's place.
  std::vector<TunedReplacement> tuned;

  /// Parses and validates one element of an entry's "kernels" array; throws
  /// Error saying which kernel and field are malformed.
  static KernelInfo fromJson(const nlohmann::json &json);
};

} // namespace tile::rt

#endif // TILE_RUNTIME_KERNELINFO_H
