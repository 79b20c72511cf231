//===- DType.h - Element types of tensors by C++ type -----------*- C++ -*-===//
//
// Tensors and kernel metadata name element types as strings ("f32"); this
// maps the C++ element types of the kernel language onto those names.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_DTYPE_H
#define TILE_RUNTIME_DTYPE_H

#include "tile/kernel/scalar_types.h"

#include <cstdint>
#include <type_traits>

namespace tile::rt {

/// Whether T is an element type of tensors: float, tile::f16, tile::bf16,
/// bool, int32_t or int64_t.
template <class T>
inline constexpr bool isDTypeElement =
    std::is_same_v<T, float> || std::is_same_v<T, tile::f16> ||
    std::is_same_v<T, tile::bf16> || std::is_same_v<T, bool> ||
    std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>;

/// The metadata's name of element type T: dtypeName<float>() is "f32".
template <class T> constexpr const char *dtypeName() {
  static_assert(isDTypeElement<T>, "not an element type of tensors");
  if constexpr (std::is_same_v<T, float>)
    return "f32";
  else if constexpr (std::is_same_v<T, tile::f16>)
    return "f16";
  else if constexpr (std::is_same_v<T, tile::bf16>)
    return "bf16";
  else if constexpr (std::is_same_v<T, bool>)
    return "i1";
  else if constexpr (std::is_same_v<T, int32_t>)
    return "i32";
  else
    return "i64";
}

} // namespace tile::rt

#endif // TILE_RUNTIME_DTYPE_H
