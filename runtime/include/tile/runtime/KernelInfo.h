//===- KernelInfo.h - A kernel's description from its metadata --*- C++ -*-===//

#ifndef TILE_RUNTIME_KERNELINFO_H
#define TILE_RUNTIME_KERNELINFO_H

#include "tile/runtime/DType.h"

#include "tile/formats/KernelList.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tile::rt {

// The metadata's own records (docs/abi.md), which the runtime uses as they
// are; a parameter's element type is resolved into a DType.
using formats::kMaxTensorMapRank;
using formats::ParamKind;
using formats::paramKindName;
using PreconditionInfo = formats::PreconditionRecord;
using TensorMapInfo = formats::TensorMapRecord;
using formats::TunedReplacement;

/// One kernel parameter.
struct ParamInfo {
  /// The C++ parameter name.
  std::string name;
  /// Output or input piece, view, atomic output or scalar.
  ParamKind kind = ParamKind::Scalar;
  /// The element type.
  DType dtype;
  /// Dimensions of a tensor parameter (1 to 3 for pieces and atomic
  /// outputs); 0 for scalars.
  int rank = 0;
  /// The piece shape, one extent per dimension, for output and input
  /// pieces.
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
  /// For a kernel whose programs walk its pieces (TILE_PERSISTENT): the
  /// programs to launch per multiprocessor (at most one per piece), each
  /// taking the piece grid as its last three u32 parameters before the
  /// tensor maps. 0: one program per piece.
  unsigned persistent = 0;
  /// The parameters, in order.
  std::vector<ParamInfo> params;
  /// The tensor maps the entry takes after the parameters, in order.
  std::vector<TensorMapInfo> tensorMaps;
  /// With tensor maps: the kernel compiled without them (its own entry,
  /// block, shared memory and grid dependency; the same name, parameters
  /// and preconditions), which a launch runs where the copy engine cannot
  /// read a view the maps describe.
  std::shared_ptr<const KernelInfo> fallback;
  /// The GPUs on which another configuration runs in this one's place.
  std::vector<TunedReplacement> tuned;
  /// What every launch must satisfy (Preconditions.h), in the kernel's
  /// order.
  std::vector<PreconditionInfo> preconditions;

  /// The kernel `record` describes, which readEntry (tile/formats) has
  /// checked.
  static KernelInfo fromRecord(const formats::KernelRecord &record);
};

} // namespace tile::rt

#endif // TILE_RUNTIME_KERNELINFO_H
