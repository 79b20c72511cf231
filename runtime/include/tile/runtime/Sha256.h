//===- Sha256.h - SHA-256 digests of byte strings ---------------*- C++ -*-===//

#ifndef TILE_RUNTIME_SHA256_H
#define TILE_RUNTIME_SHA256_H

#include <cstddef>
#include <span>
#include <string>

namespace tile::rt {

/// The lower-case hex SHA-256 of `data` (64 digits), as the kernel cache
/// records it.
std::string sha256Hex(std::span<const std::byte> data);

/// The lower-case hex SHA-256 of `size` bytes at `data`.
std::string sha256Hex(const void *data, size_t size);

} // namespace tile::rt

#endif // TILE_RUNTIME_SHA256_H
