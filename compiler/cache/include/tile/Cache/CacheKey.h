//===- CacheKey.h - The content hash that names a cache entry ---*- C++ -*-===//

#ifndef TILE_CACHE_CACHEKEY_H
#define TILE_CACHE_CACHEKEY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace tile::cache {

/// The bytes that a cache key hashes: a version tag, then the canonical tile
/// IR, the target, the compiler version, the number of pipeline options and
/// the options themselves (sorted), each written as `<decimal length>:<bytes>`
/// so that no two different inputs serialize alike.
std::string serializeKeyInputs(llvm::StringRef canonicalIR,
                               llvm::StringRef target,
                               llvm::StringRef compilerVersion,
                               llvm::ArrayRef<std::string> options);

/// The cache key of a compile: the lower-case hex SHA-256 of
/// serializeKeyInputs(). `options` are "name=value" strings in any order.
std::string computeCacheKey(llvm::StringRef canonicalIR, llvm::StringRef target,
                            llvm::StringRef compilerVersion,
                            llvm::ArrayRef<std::string> options);

} // namespace tile::cache

#endif // TILE_CACHE_CACHEKEY_H
