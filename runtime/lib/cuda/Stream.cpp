//===- Stream.cpp - An owned CUDA stream ----------------------------------===//

#include "tile/runtime/cuda/Stream.h"
#include "tile/runtime/cuda/CudaCheck.h"

using namespace tile::rt;
using namespace tile::rt::cuda;

Stream::Stream() {
  checkCuda(cuStreamCreate(&stream, CU_STREAM_DEFAULT), "cuStreamCreate");
}

Stream::~Stream() {
  if (stream)
    cuStreamDestroy(stream);
}

void Stream::synchronize() const {
  checkCuda(cuStreamSynchronize(stream), "cuStreamSynchronize");
}
