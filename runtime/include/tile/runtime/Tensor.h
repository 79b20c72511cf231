//===- Tensor.h - A device tensor and its one owner -------------*- C++ -*-===//

#ifndef TILE_RUNTIME_TENSOR_H
#define TILE_RUNTIME_TENSOR_H

#include "tile/runtime/TensorView.h"

#include <initializer_list>
#include <span>

namespace tile::rt {

class AtomicOutput;
class MemoryPool;
class Partition;

/// A mutable tensor in device memory. It has one owner: it moves but is
/// not copied, and it is moved into a Partition (or, for a kernel that
/// updates it atomically, an AtomicOutput) to be written by a kernel; the
/// launch's future gives it back. Reading it (as a kernel input, or
/// from the host) goes through its view. A moved-from tensor throws Error
/// on use, naming the rule.
class Tensor {
public:
  /// No tensor.
  Tensor() = default;
  Tensor(Tensor &&) noexcept = default;
  Tensor &operator=(Tensor &&) noexcept = default;
  Tensor(const Tensor &) = delete;
  Tensor &operator=(const Tensor &) = delete;

  /// An uninitialized row-major tensor of `shape` on `device`, freed with
  /// its last user.
  static Tensor empty(Device device, DType dtype, std::vector<int64_t> shape);
  /// A temporary from `pool`, ordered on `stream` (MemoryPool::allocate).
  static Tensor temporary(MemoryPool &pool, Stream &stream, DType dtype,
                          std::vector<int64_t> shape);
  /// Memory the runtime does not own, as a tensor: `address` on `device`
  /// (from another library, say). It is never freed here; `owner`, if given,
  /// is kept alive while the tensor or a launch uses the memory. Strides
  /// default to row-major.
  static Tensor borrow(Device device, uint64_t address, DType dtype,
                       std::vector<int64_t> shape,
                       std::vector<int64_t> strides = {},
                       std::shared_ptr<const void> owner = {});
  /// A new tensor of `shape` on the stream's device holding `values`
  /// (row-major); waits for the copy.
  template <class T>
  static Tensor fromHost(Stream &stream, std::span<const T> values,
                         std::vector<int64_t> shape) {
    Tensor tensor = empty(stream.device(), dtypeOf<T>(), std::move(shape));
    tensor.copyFromHost(stream, values);
    return tensor;
  }

  /// Whether this owns a tensor (not default-constructed or moved from).
  bool valid() const { return view_.valid(); }
  /// The tensor, read-only; throws Error if it was moved.
  const TensorView &view() const;
  /// The element type.
  DType dtype() const { return view().dtype(); }
  /// Extents, outermost first.
  const std::vector<int64_t> &shape() const { return view().shape(); }
  /// Strides in elements.
  const std::vector<int64_t> &strides() const { return view().strides(); }
  /// The number of elements.
  int64_t numel() const { return view().numel(); }
  /// The device the tensor is on.
  const Device &device() const { return view().device(); }

  /// Copies `values` (row-major, numel() of them) into the tensor and waits
  /// for the copy. T must be the dtype's C++ type.
  template <class T>
  void copyFromHost(Stream &stream, std::span<const T> values) {
    view().checkElementType(dtypeOf<T>());
    copyFromHost(stream, values.data(), values.size());
  }
  /// Copies the elements to host memory, waiting for the copy.
  template <class T> std::vector<T> toHost(Stream &stream) const {
    return view().toHost<T>(stream);
  }
  /// Sets every element to `value`, converted to the element type; ordered
  /// on `stream`.
  void fill(Stream &stream, double value);
  /// Sets the elements to random values uniform in [low, high) (integers:
  /// rounded down; i1: whether above the midpoint), the same for a seed on
  /// every device; waits for the copy.
  void fillRandom(Stream &stream, uint64_t seed, double low = -1.0,
                  double high = 1.0);

  /// The same elements, row-major, seen as `shape` (of as many elements),
  /// owning what this tensor owned; throws Error for a tensor that is not
  /// contiguous or another element count, and leaves this one as it is.
  Tensor reshape(std::vector<int64_t> shape) &&;

  /// Moves the tensor into a partition of pieces of `pieceShape`.
  Partition partition(std::span<const int64_t> pieceShape) &&;
  Partition partition(std::initializer_list<int64_t> pieceShape) &&;
  /// Moves the tensor, whole, into an atomic output (AtomicOutput.h).
  AtomicOutput atomic() &&;

private:
  explicit Tensor(TensorView view) : view_(std::move(view)) {}
  void copyFromHost(Stream &stream, const void *values, size_t count);
  friend class MemoryPool;

  TensorView view_;
};

/// The bytes of `value` converted to `dtype`, in the low bytes.
uint64_t encodeElement(DType dtype, double value);

} // namespace tile::rt

#endif // TILE_RUNTIME_TENSOR_H
