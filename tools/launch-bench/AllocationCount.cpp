//===- AllocationCount.cpp - Heap allocations made by the program ---------===//
//
// Replaces the global operator new and delete with ones that count, in a
// file of their own so that no caller sees them inline.
//
//===----------------------------------------------------------------------===//

#include "AllocationCount.h"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<uint64_t> allocations{0};
} // namespace

uint64_t heapAllocations() {
  return allocations.load(std::memory_order_relaxed);
}

void *operator new(size_t bytes) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void *memory = std::malloc(bytes ? bytes : 1))
    return memory;
  throw std::bad_alloc();
}
void operator delete(void *memory) noexcept { std::free(memory); }
void operator delete(void *memory, size_t) noexcept { std::free(memory); }
