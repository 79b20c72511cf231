//===- Memory.cpp - Device memory that tensors share ----------------------===//

#include "tile/runtime/Memory.h"

using namespace tile::rt;

std::shared_ptr<Memory> Memory::allocate(Device device, size_t bytes) {
  uint64_t address = device.backend().allocate(bytes);
  return std::make_shared<Memory>(device, address, bytes, [device, address] {
    device.backend().deallocate(address);
  });
}
