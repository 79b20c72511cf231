//===- CudaDriver.cpp - RAII over the CUDA driver API ---------------------===//

#include "tile/runtime/CudaDriver.h"
#include "tile/runtime/Error.h"

using namespace tile::rt;

void tile::rt::checkCuda(CUresult result, const std::string &what) {
  if (result == CUDA_SUCCESS)
    return;
  const char *name = nullptr;
  if (cuGetErrorName(result, &name) != CUDA_SUCCESS || !name)
    name = "unknown CUDA error";
  throw Error(what + ": " + name);
}

Context::Context(int ordinal) {
  checkCuda(cuInit(0), "cuInit");
  checkCuda(cuDeviceGet(&device, ordinal),
            "cuDeviceGet(" + std::to_string(ordinal) + ")");
  checkCuda(cuDevicePrimaryCtxRetain(&context, device),
            "cuDevicePrimaryCtxRetain");
  checkCuda(cuCtxSetCurrent(context), "cuCtxSetCurrent");
}

Context::~Context() { cuDevicePrimaryCtxRelease(device); }

std::string Context::deviceName() const {
  char name[256] = {};
  checkCuda(cuDeviceGetName(name, sizeof(name), device), "cuDeviceGetName");
  return name;
}

int Context::multiprocessorCount() const {
  int count = 0;
  checkCuda(cuDeviceGetAttribute(
                &count, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device),
            "cuDeviceGetAttribute(multiprocessor count)");
  return count;
}

DeviceBuffer::DeviceBuffer(size_t size) : bytes(size) {
  checkCuda(cuMemAlloc(&pointer, size == 0 ? 1 : size),
            "cuMemAlloc(" + std::to_string(size) + " bytes)");
}

DeviceBuffer::~DeviceBuffer() {
  if (pointer)
    cuMemFree(pointer);
}

DeviceBuffer::DeviceBuffer(DeviceBuffer &&other) noexcept
    : pointer(other.pointer), bytes(other.bytes) {
  other.pointer = 0;
  other.bytes = 0;
}

void DeviceBuffer::upload(std::span<const std::byte> data) {
  if (data.size() > bytes)
    throw Error("upload of " + std::to_string(data.size()) +
                " bytes into a buffer of " + std::to_string(bytes));
  checkCuda(cuMemcpyHtoD(pointer, data.data(), data.size()), "cuMemcpyHtoD");
}

void DeviceBuffer::download(std::span<std::byte> data) const {
  if (data.size() > bytes)
    throw Error("download of " + std::to_string(data.size()) +
                " bytes from a buffer of " + std::to_string(bytes));
  checkCuda(cuMemcpyDtoH(data.data(), pointer, data.size()), "cuMemcpyDtoH");
}

void DeviceBuffer::fill(unsigned char value) {
  checkCuda(cuMemsetD8(pointer, value, bytes), "cuMemsetD8");
}

Module::Module(const CacheEntry &entry) : key(entry.key) {
  checkCuda(cuModuleLoadData(&module, entry.cubin.data()),
            "cuModuleLoadData(" + entry.key + ".cubin)");
}

Module::~Module() {
  if (module)
    cuModuleUnload(module);
}

CUfunction Module::function(const KernelInfo &kernel) const {
  CUfunction function = nullptr;
  checkCuda(cuModuleGetFunction(&function, module, kernel.entry.c_str()),
            "cuModuleGetFunction(" + kernel.entry + ") in " + key + ".cubin");
  return function;
}

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

void tile::rt::launch(CUfunction function, const KernelInfo &kernel,
                      std::span<const KernelArg> args, CUstream stream) {
  LaunchPlan plan = planLaunch(kernel, args);
  if (plan.empty())
    return;
  std::vector<void *> params = plan.parameterPointers();
  checkCuda(cuLaunchKernel(function, plan.grid[0], plan.grid[1], plan.grid[2],
                           kernel.block[0], kernel.block[1], kernel.block[2],
                           kernel.sharedBytes, stream, params.data(), nullptr),
            "cuLaunchKernel(" + kernel.name + ")");
}
