//===- TensorMaps.cpp - Views the tensor copy engine reads ----------------===//

#include "tile/runtime/TensorMaps.h"

#include <cstring>

using namespace tile::rt;

PackedView tile::rt::packedView(const KernelInfo &kernel,
                                const LaunchPlan &plan, size_t param) {
  size_t slot = 0;
  for (size_t i = 0; i < param; ++i)
    slot += parameterSlots(kernel.params[i]);
  auto read = [&](size_t at) {
    int64_t value;
    std::memcpy(&value, plan.values[at].data(), sizeof value);
    return value;
  };
  PackedView view;
  view.address = uint64_t(read(slot));
  size_t rank = size_t(kernel.params[param].rank);
  for (size_t d = 0; d < rank; ++d) {
    view.extents.push_back(read(slot + 1 + d));
    view.strides.push_back(read(slot + 1 + rank + d));
  }
  return view;
}

bool tile::rt::copyEngineCanRead(const PackedView &view, int64_t elementBytes) {
  if (view.address % 16 != 0)
    return false;
  for (size_t d = 0; d + 1 < view.strides.size(); ++d) {
    int64_t bytes = view.strides[d] * elementBytes;
    if (bytes % 16 != 0 || bytes <= 0 || bytes >= (int64_t(1) << 40))
      return false;
  }
  for (int64_t extent : view.extents)
    if (extent < 1 || extent > (int64_t(1) << 32))
      return false;
  return true;
}
