//===- StubDriver.h - The CUDA driver calls of the runtime, on the CPU ----===//

#ifndef TILE_TOOLS_LAUNCHBENCH_STUBDRIVER_H
#define TILE_TOOLS_LAUNCHBENCH_STUBDRIVER_H

#include <cuda.h>

#include <cstdint>

/// What the stand-in driver was asked to do so far.
struct StubDriverCalls {
  /// Driver calls of any kind, launches included.
  uint64_t calls = 0;
  /// cuLaunchKernelEx calls.
  uint64_t launches = 0;
  /// A sum over the launches' grids and first parameters, so that neither
  /// loop can be optimized away.
  uint64_t checksum = 0;
  /// cuTensorMapEncodeTiled calls.
  uint64_t tensorMapEncodes = 0;
};

/// The calls made so far.
StubDriverCalls stubDriverCalls();

#endif // TILE_TOOLS_LAUNCHBENCH_STUBDRIVER_H
