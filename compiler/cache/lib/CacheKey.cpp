//===- CacheKey.cpp - The content hash that names a cache entry -----------===//

#include "tile/Cache/CacheKey.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"

#include <vector>

using namespace tile::cache;

/// Tags the serialization; changing it changes every key.
static constexpr llvm::StringLiteral KeyFormatTag = "tile-cache-key-v1";

/// Appends `text` to `out` as `<decimal length>:<bytes>`.
static void appendField(std::string &out, llvm::StringRef text) {
  out += std::to_string(text.size());
  out += ':';
  out += text;
}

std::string tile::cache::serializeKeyInputs(
    llvm::StringRef canonicalIR, llvm::StringRef target,
    llvm::StringRef compilerVersion, llvm::ArrayRef<std::string> options) {
  std::vector<std::string> sorted(options.begin(), options.end());
  llvm::sort(sorted);
  std::string out;
  out.reserve(canonicalIR.size() + 128);
  appendField(out, KeyFormatTag);
  appendField(out, canonicalIR);
  appendField(out, target);
  appendField(out, compilerVersion);
  appendField(out, std::to_string(sorted.size()));
  for (const std::string &option : sorted)
    appendField(out, option);
  return out;
}

std::string tile::cache::computeCacheKey(llvm::StringRef canonicalIR,
                                         llvm::StringRef target,
                                         llvm::StringRef compilerVersion,
                                         llvm::ArrayRef<std::string> options) {
  return sha256Hex(
      serializeKeyInputs(canonicalIR, target, compilerVersion, options));
}

std::string tile::cache::sha256Hex(llvm::StringRef data) {
  return llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(data)),
                     /*LowerCase=*/true);
}

/// Whether `c` is a lower-case hex digit.
static bool isLowerHexDigit(char c) {
  return llvm::isDigit(c) || (c >= 'a' && c <= 'f');
}

bool tile::cache::isCacheKey(llvm::StringRef text) {
  return text.size() == CacheKeyLength && llvm::all_of(text, isLowerHexDigit);
}

bool tile::cache::isCacheKeyPrefix(llvm::StringRef text) {
  return !text.empty() && text.size() <= CacheKeyLength &&
         llvm::all_of(text, isLowerHexDigit);
}
