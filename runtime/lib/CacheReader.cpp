//===- CacheReader.cpp - Loading verified entries of the kernel cache -----===//

#include "tile/runtime/CacheReader.h"
#include "tile/runtime/Error.h"

#include <nlohmann/json.hpp>
#include <openssl/evp.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>

using namespace tile::rt;
namespace fs = std::filesystem;

std::string tile::rt::sha256Hex(const void *data, size_t size) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned length = 0;
  if (!EVP_Digest(data, size, digest, &length, EVP_sha256(), nullptr))
    throw Error("SHA-256 failed");
  static const char *hex = "0123456789abcdef";
  std::string text;
  for (unsigned i = 0; i < length; ++i) {
    text += hex[digest[i] >> 4];
    text += hex[digest[i] & 15];
  }
  return text;
}

fs::path tile::rt::defaultCacheDirectory() {
  if (const char *dir = std::getenv("TILE_CACHE_DIR"); dir && *dir)
    return dir;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return fs::path(xdg) / "tile" / "kernels";
  const char *home = std::getenv("HOME");
  return fs::path(home ? home : ".") / ".cache" / "tile" / "kernels";
}

static std::vector<char> readFile(const fs::path &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw Error("cannot read '" + path.string() + "'");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

static nlohmann::json readJson(const fs::path &path) {
  std::vector<char> text = readFile(path);
  nlohmann::json json =
      nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
  if (json.is_discarded() || !json.is_object())
    throw Error("'" + path.string() + "' is not a JSON object");
  return json;
}

const KernelInfo &CacheEntry::kernel(const std::string &name) const {
  std::string known;
  for (const KernelInfo &info : kernels) {
    if (info.name == name || info.entry == name)
      return info;
    known += (known.empty() ? "" : ", ") + info.name;
  }
  throw Error("no kernel '" + name + "' in cache entry " + key +
              " (it has: " + known + ")");
}

CacheEntry tile::rt::loadEntry(const fs::path &cacheDir,
                               const std::string &key) {
  fs::path jsonPath = cacheDir / (key + ".json");
  fs::path cubinPath = cacheDir / (key + ".cubin");
  if (!fs::exists(jsonPath))
    throw Error("kernel cache entry " + key + " is not in '" +
                cacheDir.string() + "'; compile the kernels with tilecc");
  nlohmann::json json = readJson(jsonPath);
  auto corrupt = [&](const std::string &why) {
    return Error("corrupt kernel cache entry '" + jsonPath.string() +
                 "': " + why + "; recompile it with tilecc");
  };
  if (json.value("format", 0) != 1)
    throw corrupt("unsupported format");
  if (json.value("key", "") != key)
    throw corrupt("it names another key");
  if (!json.contains("cubin") || !json["cubin"].is_object())
    throw corrupt("no cubin size and hash");
  CacheEntry entry;
  entry.key = key;
  entry.target = json.value("target", "");
  entry.cubin = readFile(cubinPath);
  const nlohmann::json &info = json["cubin"];
  if (info.value("size", int64_t(-1)) != int64_t(entry.cubin.size()))
    throw corrupt("the cubin has " + std::to_string(entry.cubin.size()) +
                  " bytes, the metadata says " +
                  std::to_string(info.value("size", int64_t(-1))));
  if (info.value("sha256", "") !=
      sha256Hex(entry.cubin.data(), entry.cubin.size()))
    throw corrupt("the cubin's SHA-256 does not match the metadata");
  if (!json.contains("kernels") || !json["kernels"].is_array())
    throw corrupt("no kernel list");
  for (const nlohmann::json &kernel : json["kernels"])
    entry.kernels.push_back(KernelInfo::fromJson(kernel));
  return entry;
}

CacheEntry tile::rt::loadManifest(const fs::path &manifest,
                                  const fs::path &cacheDir) {
  nlohmann::json json = readJson(manifest);
  if (!json.contains("key") || !json["key"].is_string())
    throw Error("manifest '" + manifest.string() + "' names no key");
  return loadEntry(cacheDir, json["key"].get<std::string>());
}
