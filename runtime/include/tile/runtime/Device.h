//===- Device.h - The CPU or a GPU that tensors and streams live on -*- C++
//-*-===//

#ifndef TILE_RUNTIME_DEVICE_H
#define TILE_RUNTIME_DEVICE_H

#include "tile/runtime/Backend.h"

#include <memory>
#include <string>
#include <string_view>

namespace tile::rt {

/// A device: the CPU in host mode or a CUDA GPU. Copies of a Device name the
/// same device; Device::host() and Device::cuda(n) return the same device
/// while one of its copies lives.
class Device {
public:
  /// The CPU: kernels run in host mode, memory is host memory.
  static Device host();
  /// CUDA device `ordinal` and its primary context, made current on the
  /// calling thread; throws Error if there is no such device or the runtime
  /// was built without the CUDA toolkit.
  static Device cuda(int ordinal = 0);
  /// The device `name` names: "host", "cuda" or "cuda:N".
  static Device named(std::string_view name);
  /// Whether this runtime was built with the CUDA toolkit.
  static bool cudaBuilt();

  /// Host or CUDA.
  DeviceKind kind() const { return impl->kind(); }
  /// Whether kernels run on the CPU.
  bool isHost() const { return kind() == DeviceKind::Host; }
  /// A description, as "host" or "cuda:0 (NVIDIA H100 80GB HBM3, sm_90)".
  std::string name() const { return impl->name(); }
  /// The GPU's name as its driver gives it ("NVIDIA H100 80GB HBM3");
  /// empty in host mode.
  std::string gpuName() const { return impl->gpuName(); }
  /// The GPU's free and total memory now; nothing in host mode.
  std::optional<DeviceMemory> memory() const { return impl->memory(); }
  /// Waits for all work on the device.
  void synchronize() const { impl->synchronize(); }
  /// The backend that does the work.
  Backend &backend() const { return *impl; }

  friend bool operator==(const Device &a, const Device &b) {
    return a.impl == b.impl;
  }

private:
  explicit Device(std::shared_ptr<Backend> backend)
      : impl(std::move(backend)) {}

  std::shared_ptr<Backend> impl;
};

} // namespace tile::rt

#endif // TILE_RUNTIME_DEVICE_H
