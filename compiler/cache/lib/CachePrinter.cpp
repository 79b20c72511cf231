//===- CachePrinter.cpp - What `tilecc cache` prints ----------------------===//

#include "tile/Cache/CachePrinter.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

using namespace tile::cache;

/// The kernel names of an entry's metadata, comma separated.
static std::string kernelNames(const llvm::json::Object &metadata) {
  std::string names;
  if (const llvm::json::Array *kernels = metadata.getArray("kernels"))
    for (const llvm::json::Value &kernel : *kernels)
      if (const llvm::json::Object *object = kernel.getAsObject())
        if (std::optional<llvm::StringRef> name = object->getString("name"))
          names += (names.empty() ? "" : ", ") + name->str();
  return names;
}

void tile::cache::printEntryList(const KernelCache &cache,
                                 llvm::raw_ostream &os) {
  std::vector<std::string> keys = cache.keys();
  os << llvm::formatv("{0,-16} {1,-8} {2,8} {3,-7} {4}\n", "key", "status",
                      "bytes", "target", "kernels");
  for (const std::string &key : keys) {
    LookupResult entry = cache.lookup(key);
    if (entry.status != LookupStatus::Hit) {
      os << llvm::formatv("{0,-16} {1,-8} {2}\n", key.substr(0, 16), "corrupt",
                          entry.status == LookupStatus::Miss
                              ? "the JSON is missing"
                              : entry.reason);
      continue;
    }
    os << llvm::formatv("{0,-16} {1,-8} {2,8} {3,-7} {4}\n", key.substr(0, 16),
                        "ok", entry.cubin.size(),
                        entry.metadata.getString("target").value_or("?"),
                        kernelNames(entry.metadata));
  }
  os << keys.size() << " entries in " << cache.directory() << "\n";
}

llvm::Error tile::cache::printEntry(const KernelCache &cache,
                                    llvm::StringRef keyOrPrefix,
                                    llvm::raw_ostream &os) {
  llvm::Expected<std::string> key = cache.resolve(keyOrPrefix);
  if (!key)
    return key.takeError();
  LookupResult entry = cache.lookup(*key);
  os << "key:    " << *key << "\n";
  os << "cubin:  " << cache.entryPath(*key, "cubin") << "\n";
  if (entry.status != LookupStatus::Hit) {
    os << "status: corrupt ("
       << (entry.status == LookupStatus::Miss ? "the JSON is missing"
                                              : entry.reason)
       << ")\n";
    return llvm::Error::success();
  }
  os << "status: ok\n"
     << llvm::formatv("{0:2}", llvm::json::Value(std::move(entry.metadata)))
     << "\n";
  return llvm::Error::success();
}
