//===- runtime_check.cpp - The runtime's API on the GPU against host mode -===//
//
// Runs launches, futures across streams and graph replay through the
// runtime on a CUDA device and on the host device with the same seeds, checks
// that they agree, and measures two figures: graph replay of 100 small
// launches against launching them one by one, and the runtime's launch
// overhead against a raw cuLaunchKernel loop.
//
//===----------------------------------------------------------------------===//

#include "saxpy.cpp"
#include "vector_add.cpp"

#include "tile/runtime/Graph.h"
#include "tile/runtime/HostKernel.h"
#include "tile/runtime/cuda/CudaCheck.h"
#include "tile/runtime/cuda/Module.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <functional>

using namespace tile::rt;
namespace fs = std::filesystem;

namespace {

constexpr int kPiece = 2048;

struct Options {
  fs::path manifests = "build/kernels";
  fs::path cacheDir = "build/kernel-cache";
  int64_t elements = (int64_t(1) << 20) + 3;
  int launches = 100;
  int repeat = 20;
};

/// The kernels of the checks on one device.
struct Kernels {
  Kernels(const Device &device, const Options &options)
      : saxpy(kernelFor<&::saxpy<kPiece>>(device, "saxpy<2048>",
                                          options.manifests / "saxpy.json",
                                          options.cacheDir)),
        add(kernelFor<&vector_add<kPiece>>(
            device, "vector_add<2048>", options.manifests / "vector_add.json",
            options.cacheDir)) {}
  Kernel saxpy, add;
};

/// z = x + y, then z = 3x + z on a second stream after an event; then a
/// graph of `launches` saxpy launches on y replayed twice, the second time
/// with the first launch's scalar updated. Returns z and y.
std::pair<std::vector<float>, std::vector<float>>
runAll(const Device &device, const Options &options) {
  Kernels k(device, options);
  Stream first(device), second(device);
  int64_t n = options.elements;
  Tensor x = Tensor::empty(device, "f32", {n});
  Tensor y = Tensor::empty(device, "f32", {n});
  Tensor z = Tensor::empty(device, "f32", {n});
  x.fillRandom(first, 1);
  y.fillRandom(first, 2);
  z.fill(first, std::nan(""));
  Tensor zs =
      launch(first, k.add, std::move(z).partition({kPiece}), x, y)
          .then(second,
                [&](Tensor sum) {
                  return launch(second, k.saxpy,
                                std::move(sum).partition({kPiece}), x, 3.0f);
                })
          .get();
  Graph graph = Graph::capture(first, [&] {
    for (int i = 0; i < options.launches; ++i)
      y = launch(first, k.saxpy, std::move(y).partition({kPiece}), x, 0.25f)
              .get();
  });
  graph.replay(first);
  first.synchronize();
  y = graph.update(0, std::move(y).partition({kPiece}), x, -1.0f);
  graph.replay(first);
  first.synchronize();
  return {zs.toHost<float>(first), y.toHost<float>(first)};
}

/// Seconds of wall-clock time that `run` takes, the median of `repeat`.
double medianSeconds(int repeat, const std::function<void()> &run) {
  run();
  std::vector<double> times;
  for (int i = 0; i < repeat; ++i) {
    auto start = std::chrono::steady_clock::now();
    run();
    times.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

bool sameBits(const std::vector<float> &a, const std::vector<float> &b) {
  return a.size() == b.size() &&
         std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"Checks the runtime's API on the GPU against host mode and "
               "measures graph replay and launch overhead. Exits with 1 if "
               "a check fails."};
  Options options;
  app.add_option("--manifests", options.manifests,
                 "Directory of the examples' manifests")
      ->capture_default_str();
  app.add_option("--cache-dir", options.cacheDir, "Kernel cache directory")
      ->capture_default_str();
  app.add_option("--repeat", options.repeat, "Timed repetitions")
      ->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  int failures = 0;
  auto report = [&](const std::string &what, bool passed,
                    const std::string &detail) {
    fmt::print("{:<44} {}  {}\n", what, passed ? "PASS" : "FAIL", detail);
    failures += passed ? 0 : 1;
  };
  try {
    Device gpu = Device::cuda(0);
    fmt::print("device: {}\n", gpu.name());

    // Correctness: the same work on the GPU and in host mode.
    auto gpuResult = runAll(gpu, options);
    auto hostResult = runAll(Device::host(), options);
    report("launch, then on another stream",
           sameBits(gpuResult.first, hostResult.first),
           "bit-exact against host mode");
    report("graph replay, updated scalar",
           sameBits(gpuResult.second, hostResult.second),
           "bit-exact against host mode");

    Kernels k(gpu, options);
    Stream stream(gpu);
    int64_t small = 4096;
    Tensor x = Tensor::empty(gpu, "f32", {small});
    Tensor y = Tensor::empty(gpu, "f32", {small});
    x.fillRandom(stream, 3);
    y.fillRandom(stream, 4);

    // Launches queued one by one, without waiting in between.
    auto chain = [&](int count) {
      Future<Tensor> last(stream, std::move(y));
      for (int i = 0; i < count; ++i)
        last = std::move(last).then([&](Tensor t) {
          return launch(stream, k.saxpy, std::move(t).partition({kPiece}), x,
                        0.5f);
        });
      y = std::move(last).get();
    };

    // Graph replay of 100 small launches against one by one.
    double oneByOne =
        medianSeconds(options.repeat, [&] { chain(options.launches); });
    Graph graph = Graph::capture(stream, [&] {
      for (int i = 0; i < options.launches; ++i)
        y = launch(stream, k.saxpy, std::move(y).partition({kPiece}), x, 0.5f)
                .get();
    });
    double replayed = medianSeconds(options.repeat, [&] {
      graph.replay(stream);
      stream.synchronize();
    });
    double speedup = oneByOne / replayed;
    report(fmt::format("graph replay of {} launches", options.launches),
           speedup >= 3.0,
           fmt::format("{:.1f} us one by one, {:.1f} us "
                       "replayed: {:.1f}x (>= 3x)",
                       oneByOne * 1e6, replayed * 1e6, speedup));

    // Launch overhead: queue many launches without waiting, against the
    // same launches through cuLaunchKernel directly.
    int count = 2000;
    CacheEntry entry =
        loadManifest(options.manifests / "saxpy.json", options.cacheDir);
    cuda::Module module(entry);
    const KernelInfo &info = entry.kernel("saxpy<2048>");
    CUfunction function = module.function(info);
    std::vector<KernelArg> args = {
        TensorArg{y.view().address(), "f32", {small}, {1}},
        TensorArg{x.view().address(), "f32", {small}, {1}},
        ScalarArg::of("f32", 0.5f)};
    LaunchPlan plan = planLaunch(info, args);
    std::vector<void *> params = plan.parameterPointers();
    auto native = static_cast<CUstream>(stream.backend().nativeHandle());
    double raw = medianSeconds(options.repeat, [&] {
      for (int i = 0; i < count; ++i)
        cuda::checkCuda(cuLaunchKernel(function, plan.grid[0], 1, 1,
                                       info.block[0], info.block[1],
                                       info.block[2], info.sharedBytes, native,
                                       params.data(), nullptr),
                        "cuLaunchKernel");
      stream.synchronize();
    });
    double runtime = medianSeconds(options.repeat, [&] { chain(count); });
    double overhead = runtime / raw - 1.0;
    report(fmt::format("launch overhead, {} launches", count), overhead <= 0.10,
           fmt::format("{:.2f} us per launch against {:.2f} us raw: {:+.1f}% "
                       "(<= 10%)",
                       runtime / count * 1e6, raw / count * 1e6,
                       overhead * 100));
  } catch (const std::exception &e) {
    fmt::print(stderr, "tile-runtime-check: error: {}\n", e.what());
    return 2;
  }
  fmt::print("{}\n", failures ? fmt::format("{} checks FAILED", failures)
                              : std::string("all checks passed"));
  return failures ? 1 : 0;
}
