//===- CudaBackend.cpp - A GPU as a device, through the CUDA driver -------===//

#include "tile/runtime/Error.h"
#include "tile/runtime/cuda/Context.h"
#include "tile/runtime/cuda/Cublas.h"
#include "tile/runtime/cuda/CudaCheck.h"
#include "tile/runtime/cuda/Launch.h"
#include "tile/runtime/cuda/Module.h"

#include "../Backends.h"

#include <cuda.h>

#include <memory>
#include <string>
#include <typeinfo>
#include <vector>

using namespace tile::rt;
using namespace tile::rt::cuda;

namespace {

/// A cubin's functions of one kernel; the module stays loaded while a
/// kernel uses it.
class CudaKernelCode final : public KernelCode {
public:
  CudaKernelCode(std::shared_ptr<Module> module, KernelFunctions functions)
      : module(std::move(module)), functions(functions) {}

  std::shared_ptr<Module> module;
  KernelFunctions functions;
};

const CudaKernelCode &cudaCode(const KernelCode &code, const KernelInfo &info) {
  // The class is final: comparing types is exact, and cheaper than a
  // dynamic_cast on every launch.
  if (typeid(code) != typeid(CudaKernelCode))
    throw Error("launch of " + info.name +
                " on a GPU: the kernel's code is host-mode code; load it "
                "from the kernel cache");
  return static_cast<const CudaKernelCode &>(code);
}

std::string gridText(const LaunchPlan &plan) {
  return std::to_string(plan.grid[0]) + "x" + std::to_string(plan.grid[1]) +
         "x" + std::to_string(plan.grid[2]);
}

class CudaEvent : public EventBackend {
public:
  CudaEvent() {
    checkCuda(cuEventCreate(&event, CU_EVENT_DEFAULT), "cuEventCreate");
  }
  ~CudaEvent() override { cuEventDestroy(event); }

  bool query() override {
    CUresult result = cuEventQuery(event);
    if (result == CUDA_ERROR_NOT_READY)
      return false;
    checkCuda(result, "cuEventQuery");
    return true;
  }
  void synchronize() override {
    checkCuda(cuEventSynchronize(event), "cuEventSynchronize");
  }
  float millisecondsSince(EventBackend &start) override {
    synchronize();
    float ms = 0;
    checkCuda(
        cuEventElapsedTime(&ms, dynamic_cast<CudaEvent &>(start).event, event),
        "cuEventElapsedTime");
    return ms;
  }

  CUevent event = nullptr;
};

/// An instantiated graph and the kernel node of each captured launch.
class CudaGraph : public GraphBackend {
public:
  CudaGraph(CUgraph graph, std::vector<CUgraphNode> launches)
      : graph(graph), launches(std::move(launches)) {
    checkCuda(cuGraphInstantiate(&exec, graph, 0), "cuGraphInstantiate");
  }
  ~CudaGraph() override {
    if (exec)
      cuGraphExecDestroy(exec);
    cuGraphDestroy(graph);
  }

  void updateLaunch(size_t index, const std::shared_ptr<const KernelCode> &code,
                    const KernelInfo &info, LaunchPlan &plan,
                    std::span<const KernelArgRef>) override {
    const KernelFunctions &functions = cudaCode(*code, info).functions;
    auto [function, entry] = chooseEntry(functions, info, plan);
    std::array<unsigned, 3> grid = programGrid(functions, *entry, plan.grid);
    CUDA_KERNEL_NODE_PARAMS node{};
    node.func = function;
    node.gridDimX = grid[0];
    node.gridDimY = grid[1];
    node.gridDimZ = grid[2];
    node.blockDimX = entry->block[0];
    node.blockDimY = entry->block[1];
    node.blockDimZ = entry->block[2];
    node.sharedMemBytes = entry->sharedBytes;
    node.kernelParams = plan.parameterPointers();
    checkCuda(cuGraphExecKernelNodeSetParams(exec, launches.at(index), &node),
              "cuGraphExecKernelNodeSetParams(" + info.name + ", launch " +
                  std::to_string(index) + ")");
  }
  void replay(StreamBackend &stream) override {
    checkCuda(cuGraphLaunch(exec, static_cast<CUstream>(stream.nativeHandle())),
              "cuGraphLaunch");
  }

private:
  CUgraph graph = nullptr;
  CUgraphExec exec = nullptr;
  std::vector<CUgraphNode> launches;
};

class CudaStream : public StreamBackend {
public:
  explicit CudaStream(const Context &context) : context(context) {
    checkCuda(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING),
              "cuStreamCreate");
  }
  ~CudaStream() override {
    cuStreamSynchronize(stream);
    cublas.reset();
    cuStreamDestroy(stream);
  }

  void copyToDevice(uint64_t to, const void *from, size_t bytes) override {
    checkCuda(cuMemcpyHtoDAsync(to, from, bytes, stream),
              "cuMemcpyHtoDAsync(" + std::to_string(bytes) + " bytes)");
  }
  void copyToHost(void *to, uint64_t from, size_t bytes) override {
    checkCuda(cuMemcpyDtoHAsync(to, from, bytes, stream),
              "cuMemcpyDtoHAsync(" + std::to_string(bytes) + " bytes)");
  }
  void copyOnDevice(uint64_t to, uint64_t from, size_t bytes) override {
    checkCuda(cuMemcpyDtoDAsync(to, from, bytes, stream),
              "cuMemcpyDtoDAsync(" + std::to_string(bytes) + " bytes)");
  }
  void fill(uint64_t to, uint64_t pattern, int patternBytes,
            size_t count) override {
    std::string doing = "filling " + std::to_string(count) + " elements of " +
                        std::to_string(patternBytes) + " bytes";
    switch (patternBytes) {
    case 1:
      checkCuda(cuMemsetD8Async(to, uint8_t(pattern), count, stream), doing);
      return;
    case 2:
      checkCuda(cuMemsetD16Async(to, uint16_t(pattern), count, stream), doing);
      return;
    case 4:
      checkCuda(cuMemsetD32Async(to, uint32_t(pattern), count, stream), doing);
      return;
    case 8:
      // No 64-bit memset: the two halves as 4-byte columns of a pitch of 8.
      checkCuda(cuMemsetD2D32Async(to, 8, uint32_t(pattern), 1, count, stream),
                doing);
      checkCuda(cuMemsetD2D32Async(to + 4, 8, uint32_t(pattern >> 32), 1, count,
                                   stream),
                doing);
      return;
    }
    throw Error(doing + ": unsupported element size");
  }
  void launch(const std::shared_ptr<const KernelCode> &code,
              const KernelInfo &info, LaunchPlan &plan,
              std::span<const KernelArgRef>) override {
    const KernelFunctions &functions = cudaCode(*code, info).functions;
    auto [function, entry] = chooseEntry(functions, info, plan);
    CUresult result = cuda::launchKernel(
        function, *entry, programGrid(functions, *entry, plan.grid),
        plan.parameterPointers(), stream);
    if (result != CUDA_SUCCESS)
      throwCudaError(result, "cuLaunchKernelEx(" + entry->entry + ", grid " +
                                 gridText(plan) + ")");
    if (capturing)
      capturedLaunches.push_back(lastCapturedNode(info));
  }
  void gemm(const GemmProblem &problem) override {
    // The handle and its workspace come with the stream's first product.
    if (!cublas) {
      context.makeCurrent();
      cublas = std::make_unique<Cublas>(stream);
    }
    cublas->gemm(problem);
  }
  std::unique_ptr<EventBackend> record() override {
    auto event = std::make_unique<CudaEvent>();
    checkCuda(cuEventRecord(event->event, stream), "cuEventRecord");
    return event;
  }
  void wait(EventBackend &event) override {
    checkCuda(
        cuStreamWaitEvent(stream, dynamic_cast<CudaEvent &>(event).event, 0),
        "cuStreamWaitEvent");
  }
  void synchronize() override {
    checkCuda(cuStreamSynchronize(stream), "cuStreamSynchronize");
  }
  void beginCapture() override {
    checkCuda(cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_RELAXED),
              "cuStreamBeginCapture");
    capturing = true;
    capturedLaunches.clear();
  }
  std::unique_ptr<GraphBackend> endCapture() override {
    capturing = false;
    CUgraph graph = nullptr;
    checkCuda(cuStreamEndCapture(stream, &graph), "cuStreamEndCapture");
    try {
      return std::make_unique<CudaGraph>(graph, std::move(capturedLaunches));
    } catch (...) {
      cuGraphDestroy(graph);
      throw;
    }
  }
  void *nativeHandle() override { return stream; }

private:
  /// The kernel node the launch just captured: the capture's one leaf.
  CUgraphNode lastCapturedNode(const KernelInfo &info) {
    CUstreamCaptureStatus status;
    const CUgraphNode *leaves = nullptr;
    size_t count = 0;
    checkCuda(cuStreamGetCaptureInfo(stream, &status, nullptr, nullptr, &leaves,
                                     nullptr, &count),
              "cuStreamGetCaptureInfo(after " + info.name + ")");
    if (status != CU_STREAM_CAPTURE_STATUS_ACTIVE || count != 1)
      throw Error("capturing " + info.name +
                  ": the launch is not the capture's one last node");
    return leaves[0];
  }

  const Context &context;
  CUstream stream = nullptr;
  std::unique_ptr<Cublas> cublas;
  bool capturing = false;
  std::vector<CUgraphNode> capturedLaunches;
};

class CudaBackend : public Backend {
public:
  explicit CudaBackend(int ordinal) : context(ordinal), ordinal(ordinal) {}

  DeviceKind kind() const override { return DeviceKind::Cuda; }
  std::string name() const override {
    return "cuda:" + std::to_string(ordinal) + " (" + context.deviceName() +
           ", " + context.target() + ")";
  }
  std::string gpuName() const override { return context.deviceName(); }
  uint64_t allocate(size_t bytes) override {
    CUdeviceptr address = 0;
    checkCuda(cuMemAlloc(&address, bytes == 0 ? 1 : bytes),
              "cuMemAlloc(" + std::to_string(bytes) + " bytes)");
    return address;
  }
  void deallocate(uint64_t address) noexcept override { cuMemFree(address); }
  std::optional<DeviceMemory> memory() override {
    context.makeCurrent();
    size_t free = 0, total = 0;
    checkCuda(cuMemGetInfo(&free, &total), "cuMemGetInfo");
    return DeviceMemory{free, total};
  }
  std::unique_ptr<StreamBackend> createStream() override {
    context.makeCurrent();
    return std::make_unique<CudaStream>(context);
  }
  std::shared_ptr<const KernelCode>
  loadKernel(const CacheEntry &entry, const KernelInfo &info) override {
    context.makeCurrent();
    auto module = std::make_shared<Module>(entry);
    KernelFunctions functions = KernelFunctions::load(*module, info);
    return std::make_shared<CudaKernelCode>(std::move(module), functions);
  }
  void synchronize() override { context.synchronize(); }

private:
  Context context;
  int ordinal;
};

} // namespace

std::shared_ptr<Backend> tile::rt::makeCudaBackend(int ordinal) {
  return std::make_shared<CudaBackend>(ordinal);
}

bool tile::rt::cudaBackendBuilt() { return true; }
