//===- CacheKey.cpp - The content hash that names a cache entry -----------===//

#include "tile/Cache/CacheKey.h"
#include "tile/formats/Sha256.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

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
  return tile::formats::sha256Hex(
      serializeKeyInputs(canonicalIR, target, compilerVersion, options));
}
