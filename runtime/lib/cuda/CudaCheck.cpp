//===- CudaCheck.cpp - CUDA driver results as exceptions ------------------===//

#include "tile/runtime/cuda/CudaCheck.h"
#include "tile/runtime/Error.h"

void tile::rt::cuda::throwCudaError(CUresult result, const std::string &doing) {
  const char *name = nullptr;
  if (cuGetErrorName(result, &name) != CUDA_SUCCESS || !name)
    throw Error(doing + " [CUresult " + std::to_string(int(result)) + "]",
                "an unknown CUDA error");
  // A kernel's TILE_ASSERT failed: the device has printed which; what is
  // left to say is what it means for the process.
  if (result == CUDA_ERROR_ASSERT)
    throw Error(doing + " (a kernel assertion, TILE_ASSERT, failed; the "
                        "device printed the kernel, the file and line and the "
                        "message; the GPU context is lost, so the process "
                        "must start again)",
                name);
  throw Error(doing, name);
}
