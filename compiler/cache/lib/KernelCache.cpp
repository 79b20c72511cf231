//===- KernelCache.cpp - The on-disk, content-hashed kernel cache ---------===//

#include "tile/Cache/KernelCache.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Errc.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <set>

using namespace tile::cache;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
namespace formats = tile::formats;

//===----------------------------------------------------------------------===//
// Opening
//===----------------------------------------------------------------------===//

static llvm::Error emptyPathError() {
  return llvm::createStringError(llvm::errc::invalid_argument,
                                 "the kernel cache directory is empty");
}

llvm::Expected<KernelCache> KernelCache::open(llvm::StringRef directory) {
  if (directory.empty())
    return emptyPathError();
  if (std::error_code ec = fs::create_directories(directory))
    return llvm::createStringError(ec, "cannot create the kernel cache '" +
                                           directory + "': " + ec.message());
  if (!fs::is_directory(directory))
    return llvm::createStringError(llvm::errc::not_a_directory,
                                   "cannot create the kernel cache '" +
                                       directory +
                                       "': it exists and is not a directory");
  return KernelCache(directory.str());
}

llvm::Expected<KernelCache>
KernelCache::openExisting(llvm::StringRef directory) {
  if (directory.empty())
    return emptyPathError();
  if (!fs::exists(directory))
    return llvm::createStringError(llvm::errc::no_such_file_or_directory,
                                   "no kernel cache at '" + directory +
                                       "': the directory does not exist");
  if (!fs::is_directory(directory))
    return llvm::createStringError(llvm::errc::not_a_directory,
                                   "no kernel cache at '" + directory +
                                       "': it is not a directory");
  return KernelCache(directory.str());
}

std::string KernelCache::entryPath(llvm::StringRef key,
                                   llvm::StringRef extension) const {
  llvm::SmallString<256> result(root);
  path::append(result, formats::cacheEntryFileName(key, extension));
  return std::string(result);
}

//===----------------------------------------------------------------------===//
// Verifying an entry
//===----------------------------------------------------------------------===//

/// Reads all of `filePath` into `out`. The file is read, never mapped
/// (MemoryBuffer maps nothing that is volatile and null-terminated): a file
/// truncated in place must not crash the reader, nor change bytes already
/// checked.
static std::error_code readWholeFile(const llvm::Twine &filePath,
                                     std::string &out) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(filePath, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/true,
                                  /*IsVolatile=*/true);
  if (!buffer)
    return buffer.getError();
  out = (*buffer)->getBuffer().str();
  return {};
}

namespace {
/// Everything one check of an entry found.
struct EntryCheck {
  LookupStatus status = LookupStatus::Miss;
  CorruptionKind corruption = CorruptionKind::None;
  std::string reason;
  /// The JSON's text, when it could be read.
  std::string jsonText;
  /// What the JSON holds, as far as it could be read.
  formats::EntryRecord metadata;
  /// The cubin's bytes, when it could be read.
  std::string cubin;

  void setCorrupt(CorruptionKind kind, const llvm::Twine &why) {
    status = LookupStatus::Corrupt;
    corruption = kind;
    reason = why.str();
  }
};
} // namespace

/// Whether `kind` is about the cubin rather than the JSON.
static bool isCubinProblem(CorruptionKind kind) {
  return kind == CorruptionKind::MissingCubin ||
         kind == CorruptionKind::UnreadableCubin ||
         kind == CorruptionKind::SizeMismatch ||
         kind == CorruptionKind::HashMismatch;
}

/// Checks `check.jsonText` and the cubin on disk against each other.
static void checkAgainstJSON(const KernelCache &cache, llvm::StringRef key,
                             EntryCheck &check) {
  // What the JSON holds is kept as far as it could be read, so that
  // describe() can show what a corrupt entry says it holds.
  if (formats::EntryProblem problem =
          formats::readEntry(check.jsonText, key, check.metadata))
    return check.setCorrupt(problem.kind, problem.reason);
  if (std::error_code ec =
          readWholeFile(cache.entryPath(key, "cubin"), check.cubin)) {
    if (ec == std::errc::no_such_file_or_directory)
      return check.setCorrupt(CorruptionKind::MissingCubin,
                              "the cubin is missing");
    return check.setCorrupt(CorruptionKind::UnreadableCubin,
                            "cannot read the cubin: " + ec.message());
  }
  if (formats::EntryProblem problem =
          formats::checkCubin(check.metadata.cubin, check.cubin))
    return check.setCorrupt(problem.kind, problem.reason);
  check.status = LookupStatus::Hit;
}

/// Reads and verifies the entry of `key`.
static EntryCheck checkEntry(const KernelCache &cache, llvm::StringRef key) {
  EntryCheck check;
  if (!formats::isCacheKey(key)) {
    check.setCorrupt(CorruptionKind::InvalidKey,
                     "'" + key + "' is not a cache key");
    return check;
  }
  std::string jsonPath = cache.entryPath(key, "json");
  if (std::error_code ec = readWholeFile(jsonPath, check.jsonText)) {
    if (ec != std::errc::no_such_file_or_directory)
      check.setCorrupt(CorruptionKind::UnreadableJSON,
                       "cannot read the JSON: " + ec.message());
    return check; // No JSON: a miss.
  }
  for (int attempt = 0;; ++attempt) {
    checkAgainstJSON(cache, key, check);
    if (check.status == LookupStatus::Hit || attempt > 0 ||
        !isCubinProblem(check.corruption))
      return check;
    // A store with other bytes may have renamed its cubin into place between
    // our reads of the JSON and of the cubin. If the JSON has changed since,
    // check the entry once more against the new one.
    std::string again;
    if (readWholeFile(jsonPath, again) || again == check.jsonText)
      return check;
    check = EntryCheck();
    check.jsonText = std::move(again);
  }
}

LookupResult KernelCache::lookup(llvm::StringRef key) const {
  EntryCheck check = checkEntry(*this, key);
  LookupResult result;
  result.status = check.status;
  if (check.status == LookupStatus::Hit) {
    result.cubin = std::move(check.cubin);
    result.metadata = std::move(check.metadata);
  } else if (check.status == LookupStatus::Corrupt) {
    result.corruption = check.corruption;
    result.reason = std::move(check.reason);
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Storing and removing
//===----------------------------------------------------------------------===//

/// Writes `data` to a fresh temporary file named after `model` in `dir`,
/// then renames it to `finalPath`: readers see the old file or the whole new
/// one, never a part of it.
static llvm::Error writeAtomically(llvm::StringRef dir, llvm::StringRef model,
                                   llvm::StringRef finalPath,
                                   llvm::StringRef data) {
  llvm::SmallString<256> modelPath(dir);
  path::append(modelPath, model);
  int fd = -1;
  llvm::SmallString<256> tempPath;
  std::error_code ec = fs::createUniqueFile(modelPath, fd, tempPath);
  if (ec == std::errc::no_such_file_or_directory) {
    // The directory was removed since the cache was opened: recreate it.
    if (!fs::create_directories(dir))
      ec = fs::createUniqueFile(modelPath, fd, tempPath);
  }
  if (ec)
    return llvm::createStringError(ec, "cannot create a temporary file in '" +
                                           dir + "': " + ec.message());
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << data;
    os.close();
    if (os.has_error()) {
      ec = os.error();
      os.clear_error();
      fs::remove(tempPath);
      return llvm::createStringError(ec, "cannot write '" + tempPath +
                                             "': " + ec.message());
    }
  }
  if ((ec = fs::rename(tempPath, finalPath))) {
    fs::remove(tempPath);
    return llvm::createStringError(ec, "cannot rename '" + tempPath + "' to '" +
                                           finalPath + "': " + ec.message());
  }
  return llvm::Error::success();
}

/// The error for a key that is not one.
static llvm::Error invalidKeyError(llvm::StringRef key) {
  return llvm::createStringError(llvm::errc::invalid_argument,
                                 "'" + key + "' is not a cache key");
}

llvm::Expected<formats::EntryRecord>
KernelCache::store(llvm::StringRef key, llvm::StringRef cubin,
                   formats::EntryRecord metadata) const {
  if (!formats::isCacheKey(key))
    return invalidKeyError(key);
  metadata.key = key.str();
  metadata.cubin = formats::recordOf(cubin);
  std::string json = formats::writeEntryJson(metadata);

  // The cubin first, the JSON last: the entry exists once its JSON does.
  for (auto [extension, data] :
       {std::pair<llvm::StringRef, llvm::StringRef>{"cubin", cubin},
        std::pair<llvm::StringRef, llvm::StringRef>{"json", json}}) {
    std::string model =
        (TempPrefix + key + "." + extension + ".%%%%%%%%%%%%").str();
    if (llvm::Error error =
            writeAtomically(root, model, entryPath(key, extension), data))
      return error;
  }
  return metadata;
}

llvm::Error KernelCache::remove(llvm::StringRef key) const {
  if (!formats::isCacheKey(key))
    return invalidKeyError(key);
  // The JSON first: once it is gone, the entry is.
  for (llvm::StringRef extension : {"json", "cubin"}) {
    std::string file = entryPath(key, extension);
    if (std::error_code ec = fs::remove(file))
      return llvm::createStringError(ec, "cannot remove '" + file +
                                             "': " + ec.message());
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Listing
//===----------------------------------------------------------------------===//

std::vector<std::string> KernelCache::keys() const {
  std::set<std::string> found;
  std::error_code ec;
  for (fs::directory_iterator it(root, ec), end; it != end && !ec;
       it.increment(ec)) {
    llvm::StringRef name = path::filename(it->path());
    llvm::StringRef extension = path::extension(name);
    llvm::StringRef stem = path::stem(name);
    if ((extension == ".json" || extension == ".cubin") &&
        formats::isCacheKey(stem))
      found.insert(stem.str());
  }
  return {found.begin(), found.end()};
}

std::vector<std::string> KernelCache::temporaries() const {
  std::vector<std::string> found;
  std::error_code ec;
  for (fs::directory_iterator it(root, ec), end; it != end && !ec;
       it.increment(ec))
    if (path::filename(it->path()).starts_with(TempPrefix))
      found.push_back(it->path());
  return found;
}

llvm::Expected<EntryInfo> KernelCache::describe(llvm::StringRef key) const {
  if (!formats::isCacheKey(key))
    return invalidKeyError(key);
  EntryCheck check = checkEntry(*this, key);
  fs::file_status jsonStatus, cubinStatus;
  bool hasJSON = !fs::status(entryPath(key, "json"), jsonStatus);
  bool hasCubin = !fs::status(entryPath(key, "cubin"), cubinStatus);
  if (check.status == LookupStatus::Miss && !hasCubin)
    return llvm::createStringError(llvm::errc::no_such_file_or_directory,
                                   "no entry in '" + root + "' has the key '" +
                                       key + "'");
  EntryInfo info;
  info.key = key.str();
  switch (check.status) {
  case LookupStatus::Hit:
    info.state = EntryState::Valid;
    break;
  case LookupStatus::Corrupt:
    info.state = EntryState::Corrupt;
    info.corruption = check.corruption;
    info.reason = std::move(check.reason);
    break;
  case LookupStatus::Miss:
    info.state = EntryState::Incomplete;
    info.reason = "the JSON is missing (a store in progress, or one cut short)";
    break;
  }
  if (hasCubin)
    info.cubinSize = cubinStatus.getSize();
  if (hasJSON)
    info.modified = jsonStatus.getLastModificationTime();
  else if (hasCubin)
    info.modified = cubinStatus.getLastModificationTime();
  info.metadata = std::move(check.metadata);
  info.json = std::move(check.jsonText);
  return info;
}

std::vector<EntryInfo> KernelCache::list() const {
  std::vector<EntryInfo> entries;
  for (const std::string &key : keys()) {
    llvm::Expected<EntryInfo> info = describe(key);
    if (!info) {
      // Removed since keys() read the directory.
      llvm::consumeError(info.takeError());
      continue;
    }
    entries.push_back(std::move(*info));
  }
  return entries;
}

CacheStats KernelCache::stats() const {
  CacheStats stats;
  for (const EntryInfo &info : list()) {
    ++stats.entries;
    switch (info.state) {
    case EntryState::Valid:
      ++stats.valid;
      break;
    case EntryState::Corrupt:
      ++stats.corrupt;
      break;
    case EntryState::Incomplete:
      ++stats.incomplete;
      break;
    }
    stats.cubinBytes += info.cubinSize;
  }
  stats.temporaries = temporaries().size();
  return stats;
}

llvm::Expected<std::string> KernelCache::resolve(llvm::StringRef prefix) const {
  std::string lowered = prefix.lower();
  if (!lowered.empty() && !formats::isCacheKeyPrefix(lowered))
    return llvm::createStringError(
        llvm::errc::invalid_argument,
        "no entry in '" + root + "' has a key starting with '" + prefix +
            "' (keys are " + llvm::Twine(formats::kCacheKeyLength) +
            " hex digits)");
  std::vector<std::string> matches;
  for (const std::string &key : keys())
    if (llvm::StringRef(key).starts_with(lowered))
      matches.push_back(key);
  if (matches.empty())
    return llvm::createStringError(
        llvm::errc::no_such_file_or_directory,
        "no entry in '" + root + "' has a key starting with '" + prefix + "'");
  if (matches.size() > 1) {
    constexpr size_t shown = 4;
    std::string candidates;
    for (size_t i = 0; i < std::min(matches.size(), shown); ++i)
      candidates += (i ? ", " : "") + matches[i].substr(0, 16) + "...";
    if (matches.size() > shown)
      candidates += ", ...";
    return llvm::createStringError(
        llvm::errc::invalid_argument,
        "'" + prefix + "' matches " + llvm::Twine(matches.size()) +
            " entries (" + candidates + "); give more of the key");
  }
  return matches.front();
}

llvm::Expected<unsigned> KernelCache::clear() const {
  unsigned removed = 0;
  for (const std::string &key : keys()) {
    if (llvm::Error error = remove(key))
      return error;
    ++removed;
  }
  for (const std::string &temp : temporaries())
    if (std::error_code ec = fs::remove(temp))
      return llvm::createStringError(ec, "cannot remove '" + temp +
                                             "': " + ec.message());
  return removed;
}
