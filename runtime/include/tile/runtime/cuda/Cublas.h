//===- Cublas.h - A cuBLAS handle with its own workspace --------*- C++ -*-===//

#ifndef TILE_RUNTIME_CUDA_CUBLAS_H
#define TILE_RUNTIME_CUDA_CUBLAS_H

#include "tile/runtime/Backend.h"
#include "tile/runtime/cuda/DeviceBuffer.h"

#include <cublas_v2.h>
#include <cuda.h>

namespace tile::rt::cuda {

/// A cuBLAS handle bound to one stream, with a workspace of its own so that
/// cuBLAS allocates nothing while the stream captures a graph. Create it
/// with the stream's context current.
class Cublas {
public:
  /// A handle whose work goes to `stream`.
  explicit Cublas(CUstream stream);
  ~Cublas();
  Cublas(const Cublas &) = delete;
  Cublas &operator=(const Cublas &) = delete;

  /// Queues `problem` (cublasGemmEx, f32 compute) on the stream.
  void gemm(const GemmProblem &problem);

private:
  cublasHandle_t handle = nullptr;
  DeviceBuffer workspace;
};

} // namespace tile::rt::cuda

#endif // TILE_RUNTIME_CUDA_CUBLAS_H
