//===- ElementTypes.h - The element types that metadata names ---*- C++ -*-===//
//
// Kernel metadata (docs/abi.md) names the element type of each parameter by
// a short string; this is the list of those names and their sizes, which the
// format's checks accept and the runtime's DType resolves.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_FORMATS_ELEMENTTYPES_H
#define TILE_FORMATS_ELEMENTTYPES_H

#include <cstdint>
#include <string_view>

namespace tile::formats {

/// An element type as the metadata names it, and its size.
struct ElementType {
  /// The name, a view of a string with static storage: it can be kept for as
  /// long as the program runs.
  std::string_view name;
  /// Bytes of one element in memory.
  int64_t bytes;
};

/// Every element type the metadata names.
inline constexpr ElementType kElementTypes[] = {
    {"f32", 4},    {"f64", 8}, {"f16", 2}, {"bf16", 2}, {"f8e4m3", 1},
    {"f8e5m2", 1}, {"i8", 1},  {"i16", 2}, {"i32", 4},  {"i64", 8},
    {"u8", 1},     {"u16", 2}, {"u32", 4}, {"u64", 8},  {"i1", 1}};

/// The element type called `name`; null for a name the metadata does not
/// use.
constexpr const ElementType *findElementType(std::string_view name) {
  for (const ElementType &known : kElementTypes)
    if (known.name == name)
      return &known;
  return nullptr;
}

} // namespace tile::formats

#endif // TILE_FORMATS_ELEMENTTYPES_H
