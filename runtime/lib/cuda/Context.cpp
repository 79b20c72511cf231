//===- Context.cpp - A device and its primary context ---------------------===//

#include "tile/runtime/cuda/Context.h"
#include "tile/runtime/cuda/CudaCheck.h"

using namespace tile::rt;
using namespace tile::rt::cuda;

Context::Context(int ordinal) {
  checkCuda(cuInit(0), "cuInit");
  checkCuda(cuDeviceGet(&dev, ordinal),
            "cuDeviceGet(" + std::to_string(ordinal) + ")");
  checkCuda(cuDevicePrimaryCtxRetain(&context, dev),
            "cuDevicePrimaryCtxRetain(" + std::to_string(ordinal) + ")");
  if (CUresult result = cuCtxSetCurrent(context); result != CUDA_SUCCESS) {
    cuDevicePrimaryCtxRelease(dev);
    throwCudaError(result, "cuCtxSetCurrent");
  }
}

Context::~Context() { cuDevicePrimaryCtxRelease(dev); }

std::string Context::deviceName() const {
  char name[256] = {};
  checkCuda(cuDeviceGetName(name, sizeof(name), dev), "cuDeviceGetName");
  return name;
}

int Context::multiprocessorCount() const {
  int count = 0;
  checkCuda(cuDeviceGetAttribute(&count,
                                 CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev),
            "cuDeviceGetAttribute(multiprocessor count)");
  return count;
}

std::string Context::target() const {
  int major = 0, minor = 0;
  checkCuda(cuDeviceGetAttribute(
                &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev),
            "cuDeviceGetAttribute(compute capability)");
  checkCuda(cuDeviceGetAttribute(
                &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev),
            "cuDeviceGetAttribute(compute capability)");
  return "sm_" + std::to_string(major) + std::to_string(minor);
}

size_t Context::totalMemory() const {
  size_t bytes = 0;
  checkCuda(cuDeviceTotalMem(&bytes, dev), "cuDeviceTotalMem");
  return bytes;
}

void Context::makeCurrent() const {
  checkCuda(cuCtxSetCurrent(context), "cuCtxSetCurrent");
}

void Context::synchronize() const {
  checkCuda(cuCtxSynchronize(), "cuCtxSynchronize");
}

std::string tile::rt::cuda::driverVersion() {
  int version = 0;
  checkCuda(cuDriverGetVersion(&version), "cuDriverGetVersion");
  return std::to_string(version / 1000) + "." +
         std::to_string(version % 1000 / 10);
}
