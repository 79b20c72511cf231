//===- DeviceBuffer.h - Owned device memory ---------------------*- C++ -*-===//

#ifndef TILE_RUNTIME_CUDA_DEVICEBUFFER_H
#define TILE_RUNTIME_CUDA_DEVICEBUFFER_H

#include <cuda.h>

#include <cstddef>
#include <span>

namespace tile::rt::cuda {

/// Device memory from cuMemAlloc, freed with its owner.
class DeviceBuffer {
public:
  /// Allocates `bytes` bytes (at least one, so that the address is valid
  /// even for an empty buffer); throws Error when out of memory.
  explicit DeviceBuffer(size_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(DeviceBuffer &&other) noexcept;
  DeviceBuffer &operator=(DeviceBuffer &&other) noexcept;
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;

  /// The device address of the first byte.
  CUdeviceptr address() const { return pointer; }
  /// The size in bytes.
  size_t size() const { return bytes; }
  /// Copies `data` to the start of the buffer; throws Error if it is larger
  /// than the buffer.
  void upload(std::span<const std::byte> data);
  /// Copies the start of the buffer into `data`; throws Error if `data` is
  /// larger than the buffer.
  void download(std::span<std::byte> data) const;
  /// Sets every byte to `value`.
  void fill(unsigned char value);

private:
  void release() noexcept;

  CUdeviceptr pointer = 0;
  size_t bytes = 0;
};

} // namespace tile::rt::cuda

#endif // TILE_RUNTIME_CUDA_DEVICEBUFFER_H
