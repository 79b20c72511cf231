//===- TensorLayout.h - Sizes and elements of strided tensors ---*- C++ -*-===//

#ifndef TILE_RUNTIME_LIB_TENSORLAYOUT_H
#define TILE_RUNTIME_LIB_TENSORLAYOUT_H

#include "tile/runtime/Error.h"
#include "tile/runtime/TensorView.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace tile::rt {

/// Bytes of a contiguous tensor of `dtype` and `shape`; a negative extent
/// is an error.
inline size_t contiguousBytes(DType dtype, const std::vector<int64_t> &shape) {
  int64_t count = 1;
  for (int64_t extent : shape) {
    if (extent < 0)
      throw Error("a tensor of shape " + shapeText(shape) +
                  " has a negative extent");
    count *= extent;
  }
  return size_t(count * dtype.bytes());
}

/// Bytes from the first element to the end of the last of a tensor with
/// non-negative strides; 0 if it has no elements.
inline size_t spanBytes(const std::vector<int64_t> &shape,
                        const std::vector<int64_t> &strides,
                        int64_t elementBytes) {
  int64_t last = 0;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == 0)
      return 0;
    last += (shape[d] - 1) * strides[d];
  }
  return size_t((last + 1) * elementBytes);
}

/// Calls visit(index, offset) for each element in row-major order: its
/// row-major index and its offset in elements.
template <class Visit>
void forEachElement(const std::vector<int64_t> &shape,
                    const std::vector<int64_t> &strides, Visit visit) {
  int64_t count = 1;
  for (int64_t extent : shape)
    count *= extent;
  std::vector<int64_t> coords(shape.size(), 0);
  int64_t offset = 0;
  for (int64_t index = 0; index < count; ++index) {
    visit(index, offset);
    for (size_t d = shape.size(); d-- > 0;) {
      offset += strides[d];
      if (++coords[d] < shape[d])
        break;
      offset -= coords[d] * strides[d];
      coords[d] = 0;
    }
  }
}

} // namespace tile::rt

#endif // TILE_RUNTIME_LIB_TENSORLAYOUT_H
