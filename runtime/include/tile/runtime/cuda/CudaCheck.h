//===- CudaCheck.h - CUDA driver results as exceptions ----------*- C++ -*-===//

#ifndef TILE_RUNTIME_CUDA_CUDACHECK_H
#define TILE_RUNTIME_CUDA_CUDACHECK_H

#include <cuda.h>

#include <string>

namespace tile::rt::cuda {

/// Throws Error "<doing>: <CUDA error name>" for a `result` other than
/// CUDA_SUCCESS; `doing` names the call and its subject, as
/// "cuModuleLoadData(<key>.cubin)".
[[noreturn]] void throwCudaError(CUresult result, const std::string &doing);

/// Throws as throwCudaError unless `result` is CUDA_SUCCESS.
inline void checkCuda(CUresult result, const std::string &doing) {
  if (result != CUDA_SUCCESS)
    throwCudaError(result, doing);
}

} // namespace tile::rt::cuda

#endif // TILE_RUNTIME_CUDA_CUDACHECK_H
