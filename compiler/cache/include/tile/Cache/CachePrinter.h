//===- CachePrinter.h - What `tilecc cache` prints --------------*- C++ -*-===//

#ifndef TILE_CACHE_CACHEPRINTER_H
#define TILE_CACHE_CACHEPRINTER_H

#include "tile/Cache/KernelCache.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

namespace tile::cache {

/// Writes `entries` as a table with aligned columns: a header line, then one
/// line per entry. A valid entry shows the first 16 digits of its key, "ok",
/// the cubin's size, the target, the kernels, the modification time and the
/// source; an entry that is not valid shows its key, "corrupt" or
/// "incomplete", and why.
void printEntryTable(llvm::ArrayRef<EntryInfo> entries, llvm::raw_ostream &os);

/// `tilecc cache list`: the table of every entry of `cache`, then the line
/// "<N> entries in <directory>" with the counts by state and the bytes.
void printEntryList(const KernelCache &cache, llvm::raw_ostream &os);

/// Writes one entry: its key, its files, its status (with the reason when it
/// is not valid), then its JSON pretty-printed whenever the JSON parses.
void printEntryDetails(const KernelCache &cache, const EntryInfo &entry,
                       llvm::raw_ostream &os);

/// `tilecc cache show`: printEntryDetails() of the entry whose key is or
/// starts with `keyOrPrefix`; an error (and nothing printed) if no entry or
/// several match.
llvm::Error printEntry(const KernelCache &cache, llvm::StringRef keyOrPrefix,
                       llvm::raw_ostream &os);

} // namespace tile::cache

#endif // TILE_CACHE_CACHEPRINTER_H
