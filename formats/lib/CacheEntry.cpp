//===- CacheEntry.cpp - The kernel cache's entries on disk ----------------===//

#include "tile/formats/CacheEntry.h"
#include "KernelListJson.h"
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

std::filesystem::path tile::formats::cacheDirectory(std::string_view given) {
  return given.empty() ? defaultCacheDirectory() : std::filesystem::path(given);
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
  case CorruptionKind::MalformedKernels:
    return "malformed-kernels";
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

/// Reads the fields of the parsed entry `parsed` of `key` into `entry`, in
/// the order readEntry's comment gives.
static EntryProblem readParsedEntry(const nlohmann::json &parsed,
                                    std::string_view key, EntryRecord &entry) {
  for (auto [field, value] :
       {std::pair<const char *, std::string *>{"compiler", &entry.compiler},
        {"target", &entry.target},
        {"source", &entry.source}})
    if (auto found = parsed.find(field);
        found != parsed.end() && found->is_string())
      *value = found->get<std::string>();
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
  entry.key = key;
  auto cubin = parsed.find("cubin");
  if (cubin == parsed.end() || !cubin->is_object() ||
      !cubin->contains("size") || !(*cubin)["size"].is_number_unsigned() ||
      !cubin->contains("sha256") || !(*cubin)["sha256"].is_string())
    return problem(CorruptionKind::MissingCubinInfo,
                   "its JSON has no valid cubin size and SHA-256");
  entry.cubin.size = (*cubin)["size"].get<int64_t>();
  entry.cubin.sha256 = (*cubin)["sha256"].get<std::string>();
  try {
    auto kernels = parsed.find("kernels");
    entry.kernels = kernelListFromJson(
        kernels == parsed.end() ? nlohmann::json() : *kernels);
  } catch (const MalformedKernels &e) {
    return problem(CorruptionKind::MalformedKernels, e.what());
  }
  return {};
}

EntryProblem tile::formats::readEntry(std::string_view json,
                                      std::string_view key,
                                      EntryRecord &entry) {
  nlohmann::json parsed = nlohmann::json::parse(json, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object())
    return problem(CorruptionKind::UnparsableJSON,
                   "its JSON is not a JSON object");
  return readParsedEntry(parsed, key, entry);
}

std::string tile::formats::writeEntryJson(const EntryRecord &entry,
                                          JsonLayout layout) {
  nlohmann::json out = {
      {"format", kCacheEntryFormat},
      {"key", entry.key},
      {"target", entry.target},
      {"cubin", {{"size", entry.cubin.size}, {"sha256", entry.cubin.sha256}}},
      {"kernels", kernelListToJson(entry.kernels)}};
  if (!entry.compiler.empty())
    out["compiler"] = entry.compiler;
  if (!entry.source.empty())
    out["source"] = entry.source;
  // A source path need not be UTF-8; JSON text must be.
  constexpr auto invalidUtf8 = nlohmann::json::error_handler_t::replace;
  if (layout == JsonLayout::Compact)
    return out.dump(-1, ' ', false, invalidUtf8);
  return out.dump(2, ' ', false, invalidUtf8) + "\n";
}

std::string tile::formats::readManifestKey(std::string_view json,
                                           std::string &error) {
  nlohmann::json parsed = nlohmann::json::parse(json, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object()) {
    error = "is not a JSON object";
    return "";
  }
  auto key = parsed.find("key");
  if (key == parsed.end() || !key->is_string() ||
      key->get<std::string>().empty()) {
    error = "names no key";
    return "";
  }
  return key->get<std::string>();
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
