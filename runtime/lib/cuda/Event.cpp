//===- Event.cpp - CUDA events for timing ---------------------------------===//

#include "tile/runtime/cuda/Event.h"
#include "tile/runtime/cuda/CudaCheck.h"

using namespace tile::rt;
using namespace tile::rt::cuda;

Event::Event() {
  checkCuda(cuEventCreate(&event, CU_EVENT_DEFAULT), "cuEventCreate");
}

Event::~Event() {
  if (event)
    cuEventDestroy(event);
}

void Event::record(CUstream stream) {
  checkCuda(cuEventRecord(event, stream), "cuEventRecord");
}

float Event::millisecondsSince(const Event &start) const {
  checkCuda(cuEventSynchronize(event), "cuEventSynchronize");
  float ms = 0;
  checkCuda(cuEventElapsedTime(&ms, start.event, event), "cuEventElapsedTime");
  return ms;
}
