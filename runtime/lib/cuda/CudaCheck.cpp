//===- CudaCheck.cpp - CUDA driver results as exceptions ------------------===//

#include "tile/runtime/cuda/CudaCheck.h"
#include "tile/runtime/Error.h"

void tile::rt::cuda::throwCudaError(CUresult result, const std::string &doing) {
  const char *name = nullptr;
  if (cuGetErrorName(result, &name) != CUDA_SUCCESS || !name)
    throw Error(doing + " [CUresult " + std::to_string(int(result)) + "]",
                "an unknown CUDA error");
  throw Error(doing, name);
}
