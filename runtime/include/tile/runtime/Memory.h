//===- Memory.h - Device memory that tensors share --------------*- C++ -*-===//

#ifndef TILE_RUNTIME_MEMORY_H
#define TILE_RUNTIME_MEMORY_H

#include "tile/runtime/Device.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>

namespace tile::rt {

/// A block of device memory: owned (freed with its last user), borrowed
/// (never freed here) or pooled (returned to its MemoryPool). A tensor and
/// its views share one, and launches keep theirs until they complete.
class Memory {
public:
  /// `bytes` bytes at `address` on `device`; `release` (if any) runs when
  /// the last user lets go.
  Memory(Device device, uint64_t address, size_t bytes,
         std::function<void()> release = {})
      : dev(std::move(device)), start(address), length(bytes),
        onRelease(std::move(release)) {}
  ~Memory() {
    if (onRelease)
      onRelease();
  }
  Memory(const Memory &) = delete;
  Memory &operator=(const Memory &) = delete;

  /// Memory from the device's allocator, freed with its last user.
  static std::shared_ptr<Memory> allocate(Device device, size_t bytes);

  /// The device the memory is on.
  const Device &device() const { return dev; }
  /// The device address of the first byte.
  uint64_t address() const { return start; }
  /// The size in bytes.
  size_t size() const { return length; }

private:
  Device dev;
  uint64_t start;
  size_t length;
  std::function<void()> onRelease;
};

} // namespace tile::rt

#endif // TILE_RUNTIME_MEMORY_H
