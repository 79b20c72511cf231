//===- TensorView.h - A read-only look at device memory as a tensor -*- C++
//-*-===//

#ifndef TILE_RUNTIME_TENSORVIEW_H
#define TILE_RUNTIME_TENSORVIEW_H

#include "tile/runtime/DType.h"
#include "tile/runtime/Error.h"
#include "tile/runtime/KernelArg.h"
#include "tile/runtime/Memory.h"
#include "tile/runtime/Stream.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace tile::rt {

/// A read-only tensor: an element type, a shape and strides (in elements,
/// outermost first) over shared device memory. Views are what kernels take
/// as inputs; copies share the memory, which lives while any of them does.
class TensorView {
public:
  /// No tensor.
  TensorView() = default;
  /// Elements of `dtype` at byte `offset` of `memory`, with `shape` and
  /// `strides` (row-major if empty). Throws Error if an element would lie
  /// outside the memory or a stride is negative.
  TensorView(std::shared_ptr<Memory> memory, size_t offset, DType dtype,
             std::vector<int64_t> shape, std::vector<int64_t> strides = {});

  /// Whether this names a tensor (not default-constructed or moved from).
  bool valid() const { return memory_ != nullptr; }
  /// The element type.
  DType dtype() const { return dtype_; }
  /// Extents, outermost first.
  const std::vector<int64_t> &shape() const { return shape_; }
  /// Strides in elements, one per extent.
  const std::vector<int64_t> &strides() const { return strides_; }
  /// The number of dimensions.
  int rank() const { return int(shape_.size()); }
  /// The number of elements.
  int64_t numel() const;
  /// Bytes of one element.
  int64_t elementBytes() const { return dtype_.bytes(); }
  /// Whether the elements are dense and row-major.
  bool isContiguous() const;
  /// Whether two different indices may name one element (strides that
  /// alias), so that the tensor cannot be split into disjoint pieces.
  bool elementsOverlap() const { return overlapping_; }
  /// The device address of element (0, ..., 0).
  uint64_t address() const { return memory_->address() + offset_; }
  /// The device the memory is on.
  const Device &device() const { return memory_->device(); }
  /// The memory the tensor lies in.
  const std::shared_ptr<Memory> &memory() const { return memory_; }
  /// The tensor as a kernel argument, borrowed: valid while this view lives
  /// unchanged.
  TensorRef ref() const { return {address(), dtype_, shape_, strides_}; }

  /// Elements [begin, end) along dimension `dim`, sharing the memory.
  TensorView slice(int dim, int64_t begin, int64_t end) const;
  /// The same elements with shape `shape`; the tensor must be contiguous.
  TensorView reshape(std::vector<int64_t> shape) const;

  /// Copies the elements, row-major, to host memory and waits for the copy
  /// (and the work queued on `stream` before it). T must be the dtype's
  /// C++ type.
  template <class T> std::vector<T> toHost(Stream &stream) const {
    checkElementType(dtypeOf<T>());
    if constexpr (std::is_same_v<T, bool>) {
      // i1 is one byte per element; std::vector<bool> packs bits.
      std::vector<unsigned char> bytes(static_cast<size_t>(numel()));
      copyToHost(stream, bytes.data());
      return std::vector<bool>(bytes.begin(), bytes.end());
    } else {
      std::vector<T> values(static_cast<size_t>(numel()));
      copyToHost(stream, values.data());
      return values;
    }
  }

  /// Throws Error unless `dtype` is the tensor's element type.
  void checkElementType(DType dtype) const;

private:
  void copyToHost(Stream &stream, void *to) const;

  std::shared_ptr<Memory> memory_;
  size_t offset_ = 0;
  DType dtype_;
  std::vector<int64_t> shape_;
  std::vector<int64_t> strides_;
  // Found once here, as views do not change: partitioning a tensor, once
  // per launch, then costs nothing.
  bool overlapping_ = false;
};

/// Row-major strides of `shape`.
std::vector<int64_t> contiguousStrides(const std::vector<int64_t> &shape);

/// "[2, 3]": a shape for messages.
std::string shapeText(std::span<const int64_t> shape);
inline std::string shapeText(const std::vector<int64_t> &shape) {
  return shapeText(std::span(shape));
}

} // namespace tile::rt

#endif // TILE_RUNTIME_TENSORVIEW_H
