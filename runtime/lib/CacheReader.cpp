//===- CacheReader.cpp - Verified entries of the kernel cache -------------===//

#include "tile/runtime/CacheReader.h"
#include "tile/runtime/Error.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>

using namespace tile::rt;
namespace fs = std::filesystem;

bool tile::rt::isCacheKey(std::string_view key) {
  if (key.size() != 64)
    return false;
  for (char c : key)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
      return false;
  return true;
}

fs::path tile::rt::defaultCacheDirectory() {
  if (const char *dir = std::getenv("TILE_CACHE_DIR"); dir && *dir)
    return dir;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return fs::path(xdg) / "tile" / "kernels";
  const char *home = std::getenv("HOME");
  return fs::path(home && *home ? home : ".") / ".cache" / "tile" / "kernels";
}

/// The whole contents of the regular file `path`; throws Error with the
/// reason it cannot be read.
static std::vector<std::byte> readFile(const fs::path &path) {
  std::error_code error;
  fs::file_status status = fs::status(path, error);
  if (!fs::exists(status))
    throw Error("cannot read '" + path.string() + "': no such file");
  if (!fs::is_regular_file(status))
    throw Error("cannot read '" + path.string() + "': not a regular file");
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in)
    throw Error("cannot read '" + path.string() + "': " + std::strerror(errno));
  std::vector<std::byte> bytes(size_t(in.tellg()));
  in.seekg(0);
  in.read(reinterpret_cast<char *>(bytes.data()),
          std::streamsize(bytes.size()));
  if (!in || in.peek() != std::char_traits<char>::eof())
    throw Error("cannot read '" + path.string() +
                "': it changed while being read");
  return bytes;
}

/// Parses `bytes` as a JSON object; null if they are not one.
static nlohmann::json parseObject(const std::vector<std::byte> &bytes) {
  const auto *text = reinterpret_cast<const char *>(bytes.data());
  nlohmann::json json =
      nlohmann::json::parse(text, text + bytes.size(), nullptr, false);
  if (json.is_discarded() || !json.is_object())
    return nullptr;
  return json;
}

const KernelInfo &CacheEntry::kernel(std::string_view name) const {
  std::string known;
  for (const KernelInfo &info : kernels) {
    if (info.name == name || info.entry == name)
      return info;
    known += (known.empty() ? "" : ", ") + info.name;
  }
  throw Error("no kernel '" + std::string(name) + "' in kernel cache entry " +
              key + " (it has: " + (known.empty() ? "none" : known) + ")");
}

/// Reads the fields of an entry's JSON into `entry`, and the cubin's
/// recorded size and hash into `size` and `sha256`. Throws Error, or
/// nlohmann::json::exception, with what is wrong.
static void readMetadata(const nlohmann::json &json, std::string_view key,
                         CacheEntry &entry, int64_t &size,
                         std::string &sha256) {
  const nlohmann::json &format = json.at("format");
  if (!format.is_number_integer() || format.get<int64_t>() != 1)
    throw Error("unsupported format " + format.dump() +
                " (this runtime reads format 1)");
  const nlohmann::json &named = json.at("key");
  if (!named.is_string() || named.get<std::string>() != key)
    throw Error("it names another key, " + named.dump());
  entry.key = key;
  entry.target = json.value("target", "");
  const nlohmann::json &cubin = json.at("cubin");
  if (!cubin.at("size").is_number_unsigned() || !cubin.at("sha256").is_string())
    throw Error("no valid cubin size and SHA-256");
  size = cubin["size"].get<int64_t>();
  sha256 = cubin["sha256"].get<std::string>();
  const nlohmann::json &kernels = json.at("kernels");
  if (!kernels.is_array())
    throw Error("no kernel list");
  for (const nlohmann::json &kernel : kernels)
    entry.kernels.push_back(KernelInfo::fromJson(kernel));
}

CacheEntry tile::rt::loadEntry(const fs::path &cacheDir, std::string_view key) {
  if (!isCacheKey(key))
    throw Error("'" + std::string(key) +
                "' is not a kernel cache key (64 lower-case hex digits)");
  std::string jsonName = std::string(key) + ".json";
  fs::path jsonPath = cacheDir / jsonName;
  fs::path cubinPath = cacheDir / (std::string(key) + ".cubin");
  std::error_code error;
  if (!fs::exists(jsonPath, error))
    throw Error("kernel cache entry " + std::string(key) + " is not in '" +
                cacheDir.string() + "'; compile the kernels with tilecc");
  // A corrupt entry: `file` is wrong, for `why`.
  auto corrupt = [&](const fs::path &file, const std::string &why) {
    return Error("corrupt kernel cache entry '" + file.string() + "': " + why +
                 "; recompile it with tilecc");
  };

  nlohmann::json json = parseObject(readFile(jsonPath));
  if (json.is_null())
    throw corrupt(jsonPath, "not a JSON object");
  CacheEntry entry;
  int64_t size = 0;
  std::string sha256;
  try {
    readMetadata(json, key, entry, size, sha256);
  } catch (const nlohmann::json::exception &e) {
    throw corrupt(jsonPath, std::string("malformed: ") + e.what());
  } catch (const Error &e) {
    throw corrupt(jsonPath, e.what());
  }

  if (!fs::exists(cubinPath, error))
    throw corrupt(cubinPath, "the file is missing");
  std::vector<std::byte> cubin = readFile(cubinPath);
  if (int64_t(cubin.size()) != size)
    throw corrupt(cubinPath, "it has " + std::to_string(cubin.size()) +
                                 " bytes, its .json records " +
                                 std::to_string(size));
  std::string actual = sha256Hex(cubin);
  if (actual != sha256)
    throw corrupt(cubinPath, "its SHA-256 " + actual + " does not match " +
                                 sha256 + " recorded in its .json");
  entry.cubin = std::move(cubin);
  return entry;
}

CacheEntry tile::rt::loadManifest(const fs::path &manifest,
                                  const fs::path &cacheDir) {
  nlohmann::json json = parseObject(readFile(manifest));
  if (json.is_null())
    throw Error("kernel manifest '" + manifest.string() +
                "' is not a JSON object");
  if (!json.contains("key") || !json["key"].is_string())
    throw Error("kernel manifest '" + manifest.string() + "' names no key");
  try {
    return loadEntry(cacheDir, json["key"].get<std::string>());
  } catch (const Error &e) {
    throw Error(std::string(e.what()) + " (named by '" + manifest.string() +
                "')");
  }
}
