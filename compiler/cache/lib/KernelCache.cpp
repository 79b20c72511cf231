//===- KernelCache.cpp - The on-disk, content-hashed kernel cache ---------===//

#include "tile/Cache/KernelCache.h"
#include "tile/Cache/CacheKey.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace tile::cache;

/// The version of the entry format this code reads and writes.
static constexpr int64_t kFormat = 1;
/// Temporary files start with this, so that `clear` can find leftovers.
static constexpr llvm::StringLiteral kTempPrefix = ".tmp-";

std::string KernelCache::defaultDirectory() {
  if (std::optional<std::string> dir =
          llvm::sys::Process::GetEnv("TILE_CACHE_DIR"))
    if (!dir->empty())
      return *dir;
  llvm::SmallString<256> path;
  if (std::optional<std::string> xdg =
          llvm::sys::Process::GetEnv("XDG_CACHE_HOME");
      xdg && !xdg->empty()) {
    path = *xdg;
  } else {
    llvm::sys::path::home_directory(path);
    llvm::sys::path::append(path, ".cache");
  }
  llvm::sys::path::append(path, "tile", "kernels");
  return std::string(path);
}

llvm::Expected<KernelCache> KernelCache::open(llvm::StringRef directory) {
  if (std::error_code ec = llvm::sys::fs::create_directories(directory))
    return llvm::createStringError(ec, "cannot create the kernel cache '" +
                                           directory + "': " + ec.message());
  return KernelCache(directory.str());
}

std::string KernelCache::entryPath(llvm::StringRef key,
                                   llvm::StringRef extension) const {
  llvm::SmallString<256> path(root);
  llvm::sys::path::append(path, key + "." + extension);
  return std::string(path);
}

LookupResult KernelCache::lookup(llvm::StringRef key) const {
  LookupResult result;
  auto corrupt = [&](const llvm::Twine &reason) {
    result.status = LookupStatus::Corrupt;
    result.reason = reason.str();
    result.cubin.clear();
    result.metadata = {};
    return std::move(result);
  };
  if (!isCacheKey(key))
    return corrupt("'" + key + "' is not a cache key");
  auto json = llvm::MemoryBuffer::getFile(entryPath(key, "json"));
  if (!json)
    return result; // No JSON: the entry does not exist (yet).
  llvm::Expected<llvm::json::Value> parsed =
      llvm::json::parse((*json)->getBuffer());
  if (!parsed)
    return corrupt("unparsable JSON: " + llvm::toString(parsed.takeError()));
  llvm::json::Object *metadata = parsed->getAsObject();
  if (!metadata)
    return corrupt("the JSON is not an object");
  if (metadata->getInteger("format") != kFormat)
    return corrupt("unsupported format");
  if (metadata->getString("key") != key)
    return corrupt("the JSON names another key");
  llvm::json::Object *cubinInfo = metadata->getObject("cubin");
  std::optional<int64_t> size =
      cubinInfo ? cubinInfo->getInteger("size") : std::nullopt;
  std::optional<llvm::StringRef> hash =
      cubinInfo ? cubinInfo->getString("sha256") : std::nullopt;
  if (!size || !hash)
    return corrupt("the JSON lacks the cubin's size or sha256");
  auto cubin =
      llvm::MemoryBuffer::getFile(entryPath(key, "cubin"), /*IsText=*/false);
  if (!cubin)
    return corrupt("the cubin is missing");
  llvm::StringRef bytes = (*cubin)->getBuffer();
  if (static_cast<int64_t>(bytes.size()) != *size)
    return corrupt("the cubin has " + llvm::Twine(bytes.size()) +
                   " bytes, the JSON says " + llvm::Twine(*size));
  if (sha256Hex(bytes) != *hash)
    return corrupt("the cubin's SHA-256 does not match the JSON");
  result.status = LookupStatus::Hit;
  result.cubin = bytes.str();
  result.metadata = std::move(*metadata);
  return result;
}

/// Writes `data` to a fresh temporary file in `dir`, then renames it to
/// `path`: readers see the old file or the whole new one, never a part.
static llvm::Error writeAtomically(llvm::StringRef dir, llvm::StringRef path,
                                   llvm::StringRef data) {
  llvm::SmallString<256> model(dir);
  llvm::sys::path::append(model, kTempPrefix + "%%%%%%%%%%%%");
  int fd;
  llvm::SmallString<256> temp;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(
          model, fd, temp, llvm::sys::fs::OF_None))
    return llvm::createStringError(ec, "cannot create a file in '" + dir +
                                           "': " + ec.message());
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << data;
    os.flush();
    if (os.has_error()) {
      std::error_code ec = os.error();
      os.clear_error();
      llvm::sys::fs::remove(temp);
      return llvm::createStringError(ec, "cannot write '" + temp +
                                             "': " + ec.message());
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(temp, path)) {
    llvm::sys::fs::remove(temp);
    return llvm::createStringError(ec, "cannot rename '" + temp + "' to '" +
                                           path + "': " + ec.message());
  }
  return llvm::Error::success();
}

llvm::Expected<llvm::json::Object>
KernelCache::store(llvm::StringRef key, llvm::StringRef cubin,
                   llvm::json::Object metadata) const {
  if (!isCacheKey(key))
    return llvm::createStringError("'" + key + "' is not a cache key");
  metadata["format"] = kFormat;
  metadata["key"] = key;
  metadata["cubin"] =
      llvm::json::Object{{"size", static_cast<int64_t>(cubin.size())},
                         {"sha256", sha256Hex(cubin)}};
  std::string json;
  llvm::raw_string_ostream os(json);
  os << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object(metadata)))
     << "\n";
  if (llvm::Error error = writeAtomically(root, entryPath(key, "cubin"), cubin))
    return std::move(error);
  if (llvm::Error error = writeAtomically(root, entryPath(key, "json"), json))
    return std::move(error);
  return metadata;
}

std::vector<std::string> KernelCache::keys() const {
  std::set<std::string> found;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(root, ec), end; it != end && !ec;
       it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    llvm::StringRef stem = llvm::sys::path::stem(name);
    llvm::StringRef extension = llvm::sys::path::extension(name);
    if ((extension == ".json" || extension == ".cubin") && isCacheKey(stem))
      found.insert(stem.str());
  }
  return {found.begin(), found.end()};
}

llvm::Expected<std::string> KernelCache::resolve(llvm::StringRef prefix) const {
  std::vector<std::string> matches;
  for (const std::string &key : keys())
    if (llvm::StringRef(key).starts_with(prefix))
      matches.push_back(key);
  if (matches.empty())
    return llvm::createStringError(
        "no entry in '" + root + "' has a key starting with '" + prefix + "'");
  if (matches.size() > 1)
    return llvm::createStringError("'" + prefix + "' matches " +
                                   llvm::Twine(matches.size()) +
                                   " entries; give more of the key");
  return matches.front();
}

llvm::Error KernelCache::remove(llvm::StringRef key) const {
  for (llvm::StringRef extension : {"json", "cubin"})
    if (std::error_code ec = llvm::sys::fs::remove(entryPath(key, extension)))
      return llvm::createStringError(ec, "cannot remove '" +
                                             entryPath(key, extension) +
                                             "': " + ec.message());
  return llvm::Error::success();
}

llvm::Expected<unsigned> KernelCache::clear() const {
  std::vector<std::string> entries = keys();
  for (const std::string &key : entries)
    if (llvm::Error error = remove(key))
      return std::move(error);
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(root, ec), end; it != end && !ec;
       it.increment(ec))
    if (llvm::sys::path::filename(it->path()).starts_with(kTempPrefix))
      llvm::sys::fs::remove(it->path());
  return static_cast<unsigned>(entries.size());
}
