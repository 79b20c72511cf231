//===- CacheReader.cpp - Verified entries of the kernel cache -------------===//

#include "tile/runtime/CacheReader.h"
#include "tile/formats/CacheEntry.h"
#include "tile/runtime/Error.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>

using namespace tile::rt;
namespace fs = std::filesystem;
namespace formats = tile::formats;

fs::path tile::rt::defaultCacheDirectory() {
  return formats::defaultCacheDirectory();
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

/// `bytes` as text.
static std::string_view asText(const std::vector<std::byte> &bytes) {
  return {reinterpret_cast<const char *>(bytes.data()), bytes.size()};
}

/// The error for a corrupt entry: `file` is wrong, for `why`.
static Error corrupt(const std::string &file, const std::string &why) {
  return Error("corrupt kernel cache entry '" + file + "': " + why +
               "; recompile it with tilecc");
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

const KernelInfo &CacheEntry::tunedKernel(std::string_view name,
                                          std::string_view gpu) const {
  const KernelInfo &written = kernel(name);
  for (const TunedReplacement &replacement : written.tuned)
    if (replacement.device == gpu)
      return kernel(replacement.kernel);
  return written;
}

/// An entry's JSON, read and checked: the entry without its cubin, and what
/// it records about the cubin.
struct RecordedEntry {
  CacheEntry entry;
  formats::CubinRecord cubin;
};

/// Reads the JSON `text` of entry `key`, called `name` in errors.
static RecordedEntry readRecord(std::string_view key, std::string_view text,
                                const std::string &name) {
  formats::EntryRecord read;
  if (formats::EntryProblem problem = formats::readEntry(text, key, read))
    throw corrupt(name, problem.reason);
  RecordedEntry record;
  record.entry.key = key;
  record.entry.target = read.target;
  for (const formats::KernelRecord &kernel : read.kernels)
    record.entry.kernels.push_back(KernelInfo::fromRecord(kernel));
  record.cubin = std::move(read.cubin);
  return record;
}

/// `record`'s entry with `cubin`, called `name` in errors, which must have
/// the recorded size and SHA-256.
static CacheEntry withCubin(RecordedEntry record, std::vector<std::byte> cubin,
                            const std::string &name) {
  if (formats::EntryProblem problem =
          formats::checkCubin(record.cubin, asText(cubin)))
    throw corrupt(name, problem.reason);
  record.entry.cubin = std::move(cubin);
  return std::move(record.entry);
}

static void checkKey(std::string_view key) {
  if (!formats::isCacheKey(key))
    throw Error("'" + std::string(key) +
                "' is not a kernel cache key (64 lower-case hex digits)");
}

CacheEntry tile::rt::loadEntry(const fs::path &cacheDir, std::string_view key) {
  checkKey(key);
  fs::path jsonPath = cacheDir / formats::cacheEntryFileName(key, "json");
  fs::path cubinPath = cacheDir / formats::cacheEntryFileName(key, "cubin");
  std::error_code error;
  if (!fs::exists(jsonPath, error))
    throw Error("kernel cache entry " + std::string(key) + " is not in '" +
                cacheDir.string() + "'; compile the kernels with tilecc");
  RecordedEntry record =
      readRecord(key, asText(readFile(jsonPath)), jsonPath.string());
  if (!fs::exists(cubinPath, error))
    throw corrupt(cubinPath.string(), "the file is missing");
  return withCubin(std::move(record), readFile(cubinPath), cubinPath.string());
}

CacheEntry tile::rt::verifyEntry(std::string_view key, std::string_view json,
                                 std::span<const std::byte> cubin,
                                 std::string_view origin) {
  checkKey(key);
  std::string name = std::string(key) + " " + std::string(origin);
  return withCubin(readRecord(key, json, name + " (its .json)"),
                   {cubin.begin(), cubin.end()}, name + " (its cubin)");
}

CacheEntry tile::rt::loadManifest(const fs::path &manifest,
                                  const fs::path &cacheDir) {
  std::string error;
  std::string key = formats::readManifestKey(asText(readFile(manifest)), error);
  if (key.empty())
    throw Error("kernel manifest '" + manifest.string() + "' " + error);
  try {
    return loadEntry(cacheDir, key);
  } catch (const Error &e) {
    throw Error(std::string(e.what()) + " (named by '" + manifest.string() +
                "')");
  }
}
