//===- DeviceBuffer.cpp - Owned device memory -----------------------------===//

#include "tile/runtime/cuda/DeviceBuffer.h"
#include "tile/runtime/Error.h"
#include "tile/runtime/cuda/CudaCheck.h"

#include <utility>

using namespace tile::rt;
using namespace tile::rt::cuda;

DeviceBuffer::DeviceBuffer(size_t size) : bytes(size) {
  checkCuda(cuMemAlloc(&pointer, size == 0 ? 1 : size),
            "cuMemAlloc(" + std::to_string(size) + " bytes)");
}

DeviceBuffer::~DeviceBuffer() { release(); }

void DeviceBuffer::release() noexcept {
  if (pointer)
    cuMemFree(pointer);
  pointer = 0;
  bytes = 0;
}

DeviceBuffer::DeviceBuffer(DeviceBuffer &&other) noexcept
    : pointer(std::exchange(other.pointer, 0)),
      bytes(std::exchange(other.bytes, 0)) {}

DeviceBuffer &DeviceBuffer::operator=(DeviceBuffer &&other) noexcept {
  if (this != &other) {
    release();
    pointer = std::exchange(other.pointer, 0);
    bytes = std::exchange(other.bytes, 0);
  }
  return *this;
}

void DeviceBuffer::upload(std::span<const std::byte> data) {
  if (data.size() > bytes)
    throw Error("upload of " + std::to_string(data.size()) +
                " bytes into a device buffer of " + std::to_string(bytes));
  if (!data.empty())
    checkCuda(cuMemcpyHtoD(pointer, data.data(), data.size()),
              "cuMemcpyHtoD(" + std::to_string(data.size()) + " bytes)");
}

void DeviceBuffer::download(std::span<std::byte> data) const {
  if (data.size() > bytes)
    throw Error("download of " + std::to_string(data.size()) +
                " bytes from a device buffer of " + std::to_string(bytes));
  if (!data.empty())
    checkCuda(cuMemcpyDtoH(data.data(), pointer, data.size()),
              "cuMemcpyDtoH(" + std::to_string(data.size()) + " bytes)");
}

void DeviceBuffer::fill(unsigned char value) {
  checkCuda(cuMemsetD8(pointer, value, bytes), "cuMemsetD8");
}
