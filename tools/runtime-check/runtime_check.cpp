//===- runtime_check.cpp - The runtime's API on the GPU against host mode -===//
//
// Runs launches, futures across streams, graph replay and cuBLAS products
// through the runtime on a CUDA device and on the host device with the same
// seeds, checks that they agree, and measures three figures: graph replay of
// 100 small launches against the driver's own graph of the same launches
// (and, shown, against launching them one by one), the runtime's launch
// overhead against a raw driver-call loop, and GEMM throughput.
//
//===----------------------------------------------------------------------===//

#include "saxpy.h"
#include "vector_add.h"

#include "tile/runtime/Blas.h"
#include "tile/runtime/Graph.h"
#include "tile/runtime/HostKernel.h"
#include "tile/runtime/cuda/CudaCheck.h"
#include "tile/runtime/cuda/Launch.h"
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
/// How much longer than the driver's own graph of the same launches the
/// runtime's replay may take: within the run-to-run spread of a replay.
constexpr double kReplayTolerance = 1.05;

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

/// The elements of `tensor` as floats.
std::vector<float> floats(Stream &stream, const Tensor &tensor) {
  if (tensor.dtype() == "f32")
    return tensor.toHost<float>(stream);
  std::vector<float> values;
  if (tensor.dtype() == "f16")
    for (tile::f16 value : tensor.toHost<tile::f16>(stream))
      values.push_back(float(value));
  else
    for (tile::bf16 value : tensor.toHost<tile::bf16>(stream))
      values.push_back(float(value));
  return values;
}

/// One product of the BLAS checks: C = alpha op(A) op(B) + beta C (a gemv
/// when n is 0), with random operands from fixed seeds.
struct Product {
  std::string name, in, out;
  int64_t m, n, k;
  GemmOptions options;
};

/// Runs `product` on `device`, the second time inside a replayed graph;
/// returns C.
std::vector<float> runProduct(const Device &device, const Product &product) {
  Stream stream(device);
  bool isGemv = product.n == 0;
  const GemmOptions &o = product.options;
  std::vector<int64_t> aShape =
      o.transposeA ? std::vector<int64_t>{product.k, product.m}
                   : std::vector<int64_t>{product.m, product.k};
  std::vector<int64_t> bShape =
      isGemv         ? std::vector<int64_t>{product.k}
      : o.transposeB ? std::vector<int64_t>{product.n, product.k}
                     : std::vector<int64_t>{product.k, product.n};
  std::vector<int64_t> cShape =
      isGemv ? std::vector<int64_t>{product.m}
             : std::vector<int64_t>{product.m, product.n};
  Tensor a = Tensor::empty(device, product.in, aShape);
  Tensor b = Tensor::empty(device, product.in, bShape);
  Tensor c = Tensor::empty(device, product.out, cShape);
  a.fillRandom(stream, 5);
  b.fillRandom(stream, 6);
  c.fillRandom(stream, 7);
  auto run = [&](Tensor output) {
    if (isGemv)
      return gemv(stream, std::move(output), a, b,
                  {o.transposeA, o.alpha, o.beta});
    return gemm(stream, std::move(output), a, b, o);
  };
  c = run(std::move(c)).get();
  Graph graph = Graph::capture(stream, [&] { c = run(std::move(c)).get(); });
  graph.replay(stream);
  stream.synchronize();
  return floats(stream, c);
}

/// The largest |gpu - host| over the largest |host|.
double relativeError(const std::vector<float> &gpu,
                     const std::vector<float> &host) {
  if (gpu.size() != host.size())
    return INFINITY;
  double error = 0, scale = 1e-30;
  for (size_t i = 0; i < gpu.size(); ++i) {
    double difference = std::abs(double(gpu[i]) - host[i]);
    error = std::isnan(difference) ? INFINITY : std::max(error, difference);
    scale = std::max(scale, std::abs(double(host[i])));
  }
  return error / scale;
}

/// Seconds of wall-clock time that each of `runs` takes, the median of
/// `repeat`; the runs take turns, so that every one sees the same drift of
/// clocks and load.
std::vector<double>
medianSecondsInTurns(int repeat,
                     std::initializer_list<std::function<void()>> runs) {
  std::vector<std::vector<double>> times(runs.size());
  for (const auto &run : runs)
    run();
  for (int i = 0; i < repeat; ++i) {
    size_t r = 0;
    for (const auto &run : runs) {
      auto start = std::chrono::steady_clock::now();
      run();
      times[r++].push_back(std::chrono::duration<double>(
                               std::chrono::steady_clock::now() - start)
                               .count());
    }
  }
  std::vector<double> medians;
  for (std::vector<double> &each : times) {
    std::sort(each.begin(), each.end());
    medians.push_back(each[each.size() / 2]);
  }
  return medians;
}

double medianSeconds(int repeat, const std::function<void()> &run) {
  return medianSecondsInTurns(repeat, {run})[0];
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

    // cuBLAS against the CPU BLAS of host mode: f32 accumulation in both,
    // in different orders, so the results agree to a few f32 ulps of the
    // sums; a half output to one half ulp more.
    std::vector<Product> products = {
        {"gemm bf16 -> f32", "bf16", "f32", 256, 384, 512, {}},
        {"gemm f16 -> f32, B^T",
         "f16",
         "f32",
         257,
         129,
         1000,
         {.transposeB = true, .alpha = 0.5f, .beta = 1.0f}},
        {"gemm bf16 -> bf16, A^T B^T",
         "bf16",
         "bf16",
         64,
         96,
         4096,
         {.transposeA = true, .transposeB = true}},
        {"gemm f16 -> f16", "f16", "f16", 1000, 33, 77, {.beta = -1.0f}},
        {"gemv bf16 -> f32", "bf16", "f32", 4096, 0, 4096, {}},
        {"gemv f16 -> f32, A^T",
         "f16",
         "f32",
         3000,
         0,
         5000,
         {.transposeA = true, .alpha = 2.0f, .beta = 1.0f}},
    };
    for (const Product &product : products) {
      double error = relativeError(runProduct(gpu, product),
                                   runProduct(Device::host(), product));
      double bound = product.out == "f32" ? 1e-5 : 1e-2;
      report(
          fmt::format("cuBLAS {} {}x{}x{}, in a graph", product.name, product.m,
                      product.n, product.k),
          error <= bound,
          fmt::format("max error {:.2e} of max |C| (<= {:.0e})", error, bound));
    }

    Kernels k(gpu, options);
    Stream stream(gpu);
    int64_t small = 4096;
    Tensor x = Tensor::empty(gpu, "f32", {small});
    Tensor y = Tensor::empty(gpu, "f32", {small});
    x.fillRandom(stream, 3);
    y.fillRandom(stream, 4);

    // Launches queued one by one, without waiting in between; `queued`
    // gets the seconds the host spent queuing them.
    double queued = 0;
    auto chain = [&](int count) {
      auto start = std::chrono::steady_clock::now();
      Future<Tensor> last(stream, std::move(y));
      for (int i = 0; i < count; ++i)
        last = std::move(last).then([&](Tensor t) {
          return launch(stream, k.saxpy, std::move(t).partition({kPiece}), x,
                        0.5f);
        });
      queued = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                             start)
                   .count();
      y = std::move(last).get();
    };

    // The same launches as one driver call each (cuLaunchKernelEx with the
    // kernel's launch attributes, as the runtime makes it): the reference
    // of both figures below.
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
    void **params = plan.parameterPointers();
    auto native = static_cast<CUstream>(stream.backend().nativeHandle());
    double rawQueued = 0;
    auto rawLoop = [&](int count) {
      auto start = std::chrono::steady_clock::now();
      for (int i = 0; i < count; ++i)
        cuda::checkCuda(
            cuda::launchKernel(function, info, plan.grid, params, native),
            "cuLaunchKernelEx");
      rawQueued = std::chrono::duration<double>(
                      std::chrono::steady_clock::now() - start)
                      .count();
      stream.synchronize();
    };

    // Graph replay of 100 small launches against one by one; beside it the
    // same launches captured by the driver alone, which tells how fast a
    // replay of these kernels can be on this machine.
    Graph graph = Graph::capture(stream, [&] {
      for (int i = 0; i < options.launches; ++i)
        y = launch(stream, k.saxpy, std::move(y).partition({kPiece}), x, 0.5f)
                .get();
    });
    CUgraph rawGraph = nullptr;
    CUgraphExec rawReplay = nullptr;
    cuda::checkCuda(
        cuStreamBeginCapture(native, CU_STREAM_CAPTURE_MODE_RELAXED),
        "cuStreamBeginCapture");
    for (int i = 0; i < options.launches; ++i)
      cuda::checkCuda(
          cuda::launchKernel(function, info, plan.grid, params, native),
          "cuLaunchKernelEx");
    cuda::checkCuda(cuStreamEndCapture(native, &rawGraph),
                    "cuStreamEndCapture");
    cuda::checkCuda(cuGraphInstantiate(&rawReplay, rawGraph, 0),
                    "cuGraphInstantiate");
    std::vector<double> replay = medianSecondsInTurns(
        options.repeat, {[&] { chain(options.launches); },
                         [&] {
                           graph.replay(stream);
                           stream.synchronize();
                         },
                         [&] { rawLoop(options.launches); },
                         [&] {
                           cuda::checkCuda(cuGraphLaunch(rawReplay, native),
                                           "cuGraphLaunch");
                           stream.synchronize();
                         }});
    cuGraphExecDestroy(rawReplay);
    cuGraphDestroy(rawGraph);
    // The bar is the driver's own graph of the same launches: what a replay
    // costs is the driver's and the GPU's, so the runtime's replay should
    // add nothing to it. The gain over launching one by one depends on how
    // fast this host makes driver calls; it is shown, not checked.
    double oneByOne = replay[0], replayed = replay[1];
    double driverReplayed = replay[3];
    double ratio = replayed / driverReplayed;
    report(fmt::format("graph replay of {} launches", options.launches),
           ratio <= kReplayTolerance,
           fmt::format("{:.1f} us replayed, the driver's own graph {:.1f} us: "
                       "{:.3f}x (<= {:.2f}x)",
                       replayed * 1e6, driverReplayed * 1e6, ratio,
                       kReplayTolerance));
    fmt::print("{:<44} {:.1f} us one by one: {:.1f}x faster replayed\n",
               "  the runtime's launches", oneByOne * 1e6, oneByOne / replayed);
    fmt::print("{:<44} {:.1f} us one by one: {:.1f}x faster replayed\n",
               "  the same with driver calls alone", replay[2] * 1e6,
               replay[2] / driverReplayed);

    // Launch overhead: queue many launches without waiting, against the
    // raw loop.
    int count = 2000;
    std::vector<double> loops = medianSecondsInTurns(
        options.repeat, {[&] { rawLoop(count); }, [&] { chain(count); }});
    double raw = loops[0], runtime = loops[1];
    // Where the time goes: queuing on the host, or running on the GPU.
    fmt::print("{:<44} {:.2f} us per launch through the runtime, {:.2f} us "
               "raw (last repetition)\n",
               "host time to queue", queued / count * 1e6,
               rawQueued / count * 1e6);
    double overhead = runtime / raw - 1.0;
    report(fmt::format("launch overhead, {} launches", count), overhead <= 0.10,
           fmt::format("{:.2f} us per launch against {:.2f} us raw: {:+.1f}% "
                       "(<= 10%)",
                       runtime / count * 1e6, raw / count * 1e6,
                       overhead * 100));

    // GEMM throughput, for the record (GPU.md has cuBLAS's own figures).
    int64_t size = 4096;
    Tensor a = Tensor::empty(gpu, "bf16", {size, size});
    Tensor b = Tensor::empty(gpu, "bf16", {size, size});
    Tensor c = Tensor::empty(gpu, "f32", {size, size});
    a.fillRandom(stream, 8);
    b.fillRandom(stream, 9);
    double gemmSeconds = medianSeconds(options.repeat, [&] {
      c = gemm(stream, std::move(c), a, b, {.transposeB = true}).get();
    });
    fmt::print(
        "{:<44} {:.0f} TFLOP/s ({:.2f} ms)\n", "gemm bf16 4096^3, B^T, f32 out",
        2.0 * size * size * size / gemmSeconds / 1e12, gemmSeconds * 1e3);
  } catch (const std::exception &e) {
    fmt::print(stderr, "tile-runtime-check: error: {}\n", e.what());
    return 2;
  }
  fmt::print("{}\n", failures ? fmt::format("{} checks FAILED", failures)
                              : std::string("all checks passed"));
  return failures ? 1 : 0;
}
