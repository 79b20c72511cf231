//===- Stream.h - An owned CUDA stream --------------------------*- C++ -*-===//

#ifndef TILE_RUNTIME_CUDA_STREAM_H
#define TILE_RUNTIME_CUDA_STREAM_H

#include <cuda.h>

namespace tile::rt::cuda {

/// A CUDA stream, destroyed with its owner. It is a blocking stream: work
/// on it is ordered with the copies and fills of DeviceBuffer, which use the
/// legacy default stream.
class Stream {
public:
  /// Creates the stream; throws Error on failure.
  Stream();
  ~Stream();
  Stream(const Stream &) = delete;
  Stream &operator=(const Stream &) = delete;

  /// The driver's handle, for launches, copies and events.
  CUstream handle() const { return stream; }
  /// Waits until all work queued on the stream has finished.
  void synchronize() const;

private:
  CUstream stream = nullptr;
};

} // namespace tile::rt::cuda

#endif // TILE_RUNTIME_CUDA_STREAM_H
