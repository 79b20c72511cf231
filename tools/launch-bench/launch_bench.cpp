//===- launch_bench.cpp - The runtime's host cost per launch, without a GPU
//===//
//
// Runs the launch loop of tile-runtime-check's overhead figure (a chain of
// saxpy launches through futures, each on a fresh partition) and the raw
// driver-call loop it is compared with, on the CUDA backend over a
// stand-in driver (StubDriver.cpp) whose calls cost next to nothing. What is
// left is the runtime's own host work per launch: the time, the heap
// allocations and the driver calls beyond the launch itself. Medians of
// several repetitions after a warm-up.
//
//===----------------------------------------------------------------------===//

#include "saxpy.h"

#include "AllocationCount.h"
#include "StubDriver.h"

#include "tile/runtime/HostKernel.h"
#include "tile/runtime/Launch.h"
#include "tile/runtime/cuda/Launch.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <functional>

#include <time.h>

using namespace tile::rt;

namespace {

constexpr int kPiece = 2048;

/// Per launch: nanoseconds of wall-clock and of this thread's CPU time
/// (which other processes on a busy machine do not inflate), heap
/// allocations and driver calls.
struct Cost {
  double nanoseconds = 0, cpuNanoseconds = 0, allocations = 0, driverCalls = 0;
};

/// This thread's CPU time in nanoseconds.
double threadCpuNanoseconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return double(now.tv_sec) * 1e9 + double(now.tv_nsec);
}

/// The median cost per launch of `run(count)` over `repeat` runs, after one
/// run to warm up.
Cost medianCost(int repeat, int count, const std::function<void(int)> &run) {
  run(count);
  std::vector<Cost> costs;
  for (int i = 0; i < repeat; ++i) {
    uint64_t allocated = heapAllocations();
    uint64_t calls = stubDriverCalls().calls;
    double cpuStart = threadCpuNanoseconds();
    auto start = std::chrono::steady_clock::now();
    run(count);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    double cpu = threadCpuNanoseconds() - cpuStart;
    costs.push_back({seconds * 1e9 / count, cpu / count,
                     double(heapAllocations() - allocated) / count,
                     double(stubDriverCalls().calls - calls) / count});
  }
  // Each figure's own median.
  auto median = [&](double Cost::*field) {
    std::vector<double> values;
    for (const Cost &cost : costs)
      values.push_back(cost.*field);
    std::nth_element(values.begin(), values.begin() + values.size() / 2,
                     values.end());
    return values[values.size() / 2];
  };
  return {median(&Cost::nanoseconds), median(&Cost::cpuNanoseconds),
          median(&Cost::allocations), median(&Cost::driverCalls)};
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"Measures the runtime's host-side cost per kernel launch on "
               "the CUDA backend over a stand-in driver (no GPU needed)."};
  int count = 20000, repeat = 15;
  app.add_option("--launches", count, "Launches per repetition")
      ->capture_default_str();
  app.add_option("--repeat", repeat, "Timed repetitions")
      ->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  try {
    Device device = Device::cuda(0);
    KernelInfo info =
        kernelSignature<&saxpy<kPiece>>("saxpy<2048>", {"y", "x", "a"});
    info.block = {128, 1, 1};
    CacheEntry entry{std::string(64, '0'), "sm_90", {std::byte{0}}, {info}};
    Kernel saxpy = Kernel::load(device, entry, info.name);

    Stream stream(device);
    int64_t small = 4096;
    Tensor x = Tensor::empty(device, "f32", {small});
    Tensor y = Tensor::empty(device, "f32", {small});
    x.fill(stream, 1.0);
    y.fill(stream, 2.0);

    // The loop of tile-runtime-check: launches queued one by one through
    // futures, without waiting in between.
    Cost runtime = medianCost(repeat, count, [&](int launches) {
      Future<Tensor> last(stream, std::move(y));
      for (int i = 0; i < launches; ++i)
        last = std::move(last).then([&](Tensor t) {
          return launch(stream, saxpy, std::move(t).partition({kPiece}), x,
                        0.5f);
        });
      y = std::move(last).get();
    });

    // The same launches, packed once, each one driver call.
    std::vector<KernelArg> args = {
        TensorArg{y.view().address(), "f32", {small}, {1}},
        TensorArg{x.view().address(), "f32", {small}, {1}},
        ScalarArg::of("f32", 0.5f)};
    LaunchPlan plan = planLaunch(info, args);
    void **params = plan.parameterPointers();
    CUfunction function = nullptr;
    cuModuleGetFunction(&function, nullptr, info.entry.c_str());
    auto native = static_cast<CUstream>(stream.backend().nativeHandle());
    Cost raw = medianCost(repeat, count, [&](int launches) {
      for (int i = 0; i < launches; ++i)
        if (cuda::launchKernel(function, info, plan.grid, params, native) !=
            CUDA_SUCCESS)
          throw Error("cuLaunchKernelEx failed");
      stream.synchronize();
    });

    fmt::print("{} launches, median of {}; per launch:\n", count, repeat);
    fmt::print("{:<8} {:>9} {:>9} {:>12} {:>13}\n", "loop", "wall ns", "CPU ns",
               "allocations", "driver calls");
    for (auto [name, cost] : {std::pair{"runtime", runtime}, {"raw", raw}})
      fmt::print("{:<8} {:>9.1f} {:>9.1f} {:>12.2f} {:>13.2f}\n", name,
                 cost.nanoseconds, cost.cpuNanoseconds, cost.allocations,
                 cost.driverCalls);
    fmt::print("the runtime's own host work per launch: {:.1f} ns wall, "
               "{:.1f} ns CPU\n",
               runtime.nanoseconds - raw.nanoseconds,
               runtime.cpuNanoseconds - raw.cpuNanoseconds);
    if (stubDriverCalls().checksum == 0)
      return 1;
  } catch (const std::exception &e) {
    fmt::print(stderr, "tile-launch-bench: error: {}\n", e.what());
    return 2;
  }
  return 0;
}
