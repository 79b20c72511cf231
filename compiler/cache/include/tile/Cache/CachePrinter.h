//===- CachePrinter.h - What `tilecc cache` prints --------------*- C++ -*-===//

#ifndef TILE_CACHE_CACHEPRINTER_H
#define TILE_CACHE_CACHEPRINTER_H

#include "tile/Cache/KernelCache.h"

#include "llvm/Support/raw_ostream.h"

namespace tile::cache {

/// One line per entry: key, status, size, target, source and kernels.
void printEntryList(const KernelCache &cache, llvm::raw_ostream &os);

/// The entry named by `keyOrPrefix`: its status and its JSON.
llvm::Error printEntry(const KernelCache &cache, llvm::StringRef keyOrPrefix,
                       llvm::raw_ostream &os);

} // namespace tile::cache

#endif // TILE_CACHE_CACHEPRINTER_H
