//===- TensorMaps.h - Views the tensor copy engine reads --------*- C++ -*-===//
//
// A kernel whose loop the copy engine feeds takes a tensor map of each view
// it copies; the GPU backend encodes them from the launch's packed view
// arguments, where the copy engine can read those views, and launches the
// kernel's fallback entry where it cannot (docs/abi.md).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_TENSORMAPS_H
#define TILE_RUNTIME_TENSORMAPS_H

#include "tile/runtime/KernelInfo.h"
#include "tile/runtime/LaunchPlan.h"

#include <cstdint>
#include <vector>

namespace tile::rt {

/// A view argument as a plan packed it.
struct PackedView {
  uint64_t address = 0;
  /// Extents and strides (elements), outermost first.
  std::vector<int64_t> extents, strides;
};

/// The packed view argument of parameter `param` (a piece or view) of
/// `kernel` in `plan`.
PackedView packedView(const KernelInfo &kernel, const LaunchPlan &plan,
                      size_t param);

/// Whether the copy engine can read `view`, of `elementBytes`-byte
/// elements: a 16-byte aligned address, every stride but the innermost a
/// multiple of 16 bytes below 2^40, every extent in [1, 2^32].
bool copyEngineCanRead(const PackedView &view, int64_t elementBytes);

} // namespace tile::rt

#endif // TILE_RUNTIME_TENSORMAPS_H
