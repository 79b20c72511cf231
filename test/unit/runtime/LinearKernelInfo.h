//===- LinearKernelInfo.h - A kernel that takes tensor maps -----*- C++ -*-===//
//
// The description of linear<tile::bf16, 128, 256, 64> as the runtime tests
// of tensor maps use it, without its manifest.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TEST_RUNTIME_LINEARKERNELINFO_H
#define TILE_TEST_RUNTIME_LINEARKERNELINFO_H

#include "tile/runtime/KernelInfo.h"

#include <memory>

namespace tile::rt::test {

/// linear(Piece out, View x, View w, i32 k) with a tensor map of `x` and of
/// `w`, and its fallback entry `linear_copies`.
inline KernelInfo linearKernelInfo() {
  KernelInfo kernel;
  kernel.name = "linear";
  kernel.entry = "linear";
  kernel.params = {{"out", ParamKind::Piece, "bf16", 2, {128, 256}},
                   {"x", ParamKind::View, "bf16", 2, {}},
                   {"w", ParamKind::View, "bf16", 2, {}},
                   {"k", ParamKind::Scalar, "i32", 0, {}}};
  kernel.tensorMaps = {{1, {128, 64}, 128}, {2, {256, 64}, 128}};
  auto fallback = std::make_shared<KernelInfo>(kernel);
  fallback->entry = "linear_copies";
  fallback->tensorMaps.clear();
  kernel.fallback = std::move(fallback);
  return kernel;
}

} // namespace tile::rt::test

#endif // TILE_TEST_RUNTIME_LINEARKERNELINFO_H
