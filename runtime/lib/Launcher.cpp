//===- Launcher.cpp - What tilecc's generated launchers build on ----------===//

#include "tile/runtime/Launcher.h"

using namespace tile::rt;

CacheEntry LauncherEntry::load(const std::filesystem::path &cacheDir) const {
  if (!embedded())
    return loadEntry(cacheDir, key);
  return verifyEntry(key, metadata, std::as_bytes(cubin),
                     "embedded in a launcher header");
}
