//===- Stream.cpp - An owned CUDA stream ----------------------------------===//

#include "tile/runtime/Stream.h"
#include "tile/runtime/CudaCheck.h"

using namespace tile::rt;

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
