//===- MemoryPool.h - Stream-ordered memory for temporaries -----*- C++ -*-===//

#ifndef TILE_RUNTIME_MEMORYPOOL_H
#define TILE_RUNTIME_MEMORYPOOL_H

#include "tile/runtime/Tensor.h"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace tile::rt {

/// What a MemoryPool has done and holds.
struct PoolStatistics {
  /// Allocations served, and how many of them reused a cached block.
  uint64_t allocations = 0, reuses = 0;
  /// Bytes handed out and not yet returned; the most there ever were.
  size_t bytesInUse = 0, peakBytesInUse = 0;
  /// Bytes taken from the device: in use plus cached.
  size_t bytesReserved = 0;
};

/// Device memory for temporaries, ordered on streams: a block returns to
/// the pool when its last user lets go, and is reused at once by later work
/// of the stream it was allocated on (which runs after the block's uses);
/// another stream first waits for that stream's work. Blocks are rounded up
/// to 256 bytes and reused when they are at most twice the size asked for.
class MemoryPool {
public:
  /// A pool of `device` memory.
  explicit MemoryPool(Device device);
  /// Frees the cached blocks; blocks in use return to the device when
  /// their users let go.
  ~MemoryPool();
  MemoryPool(const MemoryPool &) = delete;
  MemoryPool &operator=(const MemoryPool &) = delete;

  /// At least `bytes` bytes for work on `stream`.
  std::shared_ptr<Memory> allocateBytes(Stream &stream, size_t bytes);
  /// An uninitialized row-major tensor for work on `stream`.
  Tensor allocate(Stream &stream, DType dtype, std::vector<int64_t> shape);
  /// The counters and sizes.
  PoolStatistics statistics() const;
  /// Returns the cached blocks to the device, after the work of the streams
  /// that used them.
  void trim();

private:
  struct State;
  std::shared_ptr<State> state;
};

} // namespace tile::rt

#endif // TILE_RUNTIME_MEMORYPOOL_H
