//===- Sha256.h - SHA-256 digests of byte strings ---------------*- C++ -*-===//

#ifndef TILE_FORMATS_SHA256_H
#define TILE_FORMATS_SHA256_H

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace tile::formats {

/// The lower-case hex SHA-256 of `size` bytes at `data` (64 digits), as the
/// kernel cache records it and names its entries.
std::string sha256Hex(const void *data, size_t size);

/// The lower-case hex SHA-256 of `data`.
std::string sha256Hex(std::span<const std::byte> data);

/// The lower-case hex SHA-256 of the bytes of `data`.
std::string sha256Hex(std::string_view data);

} // namespace tile::formats

#endif // TILE_FORMATS_SHA256_H
