//===- Context.h - A device and its primary context -------------*- C++ -*-===//

#ifndef TILE_RUNTIME_CUDA_CONTEXT_H
#define TILE_RUNTIME_CUDA_CONTEXT_H

#include <cuda.h>

#include <string>

namespace tile::rt::cuda {

/// One GPU and its primary context, retained while this object lives and
/// made current on the constructing thread. Create it before any other
/// CUDA object of the runtime and destroy it after them.
class Context {
public:
  /// Initializes the driver and retains the primary context of device
  /// `ordinal`; throws Error if there is no such device.
  explicit Context(int ordinal = 0);
  ~Context();
  Context(const Context &) = delete;
  Context &operator=(const Context &) = delete;

  /// The driver's device handle.
  CUdevice device() const { return dev; }
  /// The device's name, as "NVIDIA H100 80GB HBM3".
  std::string deviceName() const;
  /// The number of streaming multiprocessors.
  int multiprocessorCount() const;
  /// The device's architecture as a cubin target, as "sm_90".
  std::string target() const;
  /// Device memory in bytes.
  size_t totalMemory() const;
  /// Makes the context current on the calling thread.
  void makeCurrent() const;
  /// Waits for all work of the context.
  void synchronize() const;

private:
  CUdevice dev = 0;
  CUcontext context = nullptr;
};

/// The CUDA version the installed driver supports, as "13.0".
std::string driverVersion();

} // namespace tile::rt::cuda

#endif // TILE_RUNTIME_CUDA_CONTEXT_H
