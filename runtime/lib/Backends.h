//===- Backends.h - Making the host and CUDA backends -----------*- C++ -*-===//

#ifndef TILE_RUNTIME_LIB_BACKENDS_H
#define TILE_RUNTIME_LIB_BACKENDS_H

#include "tile/runtime/Backend.h"

#include <memory>

namespace tile::rt {

/// The CPU backend (host mode).
std::shared_ptr<Backend> makeHostBackend();

/// The backend of CUDA device `ordinal`; throws Error without the CUDA
/// toolkit at build time or without the device.
std::shared_ptr<Backend> makeCudaBackend(int ordinal);

/// Whether makeCudaBackend can succeed on some machine.
bool cudaBackendBuilt();

} // namespace tile::rt

#endif // TILE_RUNTIME_LIB_BACKENDS_H
