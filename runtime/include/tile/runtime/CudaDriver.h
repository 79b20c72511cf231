//===- CudaDriver.h - RAII over the CUDA driver API -------------*- C++ -*-===//

#ifndef TILE_RUNTIME_CUDADRIVER_H
#define TILE_RUNTIME_CUDADRIVER_H

#include "tile/runtime/CacheReader.h"
#include "tile/runtime/LaunchPlan.h"

#include <cuda.h>

#include <span>
#include <string>

namespace tile::rt {

/// Throws Error "<what>: <CUDA error name>" unless `result` is success.
void checkCuda(CUresult result, const std::string &what);

/// The primary context of one device, current on the calling thread.
class Context {
public:
  explicit Context(int ordinal = 0);
  ~Context();
  Context(const Context &) = delete;
  Context &operator=(const Context &) = delete;

  std::string deviceName() const;
  int multiprocessorCount() const;

private:
  CUdevice device = 0;
  CUcontext context = nullptr;
};

/// Device memory, freed with its owner.
class DeviceBuffer {
public:
  explicit DeviceBuffer(size_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(DeviceBuffer &&other) noexcept;
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;

  CUdeviceptr address() const { return pointer; }
  size_t size() const { return bytes; }
  void upload(std::span<const std::byte> data);
  void download(std::span<std::byte> data) const;
  /// Sets every byte to `value`.
  void fill(unsigned char value);

private:
  CUdeviceptr pointer = 0;
  size_t bytes = 0;
};

/// A loaded cubin.
class Module {
public:
  explicit Module(const CacheEntry &entry);
  ~Module();
  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;

  /// The function of `kernel`; throws Error if the cubin lacks it.
  CUfunction function(const KernelInfo &kernel) const;

private:
  CUmodule module = nullptr;
  std::string key;
};

/// A CUDA event, for timing.
class Event {
public:
  Event();
  ~Event();
  Event(const Event &) = delete;
  Event &operator=(const Event &) = delete;

  void record(CUstream stream = nullptr);
  /// Milliseconds from `start` to this event, waiting for it.
  float millisecondsSince(const Event &start) const;

private:
  CUevent event = nullptr;
};

/// Checks and packs `args` (planLaunch) and launches `function` on
/// `stream`.
void launch(CUfunction function, const KernelInfo &kernel,
            std::span<const KernelArg> args, CUstream stream = nullptr);

} // namespace tile::rt

#endif // TILE_RUNTIME_CUDADRIVER_H
