//===- CudaDriver.h - The runtime's CUDA driver layer -----------*- C++ -*-===//
//
// Includes every part of the runtime that needs the CUDA driver: contexts,
// device memory, modules, streams, events and launches.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_CUDADRIVER_H
#define TILE_RUNTIME_CUDADRIVER_H

#include "tile/runtime/CacheReader.h"
#include "tile/runtime/Context.h"
#include "tile/runtime/CudaCheck.h"
#include "tile/runtime/DeviceBuffer.h"
#include "tile/runtime/Error.h"
#include "tile/runtime/Event.h"
#include "tile/runtime/Launch.h"
#include "tile/runtime/LaunchPlan.h"
#include "tile/runtime/Module.h"
#include "tile/runtime/Stream.h"

#endif // TILE_RUNTIME_CUDADRIVER_H
