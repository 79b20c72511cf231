//===- CacheCommand.cpp - tilecc cache list|show|clear --------------------===//

#include "CacheCommand.h"

#include "tile/Cache/CachePrinter.h"
#include "tile/Cache/KernelCache.h"

#include "llvm/Support/WithColor.h"

namespace cl = llvm::cl;

cl::SubCommand tile::tools::cacheCommand(
    "cache", "Inspect the kernel cache:\n"
             "  tilecc cache list        one line per entry, corrupt ones "
             "marked\n"
             "  tilecc cache show KEY    an entry's metadata and whether it is "
             "intact (a unique key prefix is enough)\n"
             "  tilecc cache clear       remove every entry");

static cl::opt<std::string> action(cl::Positional,
                                   cl::desc("<list|show|clear>"),
                                   cl::sub(tile::tools::cacheCommand));
static cl::opt<std::string> key(cl::Positional, cl::desc("[key]"),
                                cl::sub(tile::tools::cacheCommand));
static cl::opt<std::string>
    directory("cache-dir",
              cl::desc("Kernel cache directory (default: $TILE_CACHE_DIR, "
                       "else $XDG_CACHE_HOME/tile/kernels, else "
                       "~/.cache/tile/kernels)"),
              cl::value_desc("dir"), cl::sub(tile::tools::cacheCommand));

static int error(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "tilecc cache") << message << "\n";
  return 1;
}

int tile::tools::runCacheCommand() {
  llvm::Expected<cache::KernelCache> opened = cache::KernelCache::openExisting(
      tile::formats::cacheDirectory(directory).string());
  if (!opened)
    return error(llvm::toString(opened.takeError()));
  if (action == "list") {
    cache::printEntryList(*opened, llvm::outs());
    return 0;
  }
  if (action == "show") {
    if (key.empty())
      return error("show needs a key or a unique key prefix");
    if (llvm::Error failure = cache::printEntry(*opened, key, llvm::outs()))
      return error(llvm::toString(std::move(failure)));
    return 0;
  }
  if (action == "clear") {
    llvm::Expected<unsigned> removed = opened->clear();
    if (!removed)
      return error(llvm::toString(removed.takeError()));
    llvm::outs() << "removed " << *removed << " entries from "
                 << opened->directory() << "\n";
    return 0;
  }
  return error("expected list, show or clear, found '" + action + "'");
}
