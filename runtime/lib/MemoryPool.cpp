//===- MemoryPool.cpp - Stream-ordered memory for temporaries -------------===//

#include "tile/runtime/MemoryPool.h"

#include "TensorLayout.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <optional>

using namespace tile::rt;

namespace {
constexpr size_t kGranule = 256;

/// A cached block and the stream whose work last used it.
struct FreeBlock {
  uint64_t address;
  size_t size;
  Stream stream;
};
} // namespace

struct MemoryPool::State {
  explicit State(Device device) : device(std::move(device)) {}

  /// Frees the cached blocks after their streams' work.
  void trim() {
    std::multimap<size_t, FreeBlock> blocks;
    {
      std::lock_guard lock(mutex);
      blocks.swap(cached);
      for (auto &[size, block] : blocks)
        statistics.bytesReserved -= size;
    }
    for (auto &[size, block] : blocks) {
      block.stream.synchronize();
      device.backend().deallocate(block.address);
    }
  }

  Device device;
  mutable std::mutex mutex;
  /// Set when the pool goes: blocks then return to the device.
  bool closed = false;
  std::multimap<size_t, FreeBlock> cached;
  PoolStatistics statistics;
};

MemoryPool::MemoryPool(Device device)
    : state(std::make_shared<State>(std::move(device))) {}

MemoryPool::~MemoryPool() {
  {
    std::lock_guard lock(state->mutex);
    state->closed = true;
  }
  state->trim();
}

std::shared_ptr<Memory> MemoryPool::allocateBytes(Stream &stream,
                                                  size_t bytes) {
  if (!(stream.device() == state->device))
    throw Error("a memory pool of " + state->device.name() +
                " cannot serve a stream of " + stream.device().name());
  size_t size =
      (std::max<size_t>(bytes, 1) + kGranule - 1) / kGranule * kGranule;
  std::optional<FreeBlock> reused;
  {
    std::lock_guard lock(state->mutex);
    auto best = state->cached.lower_bound(size);
    if (best != state->cached.end() && best->first <= 2 * size) {
      reused = std::move(best->second);
      state->cached.erase(best);
    }
  }
  if (reused && !(reused->stream == stream))
    stream.wait(reused->stream.record());
  uint64_t address = reused ? reused->address : 0;
  size_t blockSize = reused ? reused->size : size;
  if (!reused)
    address = state->device.backend().allocate(size);
  {
    std::lock_guard lock(state->mutex);
    PoolStatistics &stats = state->statistics;
    ++stats.allocations;
    stats.reuses += reused ? 1 : 0;
    stats.bytesInUse += blockSize;
    stats.peakBytesInUse = std::max(stats.peakBytesInUse, stats.bytesInUse);
    if (!reused)
      stats.bytesReserved += blockSize;
  }
  // The block returns to the pool, ordered on `stream`, when its last user
  // lets go; the pool's state outlives it.
  return std::make_shared<Memory>(
      state->device, address, bytes,
      [pool = state, address, blockSize, stream]() mutable {
        std::unique_lock lock(pool->mutex);
        pool->statistics.bytesInUse -= blockSize;
        if (!pool->closed) {
          pool->cached.emplace(blockSize,
                               FreeBlock{address, blockSize, stream});
          return;
        }
        pool->statistics.bytesReserved -= blockSize;
        lock.unlock();
        stream.synchronize();
        pool->device.backend().deallocate(address);
      });
}

Tensor MemoryPool::allocate(Stream &stream, DType dtype,
                            std::vector<int64_t> shape) {
  size_t bytes = contiguousBytes(dtype, shape);
  return Tensor(
      TensorView(allocateBytes(stream, bytes), 0, dtype, std::move(shape)));
}

PoolStatistics MemoryPool::statistics() const {
  std::lock_guard lock(state->mutex);
  return state->statistics;
}

void MemoryPool::trim() { state->trim(); }
