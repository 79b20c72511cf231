//===- print.h - A kernel's scalars printed as it runs ----------*- C++ -*-===//
//
// tile::print("label", value) prints one line per program that reaches it:
// `label value (program x, y, z)`. The value is a scalar; integers print in
// decimal, floats as printf's %g of their exact value. On the GPU the
// program's first thread prints through the device's printf, whose buffer
// the driver flushes when the host synchronizes; lines of different programs
// come in any order. Host mode prints to stdout in program order.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_PRINT_H
#define TILE_KERNEL_PRINT_H

#include "tile/kernel/grid.h"
#include "tile/kernel/scalar_types.h"

#include <cstdio>
#include <type_traits>

namespace tile {

template <class T> void print(const char *label, T value) {
  static_assert(detail::isIntegerElement<T> || detail::isFloatElement<T> ||
                    std::is_same_v<T, bool>,
                "tile::print takes a scalar: reduce a tile to one with "
                "tile::item first; cast 8-bit floats to float");
  int x = program_id(0), y = program_id(1), z = program_id(2);
  if constexpr (std::is_same_v<T, int64_t>)
    std::printf("%s %lld (program %d, %d, %d)\n", label,
                static_cast<long long>(value), x, y, z);
  else if constexpr (std::is_same_v<T, uint64_t>)
    std::printf("%s %llu (program %d, %d, %d)\n", label,
                static_cast<unsigned long long>(value), x, y, z);
  else if constexpr (std::is_same_v<T, uint32_t>)
    std::printf("%s %u (program %d, %d, %d)\n", label,
                static_cast<unsigned>(value), x, y, z);
  else if constexpr (detail::isFloatElement<T>)
    std::printf("%s %g (program %d, %d, %d)\n", label,
                static_cast<double>(detail::widen(value)), x, y, z);
  else
    std::printf("%s %d (program %d, %d, %d)\n", label, static_cast<int>(value),
                x, y, z);
}

} // namespace tile

#endif // TILE_KERNEL_PRINT_H
