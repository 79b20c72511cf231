//===- CacheKey.cpp - The content hash that names a cache entry -----------===//

#include "tile/Cache/CacheKey.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"

#include <algorithm>

using namespace tile::cache;

std::string tile::cache::sha256Hex(llvm::StringRef data) {
  return llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(data)),
                     /*LowerCase=*/true);
}

std::string tile::cache::computeCacheKey(llvm::StringRef canonicalIR,
                                         llvm::StringRef target,
                                         llvm::StringRef compilerVersion,
                                         llvm::ArrayRef<std::string> options) {
  std::vector<std::string> sorted(options.begin(), options.end());
  std::sort(sorted.begin(), sorted.end());
  llvm::SHA256 hasher;
  auto field = [&](llvm::StringRef text) {
    std::string length = std::to_string(text.size()) + ":";
    hasher.update(length);
    hasher.update(text);
  };
  field("tile-cache-key-v1");
  field(canonicalIR);
  field(target);
  field(compilerVersion);
  field(std::to_string(sorted.size()));
  for (const std::string &option : sorted)
    field(option);
  return llvm::toHex(hasher.final(), /*LowerCase=*/true);
}

bool tile::cache::isCacheKey(llvm::StringRef text) {
  return text.size() == 64 && llvm::all_of(text, [](char c) {
           return llvm::isDigit(c) || (c >= 'a' && c <= 'f');
         });
}
