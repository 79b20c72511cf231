//===- CudaDriver.h - The runtime's CUDA driver layer -----------*- C++ -*-===//
//
// Includes every part of the runtime that needs the CUDA driver: contexts,
// device memory, modules, streams, events and launches.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_CUDADRIVER_H
#define TILE_RUNTIME_CUDADRIVER_H

#include "tile/runtime/CacheReader.h"
#include "tile/runtime/Error.h"
#include "tile/runtime/LaunchPlan.h"
#include "tile/runtime/cuda/Context.h"
#include "tile/runtime/cuda/CudaCheck.h"
#include "tile/runtime/cuda/DeviceBuffer.h"
#include "tile/runtime/cuda/Event.h"
#include "tile/runtime/cuda/Launch.h"
#include "tile/runtime/cuda/Module.h"
#include "tile/runtime/cuda/Stream.h"

#endif // TILE_RUNTIME_CUDADRIVER_H
