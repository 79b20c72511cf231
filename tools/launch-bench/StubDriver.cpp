//===- StubDriver.cpp - The CUDA driver calls of the runtime, on the CPU --===//
//
// tile-launch-bench measures what the runtime costs the host per launch on
// a machine without a GPU: this file defines the driver entry points the
// CUDA backend calls, so that the backend's own code runs unchanged while
// the driver does nothing but hand out handles, keep "device" memory in
// host memory, and count its calls. A launch reads its parameters, as the
// driver would, and runs nothing.
//
//===----------------------------------------------------------------------===//

#include "StubDriver.h"

#include <cstdlib>
#include <cstring>

namespace {
uint64_t calls = 0, launches = 0, checksum = 0, tensorMapEncodes = 0;

/// A distinct, never dereferenced handle.
template <class Handle> Handle newHandle() {
  static uintptr_t next = 0x1000;
  return reinterpret_cast<Handle>(next += 16);
}

CUresult counted() {
  ++calls;
  return CUDA_SUCCESS;
}
} // namespace

StubDriverCalls stubDriverCalls() {
  return {calls, launches, checksum, tensorMapEncodes};
}

CUresult cuInit(unsigned) { return counted(); }
CUresult cuDriverGetVersion(int *version) {
  *version = 13000;
  return counted();
}
CUresult cuGetErrorName(CUresult, const char **name) {
  *name = "CUDA_ERROR_STUB";
  return counted();
}
CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  *device = ordinal;
  return counted();
}
CUresult cuDeviceGetName(char *name, int length, CUdevice) {
  std::strncpy(name, "stub driver", size_t(length));
  return counted();
}
CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attribute,
                              CUdevice) {
  *value = attribute == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR ? 9 : 0;
  return counted();
}
CUresult cuDeviceTotalMem(size_t *bytes, CUdevice) {
  *bytes = size_t(1) << 30;
  return counted();
}
CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice) {
  *context = newHandle<CUcontext>();
  return counted();
}
CUresult cuDevicePrimaryCtxRelease(CUdevice) { return counted(); }
CUresult cuCtxSetCurrent(CUcontext) { return counted(); }
CUresult cuCtxGetDevice(CUdevice *device) {
  *device = 0;
  return counted();
}
CUresult cuCtxSynchronize() { return counted(); }

CUresult cuMemAlloc(CUdeviceptr *address, size_t bytes) {
  *address = reinterpret_cast<CUdeviceptr>(
      std::aligned_alloc(256, (bytes + 255) / 256 * 256));
  return *address ? counted() : CUDA_ERROR_OUT_OF_MEMORY;
}
CUresult cuMemFree(CUdeviceptr address) {
  std::free(reinterpret_cast<void *>(address));
  return counted();
}
CUresult cuMemcpyHtoD(CUdeviceptr to, const void *from, size_t bytes) {
  std::memcpy(reinterpret_cast<void *>(to), from, bytes);
  return counted();
}
CUresult cuMemcpyDtoH(void *to, CUdeviceptr from, size_t bytes) {
  std::memcpy(to, reinterpret_cast<const void *>(from), bytes);
  return counted();
}
CUresult cuMemcpyHtoDAsync(CUdeviceptr to, const void *from, size_t bytes,
                           CUstream) {
  return cuMemcpyHtoD(to, from, bytes);
}
CUresult cuMemcpyDtoHAsync(void *to, CUdeviceptr from, size_t bytes, CUstream) {
  return cuMemcpyDtoH(to, from, bytes);
}
CUresult cuMemcpyDtoDAsync(CUdeviceptr to, CUdeviceptr from, size_t bytes,
                           CUstream) {
  std::memmove(reinterpret_cast<void *>(to),
               reinterpret_cast<const void *>(from), bytes);
  return counted();
}
CUresult cuMemsetD8(CUdeviceptr to, unsigned char value, size_t count) {
  std::memset(reinterpret_cast<void *>(to), value, count);
  return counted();
}
CUresult cuMemsetD8Async(CUdeviceptr to, unsigned char value, size_t count,
                         CUstream) {
  return cuMemsetD8(to, value, count);
}
template <class T> CUresult fillWith(CUdeviceptr to, T value, size_t count) {
  auto *elements = reinterpret_cast<T *>(to);
  for (size_t i = 0; i < count; ++i)
    elements[i] = value;
  return counted();
}
CUresult cuMemsetD16Async(CUdeviceptr to, unsigned short value, size_t count,
                          CUstream) {
  return fillWith(to, value, count);
}
CUresult cuMemsetD32Async(CUdeviceptr to, unsigned value, size_t count,
                          CUstream) {
  return fillWith(to, value, count);
}
CUresult cuMemsetD2D32Async(CUdeviceptr to, size_t pitch, unsigned value,
                            size_t width, size_t height, CUstream) {
  for (size_t row = 0; row < height; ++row)
    fillWith(to + row * pitch, value, width);
  return counted();
}

CUresult cuStreamCreate(CUstream *stream, unsigned) {
  *stream = newHandle<CUstream>();
  return counted();
}
CUresult cuStreamDestroy(CUstream) { return counted(); }
CUresult cuStreamSynchronize(CUstream) { return counted(); }
CUresult cuStreamWaitEvent(CUstream, CUevent, unsigned) { return counted(); }
CUresult cuStreamBeginCapture(CUstream, CUstreamCaptureMode) {
  return CUDA_ERROR_NOT_SUPPORTED;
}
CUresult cuStreamEndCapture(CUstream, CUgraph *) {
  return CUDA_ERROR_NOT_SUPPORTED;
}
CUresult cuStreamGetCaptureInfo(CUstream, CUstreamCaptureStatus *, cuuint64_t *,
                                CUgraph *, const CUgraphNode **,
                                const CUgraphEdgeData **, size_t *) {
  return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult cuEventCreate(CUevent *event, unsigned) {
  *event = newHandle<CUevent>();
  return counted();
}
CUresult cuEventDestroy(CUevent) { return counted(); }
CUresult cuEventRecord(CUevent, CUstream) { return counted(); }
CUresult cuEventQuery(CUevent) { return counted(); }
CUresult cuEventSynchronize(CUevent) { return counted(); }
CUresult cuEventElapsedTime(float *ms, CUevent, CUevent) {
  *ms = 0;
  return counted();
}

CUresult cuModuleLoadData(CUmodule *module, const void *) {
  *module = newHandle<CUmodule>();
  return counted();
}
CUresult cuModuleUnload(CUmodule) { return counted(); }
CUresult cuModuleGetFunction(CUfunction *function, CUmodule, const char *) {
  *function = newHandle<CUfunction>();
  return counted();
}
CUresult cuModuleGetFunctionCount(unsigned *count, CUmodule) {
  *count = 0;
  return counted();
}
CUresult cuModuleEnumerateFunctions(CUfunction *, unsigned, CUmodule) {
  return counted();
}
CUresult cuFuncSetAttribute(CUfunction, CUfunction_attribute, int) {
  return counted();
}
CUresult cuFuncGetName(const char **name, CUfunction) {
  *name = "stub";
  return counted();
}

CUresult cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction,
                          void **params, void **) {
  // The driver copies the parameter values (it knows their count from the
  // function) and reads the configuration; reading the first value and the
  // grid stands in for that.
  checksum += config->gridDimX + config->gridDimY + config->gridDimZ +
              config->numAttrs + *static_cast<const uint64_t *>(params[0]);
  ++launches;
  return counted();
}

CUresult cuTensorMapEncodeTiled(CUtensorMap *, CUtensorMapDataType, cuuint32_t,
                                void *, const cuuint64_t *, const cuuint64_t *,
                                const cuuint32_t *, const cuuint32_t *,
                                CUtensorMapInterleave, CUtensorMapSwizzle,
                                CUtensorMapL2promotion,
                                CUtensorMapFloatOOBfill) {
  ++tensorMapEncodes;
  return counted();
}

CUresult cuGraphInstantiate(CUgraphExec *, CUgraph, unsigned long long) {
  return CUDA_ERROR_NOT_SUPPORTED;
}
CUresult cuGraphLaunch(CUgraphExec, CUstream) {
  return CUDA_ERROR_NOT_SUPPORTED;
}
CUresult cuGraphDestroy(CUgraph) { return counted(); }
CUresult cuGraphExecDestroy(CUgraphExec) { return counted(); }
CUresult cuGraphExecKernelNodeSetParams(CUgraphExec, CUgraphNode,
                                        const CUDA_KERNEL_NODE_PARAMS *) {
  return CUDA_ERROR_NOT_SUPPORTED;
}
