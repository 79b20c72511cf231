//===- BlockedLayout.h - How a tile's elements spread over threads -*- C++ -*-//

#ifndef TILE_CONVERSION_BLOCKEDLAYOUT_H
#define TILE_CONVERSION_BLOCKEDLAYOUT_H

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Support/LLVM.h"

namespace mlir::tile {

/// The type an element is stored as in memory: booleans take a byte.
Type memoryElementType(Type element);

/// Bytes one element occupies in memory.
int64_t storageBytes(Type element);

/// The blocked layout of a program's tiles over its threads. The tile's
/// elements, flattened row-major, are cut into runs of `vectorWidth`; run `k`
/// belongs to thread `k % numThreads`. Each thread therefore holds
/// `elementsPerThread()` elements as `chunks()` runs, and neighbouring threads
/// touch neighbouring memory.
struct BlockedLayout {
  int64_t numElements = 1;
  int64_t numThreads = 1;
  int64_t vectorWidth = 1;

  int64_t elementsPerThread() const { return numElements / numThreads; }
  int64_t chunks() const { return elementsPerThread() / vectorWidth; }
  /// The flat tile index of the first element of chunk `chunk` of thread 0.
  int64_t chunkOffset(int64_t chunk) const {
    return chunk * numThreads * vectorWidth;
  }

  /// Chooses the layout of a kernel whose tiles all have the same element
  /// count: 16-byte runs for the narrowest element type in memory, then as
  /// many threads as there are runs, up to `maxThreads`. Fails with a
  /// diagnostic on the kernel when its tiles differ in element count.
  static FailureOr<BlockedLayout> choose(FunctionOpInterface kernel,
                                         int64_t maxThreads);
};

} // namespace mlir::tile

#endif // TILE_CONVERSION_BLOCKEDLAYOUT_H
