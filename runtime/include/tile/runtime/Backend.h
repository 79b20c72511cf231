//===- Backend.h - What a device does: the host and CUDA backends -*- C++
//-*-===//
//
// Devices, streams, events, graphs and kernels of the runtime forward to a
// backend: the CPU (host mode, where kernels are the C++ functions compiled
// into the program) or a GPU through the CUDA driver. The public API
// (Device, Stream, Tensor, launch, Graph) is the same for both, so that host
// mode runs everything the GPU runs.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_BACKEND_H
#define TILE_RUNTIME_BACKEND_H

#include "tile/runtime/KernelArg.h"
#include "tile/runtime/KernelInfo.h"
#include "tile/runtime/LaunchPlan.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>

namespace tile::rt {

struct CacheEntry;

/// Where a backend runs work.
enum class DeviceKind { Host, Cuda };

/// A kernel's code as one backend runs it; each backend makes and reads its
/// own kind.
class KernelCode {
public:
  virtual ~KernelCode() = default;
};

/// A point in a stream's work: complete once everything queued on the
/// stream before it has run.
class EventBackend {
public:
  virtual ~EventBackend() = default;
  /// Whether the work before the event has finished; does not wait.
  virtual bool query() = 0;
  /// Waits until the work before the event has finished.
  virtual void synchronize() = 0;
  /// Milliseconds from `start` to this event, waiting for this event.
  virtual float millisecondsSince(EventBackend &start) = 0;
};

class StreamBackend;

/// A row-major matrix operand of a GEMM: `rows` x `cols` elements of
/// `dtype` from device address `address`, row r starting `leading` elements
/// after row r - 1.
struct MatrixOperand {
  uint64_t address = 0;
  DType dtype;
  int64_t rows = 0, cols = 0, leading = 0;
};

/// C = alpha * op(A) * op(B) + beta * C on row-major matrices, accumulated
/// in f32, where op transposes when asked: op(A) is m x k, op(B) k x n,
/// C m x n. A and B share an element type (f16, bf16 or f32); C is f32 or
/// theirs.
struct GemmProblem {
  MatrixOperand a, b, c;
  bool transposeA = false, transposeB = false;
  float alpha = 1.0f, beta = 0.0f;
  /// The extents of the product.
  int64_t m() const { return c.rows; }
  int64_t n() const { return c.cols; }
  int64_t k() const { return transposeA ? a.rows : a.cols; }
};

/// Captured work, replayed as one unit.
class GraphBackend {
public:
  virtual ~GraphBackend() = default;
  /// Replaces the arguments of the `index`-th captured launch, checked and
  /// packed in `plan`; later replays use them.
  virtual void updateLaunch(size_t index,
                            const std::shared_ptr<const KernelCode> &code,
                            const KernelInfo &info, LaunchPlan &plan,
                            std::span<const KernelArgRef> args) = 0;
  /// Queues the captured work on `stream`.
  virtual void replay(StreamBackend &stream) = 0;
};

/// An ordered queue of work on a device. Copies from and to host memory
/// read or write the host memory when they run, which may be after the call
/// returns: the caller keeps it alive until the stream has synchronized.
class StreamBackend {
public:
  virtual ~StreamBackend() = default;
  /// Copies `bytes` bytes from host memory to device address `to`.
  virtual void copyToDevice(uint64_t to, const void *from, size_t bytes) = 0;
  /// Copies `bytes` bytes from device address `from` to host memory.
  virtual void copyToHost(void *to, uint64_t from, size_t bytes) = 0;
  /// Copies `bytes` bytes between device addresses.
  virtual void copyOnDevice(uint64_t to, uint64_t from, size_t bytes) = 0;
  /// Writes `count` copies of the `patternBytes`-byte (1, 2, 4 or 8)
  /// little-endian `pattern` from device address `to`.
  virtual void fill(uint64_t to, uint64_t pattern, int patternBytes,
                    size_t count) = 0;
  /// Launches `code`, the code of kernel `info`, with `args` as `plan`
  /// checked and packed them (`args` are borrowed for the call). While
  /// capturing, the launch is the capture's next launch.
  virtual void launch(const std::shared_ptr<const KernelCode> &code,
                      const KernelInfo &info, LaunchPlan &plan,
                      std::span<const KernelArgRef> args) = 0;
  /// Queues the matrix product `problem` (checked by the caller) through
  /// the device's BLAS: cuBLAS with this stream's handle and workspace on a
  /// GPU, a CPU BLAS in host mode.
  virtual void gemm(const GemmProblem &problem) = 0;
  /// An event after the work queued so far.
  virtual std::unique_ptr<EventBackend> record() = 0;
  /// Makes later work wait for `event`, which may be another stream's.
  virtual void wait(EventBackend &event) = 0;
  /// Waits until the queued work has run; throws the first failure of
  /// asynchronous work.
  virtual void synchronize() = 0;
  /// Starts capturing: work is recorded, not run, until endCapture.
  virtual void beginCapture() = 0;
  /// Stops capturing and returns the recorded work.
  virtual std::unique_ptr<GraphBackend> endCapture() = 0;
  /// The backend's own handle (a CUstream on CUDA, null on the host).
  virtual void *nativeHandle() = 0;
};

/// A GPU's memory, in bytes.
struct DeviceMemory {
  /// What allocations can still take.
  uint64_t free = 0;
  /// All of it.
  uint64_t total = 0;
};

/// A device: memory, streams and kernels.
class Backend {
public:
  virtual ~Backend() = default;
  /// Host or CUDA.
  virtual DeviceKind kind() const = 0;
  /// A description, as "host" or "cuda:0 (NVIDIA H100 80GB HBM3, sm_90)".
  virtual std::string name() const = 0;
  /// The GPU's name as its driver gives it ("NVIDIA H100 80GB HBM3"), which
  /// tuning records name; empty in host mode.
  virtual std::string gpuName() const = 0;
  /// `bytes` bytes (at least one) of device memory, aligned to 256 bytes;
  /// throws Error when out of memory.
  virtual uint64_t allocate(size_t bytes) = 0;
  /// Frees what allocate returned.
  virtual void deallocate(uint64_t address) noexcept = 0;
  /// The GPU's memory now; nothing in host mode, whose memory is the
  /// process's.
  virtual std::optional<DeviceMemory> memory() = 0;
  /// A new stream.
  virtual std::unique_ptr<StreamBackend> createStream() = 0;
  /// The code of kernel `info` of cache entry `entry`; throws Error where
  /// the backend cannot load cubins (host mode).
  virtual std::shared_ptr<const KernelCode>
  loadKernel(const CacheEntry &entry, const KernelInfo &info) = 0;
  /// Waits for all work on the device.
  virtual void synchronize() = 0;
};

} // namespace tile::rt

#endif // TILE_RUNTIME_BACKEND_H
