//===- KernelArg.h - The arguments of a kernel launch -----------*- C++ -*-===//

#ifndef TILE_RUNTIME_KERNELARG_H
#define TILE_RUNTIME_KERNELARG_H

#include "tile/runtime/DType.h"
#include "tile/runtime/Error.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace tile::rt {

/// A tensor in device memory, passed to a tensor parameter (an output or
/// input piece, a view or an atomic output): its address, element type,
/// shape and strides (in elements, innermost last).
struct TensorArg {
  /// The device address of element (0, ..., 0).
  uint64_t address = 0;
  /// The element type.
  DType dtype;
  /// Extents, outermost first.
  std::vector<int64_t> shape;
  /// Strides in elements, one per extent; the innermost must be 1.
  std::vector<int64_t> strides;

  /// A dense row-major tensor of `shape` at `address`.
  static TensorArg contiguous(uint64_t address, DType dtype,
                              std::vector<int64_t> shape) {
    std::vector<int64_t> strides(shape.size(), 1);
    for (size_t d = shape.size(); d-- > 1;)
      strides[d - 1] = strides[d] * shape[d];
    return {address, dtype, std::move(shape), std::move(strides)};
  }
};

/// A scalar argument, held as the bytes the kernel receives.
struct ScalarArg {
  /// The scalar's type.
  DType dtype;
  /// The value's bytes, in the first dtype.bytes() bytes.
  std::array<unsigned char, 8> bytes{};

  /// A scalar of kernel type `dtype` holding `value`, whose C++ type must
  /// have the size of `dtype` (float for "f32", tile::f16 for "f16", ...);
  /// throws Error otherwise, or for an unknown type.
  template <class T> static ScalarArg of(DType dtype, T value) {
    static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= 8,
                  "a scalar argument is a value of at most 8 bytes");
    if (dtype.bytes() != int64_t(sizeof(T)))
      throw Error("a scalar of type " + std::string(dtype.name()) + " has " +
                  std::to_string(dtype.bytes()) +
                  " bytes, the value given has " + std::to_string(sizeof(T)));
    ScalarArg arg;
    arg.dtype = dtype;
    std::memcpy(arg.bytes.data(), &value, sizeof(T));
    return arg;
  }
};

/// One argument of a launch.
using KernelArg = std::variant<TensorArg, ScalarArg>;

/// A tensor argument borrowed for the length of one call: a TensorArg's
/// fields, its element type, shape and strides left where they are (in a
/// TensorView or a TensorArg), so that a launch copies none of them.
struct TensorRef {
  /// The device address of element (0, ..., 0).
  uint64_t address = 0;
  /// The element type.
  DType dtype;
  /// Extents, outermost first.
  std::span<const int64_t> shape;
  /// Strides in elements, one per extent; the innermost must be 1.
  std::span<const int64_t> strides;
};

/// One argument of a launch, borrowed for the length of one call: a tensor
/// by reference, a scalar by value.
using KernelArgRef = std::variant<TensorRef, ScalarArg>;

/// `arg`, borrowed: valid while `arg` lives unchanged.
KernelArgRef borrow(const KernelArg &arg);
/// An owning copy of `arg`.
KernelArg own(const KernelArgRef &arg);

} // namespace tile::rt

#endif // TILE_RUNTIME_KERNELARG_H
