//===- CacheEntry.cpp - The kernel cache's entries on disk ----------------===//

#include "tile/formats/CacheEntry.h"
#include "tile/formats/Sha256.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>

using namespace tile::formats;

/// Whether `c` is a lower-case hex digit.
static bool isLowerHexDigit(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

bool tile::formats::isCacheKey(std::string_view text) {
  return text.size() == kCacheKeyLength &&
         std::ranges::all_of(text, isLowerHexDigit);
}

bool tile::formats::isCacheKeyPrefix(std::string_view text) {
  return !text.empty() && text.size() <= kCacheKeyLength &&
         std::ranges::all_of(text, isLowerHexDigit);
}

/// The value of environment variable `name`, unless it is unset or empty.
static const char *nonEmptyEnv(const char *name) {
  const char *value = std::getenv(name);
  return value && *value ? value : nullptr;
}

std::filesystem::path tile::formats::defaultCacheDirectory() {
  if (const char *dir = nonEmptyEnv("TILE_CACHE_DIR"))
    return dir;
  if (const char *xdg = nonEmptyEnv("XDG_CACHE_HOME"))
    return std::filesystem::path(xdg) / "tile" / "kernels";
  const char *home = nonEmptyEnv("HOME");
  return std::filesystem::path(home ? home : ".") / ".cache" / "tile" /
         "kernels";
}

std::string tile::formats::cacheEntryFileName(std::string_view key,
                                              std::string_view extension) {
  return std::string(key) + "." + std::string(extension);
}

std::string_view tile::formats::corruptionKindName(CorruptionKind kind) {
  switch (kind) {
  case CorruptionKind::None:
    return "none";
  case CorruptionKind::InvalidKey:
    return "invalid-key";
  case CorruptionKind::UnreadableJSON:
    return "unreadable-json";
  case CorruptionKind::UnparsableJSON:
    return "unparsable-json";
  case CorruptionKind::UnsupportedFormat:
    return "unsupported-format";
  case CorruptionKind::KeyMismatch:
    return "key-mismatch";
  case CorruptionKind::MissingCubinInfo:
    return "missing-cubin-info";
  case CorruptionKind::MissingCubin:
    return "missing-cubin";
  case CorruptionKind::UnreadableCubin:
    return "unreadable-cubin";
  case CorruptionKind::SizeMismatch:
    return "size-mismatch";
  case CorruptionKind::HashMismatch:
    return "hash-mismatch";
  }
  return "unknown";
}

/// A problem of `kind`, said by `reason`.
static EntryProblem problem(CorruptionKind kind, std::string reason) {
  return {kind, std::move(reason)};
}

EntryProblem tile::formats::readCubinRecord(std::string_view json,
                                            std::string_view key,
                                            CubinRecord &record) {
  nlohmann::json parsed = nlohmann::json::parse(json, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object())
    return problem(CorruptionKind::UnparsableJSON,
                   "its JSON is not a JSON object");
  auto format = parsed.find("format");
  if (format == parsed.end())
    return problem(CorruptionKind::UnsupportedFormat,
                   "its JSON has no \"format\"");
  if (!format->is_number_integer() ||
      format->get<int64_t>() != kCacheEntryFormat)
    return problem(CorruptionKind::UnsupportedFormat,
                   "its JSON has format " + format->dump() +
                       " (this version reads format " +
                       std::to_string(kCacheEntryFormat) + ")");
  auto named = parsed.find("key");
  if (named == parsed.end() || !named->is_string())
    return problem(CorruptionKind::KeyMismatch, "its JSON names no key");
  if (named->get<std::string>() != key)
    return problem(CorruptionKind::KeyMismatch,
                   "its JSON names another key, " + named->dump());
  auto cubin = parsed.find("cubin");
  if (cubin == parsed.end() || !cubin->is_object() ||
      !cubin->contains("size") || !(*cubin)["size"].is_number_unsigned() ||
      !cubin->contains("sha256") || !(*cubin)["sha256"].is_string())
    return problem(CorruptionKind::MissingCubinInfo,
                   "its JSON has no valid cubin size and SHA-256");
  record.size = (*cubin)["size"].get<int64_t>();
  record.sha256 = (*cubin)["sha256"].get<std::string>();
  return {};
}

EntryProblem tile::formats::checkCubin(const CubinRecord &record,
                                       std::string_view cubin) {
  if (int64_t(cubin.size()) != record.size)
    return problem(CorruptionKind::SizeMismatch,
                   "the cubin has " + std::to_string(cubin.size()) +
                       " bytes, its JSON records " +
                       std::to_string(record.size));
  std::string actual = sha256Hex(cubin);
  if (actual != record.sha256)
    return problem(CorruptionKind::HashMismatch,
                   "the cubin's SHA-256 " + actual + " does not match " +
                       record.sha256 + " recorded in its JSON");
  return {};
}

CubinRecord tile::formats::recordOf(std::string_view cubin) {
  return {int64_t(cubin.size()), sha256Hex(cubin)};
}
