//===- CacheKey.h - The content hash that names a cache entry ---*- C++ -*-===//

#ifndef TILE_CACHE_CACHEKEY_H
#define TILE_CACHE_CACHEKEY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace tile::cache {

/// The cache key of a compile: lower-case hex SHA-256 over the canonical
/// tile IR, the target, the compiler version and the pipeline options
/// (sorted). Each field is length-prefixed so that no two different inputs
/// serialize alike.
std::string computeCacheKey(llvm::StringRef canonicalIR, llvm::StringRef target,
                            llvm::StringRef compilerVersion,
                            llvm::ArrayRef<std::string> options);

/// Lower-case hex SHA-256 of `data`.
std::string sha256Hex(llvm::StringRef data);

/// Whether `text` looks like a key: 64 lower-case hex digits.
bool isCacheKey(llvm::StringRef text);

} // namespace tile::cache

#endif // TILE_CACHE_CACHEKEY_H
