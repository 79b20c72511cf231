//===- DType.h - Element types of tensors -----------------------*- C++ -*-===//
//
// Kernel metadata names element types as strings ("f32"). A DType is one of
// them, held as a pointer into a static table: comparing two is comparing
// pointers, and its name and size are one load away, which keeps string
// compares and table scans off the launch path.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_DTYPE_H
#define TILE_RUNTIME_DTYPE_H

#include "tile/formats/ElementTypes.h"
#include "tile/kernel/scalar_types.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace tile::rt {

/// An element type as the metadata names it, and its size.
using DTypeInfo = formats::ElementType;

namespace detail {
/// What a default-constructed DType refers to; not among the metadata's
/// element types, so that no name gives it.
inline constexpr DTypeInfo kNoDType = {"", 0};
/// Throws Error naming `name` as an unknown element type.
[[noreturn]] void throwUnknownDType(std::string_view name);
} // namespace detail

/// One element type of tensors and kernel parameters: "f32", "f64", "f16",
/// "bf16", "f8e4m3", "f8e5m2", "i8", "i16", "i32", "i64", "u8", "u16", "u32",
/// "u64" or "i1". Made from its
/// name (implicitly, so that a name can be given wherever a DType is taken, and
/// compared with one); cheap to copy and to compare.
class DType {
public:
  /// No element type: an empty name and no bytes, equal only to itself.
  constexpr DType() = default;
  /// The element type named `name`; throws Error on an unknown name.
  constexpr DType(std::string_view name) : type(lookup(name)) {}
  constexpr DType(const char *name) : DType(std::string_view(name)) {}
  DType(const std::string &name) : DType(std::string_view(name)) {}

  /// The name, as "f32", with static storage.
  constexpr std::string_view name() const { return type->name; }
  /// Bytes of one element in memory.
  constexpr int64_t bytes() const { return type->bytes; }

  friend constexpr bool operator==(DType a, DType b) {
    return a.type == b.type;
  }

private:
  static constexpr const DTypeInfo *lookup(std::string_view name) {
    if (const DTypeInfo *known = formats::findElementType(name))
      return known;
    detail::throwUnknownDType(name);
  }

  const DTypeInfo *type = &detail::kNoDType;
};

/// Whether T is an element type of tensors: an element type of the kernel
/// language (float, double, tile::f16, tile::bf16, tile::f8e4m3, tile::f8e5m2,
/// int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
/// or bool).
template <class T>
inline constexpr bool isDTypeElement = tile::detail::isElement<T>;

/// The metadata's name of element type T: dtypeName<float>() is "f32".
template <class T> constexpr const char *dtypeName() {
  static_assert(isDTypeElement<T>, "not an element type of tensors");
  if constexpr (std::is_same_v<T, float>)
    return "f32";
  else if constexpr (std::is_same_v<T, double>)
    return "f64";
  else if constexpr (std::is_same_v<T, tile::f16>)
    return "f16";
  else if constexpr (std::is_same_v<T, tile::bf16>)
    return "bf16";
  else if constexpr (std::is_same_v<T, tile::f8e4m3>)
    return "f8e4m3";
  else if constexpr (std::is_same_v<T, tile::f8e5m2>)
    return "f8e5m2";
  else if constexpr (std::is_same_v<T, bool>)
    return "i1";
  else if constexpr (std::is_same_v<T, int8_t>)
    return "i8";
  else if constexpr (std::is_same_v<T, int16_t>)
    return "i16";
  else if constexpr (std::is_same_v<T, int32_t>)
    return "i32";
  else if constexpr (std::is_same_v<T, uint8_t>)
    return "u8";
  else if constexpr (std::is_same_v<T, uint16_t>)
    return "u16";
  else if constexpr (std::is_same_v<T, uint32_t>)
    return "u32";
  else if constexpr (std::is_same_v<T, uint64_t>)
    return "u64";
  else
    return "i64";
}

/// The element type of C++ type T, found at compile time: dtypeOf<float>()
/// is DType("f32").
template <class T> constexpr DType dtypeOf() {
  constexpr DType type = dtypeName<T>();
  return type;
}

} // namespace tile::rt

#endif // TILE_RUNTIME_DTYPE_H
