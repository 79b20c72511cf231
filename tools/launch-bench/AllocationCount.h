//===- AllocationCount.h - Heap allocations made by the program -----------===//

#ifndef TILE_TOOLS_LAUNCHBENCH_ALLOCATIONCOUNT_H
#define TILE_TOOLS_LAUNCHBENCH_ALLOCATIONCOUNT_H

#include <cstdint>

/// The number of calls to operator new so far, which this program replaces
/// with a counting one.
uint64_t heapAllocations();

#endif // TILE_TOOLS_LAUNCHBENCH_ALLOCATIONCOUNT_H
