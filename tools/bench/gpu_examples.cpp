//===- gpu_examples.cpp - Run the example kernels on the GPU --------------===//
//
// Loads the example kernels from the kernel cache, runs them on fresh random
// data, checks them against host mode (the same source run on the CPU) and
// times them with CUDA events against the device's copy bandwidth.
//
//===----------------------------------------------------------------------===//

#include "cast_bf16.cpp"
#include "saxpy.cpp"
#include "silu_mul.cpp"
#include "sum_slices.cpp"
#include "vector_add.cpp"

#include "tile/runtime/CudaDriver.h"
#include "tile/runtime/Error.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>
#include <numeric>
#include <vector>

using namespace tile::rt;
namespace fs = std::filesystem;

namespace {

/// Fresh random floats in [-4, 4) from a seeded splitmix64 stream.
std::vector<float> randomFloats(int64_t n, uint64_t seed) {
  std::vector<float> values(n);
  for (int64_t i = 0; i < n; ++i) {
    uint64_t z = seed + 0x9E3779B97F4A7C15ull * uint64_t(i + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    values[i] = float(double(z >> 40) / double(1ull << 24) * 8.0 - 4.0);
  }
  return values;
}

template <class T> std::span<const std::byte> bytesOf(const std::vector<T> &v) {
  return std::as_bytes(std::span(v));
}
template <class T> std::span<std::byte> bytesOf(std::vector<T> &v) {
  return std::as_writable_bytes(std::span(v));
}

template <class T> DeviceBuffer deviceCopy(const std::vector<T> &host) {
  DeviceBuffer buffer(host.size() * sizeof(T));
  buffer.upload(bytesOf(host));
  return buffer;
}

TensorArg tensor(const DeviceBuffer &buffer, const char *dtype, int64_t n) {
  return TensorArg{buffer.address(), dtype, {n}, {1}};
}

/// The median time of `repeat` runs of `run`, after warm-up, in ms.
double medianMs(const std::function<void()> &run, int repeat) {
  for (int i = 0; i < 3; ++i)
    run();
  std::vector<double> times;
  Event start, stop;
  for (int i = 0; i < repeat; ++i) {
    start.record();
    run();
    stop.record();
    times.push_back(stop.millisecondsSince(start));
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

/// How a GPU result compares with host mode.
struct Check {
  bool passed = true;
  std::string detail;
};

/// Bit-exact comparison of raw element bits.
template <class T>
Check compareExact(const std::vector<T> &gpu, const std::vector<T> &host) {
  int64_t mismatches = 0, first = -1;
  for (size_t i = 0; i < gpu.size(); ++i)
    if (std::memcmp(&gpu[i], &host[i], sizeof(T)) != 0 && mismatches++ == 0)
      first = int64_t(i);
  if (mismatches == 0)
    return {true, "bit-exact"};
  return {false, fmt::format("{} mismatches, first at {}", mismatches, first)};
}

/// Relative L2 error and largest ulp distance of f16 results.
Check compareF16(const std::vector<tile::f16> &gpu,
                 const std::vector<tile::f16> &host, double tolerance) {
  double diff = 0, norm = 0;
  int maxUlp = 0;
  for (size_t i = 0; i < gpu.size(); ++i) {
    double g = static_cast<float>(gpu[i]), h = static_cast<float>(host[i]);
    if (std::isnan(g) != std::isnan(h))
      return {false, fmt::format("NaN mismatch at {}", i)};
    if (std::isnan(g))
      continue;
    diff += (g - h) * (g - h);
    norm += h * h;
    maxUlp = std::max(maxUlp, std::abs(int(gpu[i].bits) - int(host[i].bits)));
  }
  double rel = norm > 0 ? std::sqrt(diff / norm) : std::sqrt(diff);
  return {rel <= tolerance, fmt::format("rel {:.2e}, max {} ulp", rel, maxUlp)};
}

struct Row {
  std::string kernel;
  int64_t elements;
  double bytes;
  double ms;
  Check check;
};

struct Harness {
  Context &context;
  fs::path manifests, cacheDir;
  int repeat;
  uint64_t seed;
  std::vector<Row> rows;

  CacheEntry entry(const std::string &name) {
    return loadManifest(manifests / (name + ".json"), cacheDir);
  }

  void vectorAdd(int64_t n) {
    CacheEntry e = entry("vector_add");
    Module module(e);
    const KernelInfo &k = e.kernel("vector_add<2048>");
    CUfunction f = module.function(k);
    auto x = randomFloats(n, seed + 1), y = randomFloats(n, seed + 2);
    DeviceBuffer dx = deviceCopy(x), dy = deviceCopy(y), dz(n * 4);
    dz.fill(0xFF);
    std::vector<KernelArg> args = {tensor(dz, "f32", n), tensor(dx, "f32", n),
                                   tensor(dy, "f32", n)};
    double ms = medianMs([&] { launch(f, k, args); }, repeat);
    std::vector<float> gpu(n), host(n);
    dz.download(bytesOf(gpu));
    tile::host::launch(
        vector_add<2048>, tile::host::partition<2048>(host.data(), {n}),
        tile::View<float>(x.data(), {n}), tile::View<float>(y.data(), {n}));
    rows.push_back({k.name, n, 12.0 * n, ms, compareExact(gpu, host)});
  }

  void saxpy(int64_t n) {
    CacheEntry e = entry("saxpy");
    Module module(e);
    const KernelInfo &k = e.kernel("saxpy<2048>");
    CUfunction f = module.function(k);
    auto x = randomFloats(n, seed + 3), y = randomFloats(n, seed + 4);
    float a = 1.7f;
    DeviceBuffer dx = deviceCopy(x), dy = deviceCopy(y);
    std::vector<KernelArg> args = {tensor(dy, "f32", n), tensor(dx, "f32", n),
                                   ScalarArg::of("f32", a)};
    // The kernel updates y in place: check one launch, then time many.
    launch(f, k, args);
    std::vector<float> gpu(n), host = y;
    dy.download(bytesOf(gpu));
    tile::host::launch(::saxpy<2048>,
                       tile::host::partition<2048>(host.data(), {n}),
                       tile::View<float>(x.data(), {n}), a);
    double ms = medianMs([&] { launch(f, k, args); }, repeat);
    rows.push_back({k.name, n, 12.0 * n, ms, compareExact(gpu, host)});
  }

  void siluMul(int64_t n) {
    CacheEntry e = entry("silu_mul");
    Module module(e);
    const KernelInfo &k = e.kernel("silu_mul<4096>");
    CUfunction f = module.function(k);
    auto xs = randomFloats(n, seed + 5), ys = randomFloats(n, seed + 6);
    std::vector<tile::f16> x(n), y(n);
    for (int64_t i = 0; i < n; ++i) {
      x[i] = tile::f16(xs[i]);
      y[i] = tile::f16(ys[i]);
    }
    DeviceBuffer dx = deviceCopy(x), dy = deviceCopy(y), dout(n * 2);
    dout.fill(0xFF);
    std::vector<KernelArg> args = {tensor(dout, "f16", n), tensor(dx, "f16", n),
                                   tensor(dy, "f16", n)};
    double ms = medianMs([&] { launch(f, k, args); }, repeat);
    std::vector<tile::f16> gpu(n), host(n);
    dout.download(bytesOf(gpu));
    tile::host::launch(silu_mul<4096>,
                       tile::host::partition<4096>(host.data(), {n}),
                       tile::View<tile::f16>(x.data(), {n}),
                       tile::View<tile::f16>(y.data(), {n}));
    rows.push_back({k.name, n, 6.0 * n, ms, compareF16(gpu, host, 1e-3)});
  }

  /// Sums 8 slices of x, each as long as the output rounded up to whole
  /// pieces: a loop carrying a tile.
  void sumSlices(int64_t n) {
    CacheEntry e = entry("sum_slices");
    Module module(e);
    const KernelInfo &k = e.kernel("sum_slices<2048>");
    CUfunction f = module.function(k);
    const int slices = 8;
    int64_t blocks = (n + 2047) / 2048;
    int64_t total = slices * blocks * 2048;
    auto x = randomFloats(total, seed + 8);
    DeviceBuffer dx = deviceCopy(x), dout(n * 4);
    dout.fill(0xFF);
    std::vector<KernelArg> args = {tensor(dout, "f32", n),
                                   tensor(dx, "f32", total),
                                   ScalarArg::of("i32", slices)};
    double ms = medianMs([&] { launch(f, k, args); }, repeat);
    std::vector<float> gpu(n), host(n);
    dout.download(bytesOf(gpu));
    tile::host::launch(sum_slices<2048>,
                       tile::host::partition<2048>(host.data(), {n}),
                       tile::View<float>(x.data(), {total}), slices);
    rows.push_back(
        {k.name, n, 4.0 * (slices + 1) * n, ms, compareExact(gpu, host)});
  }

  void castBf16(int64_t n) {
    CacheEntry e = entry("cast_bf16");
    Module module(e);
    const KernelInfo &k = e.kernel("cast_bf16<4096>");
    CUfunction f = module.function(k);
    auto x = randomFloats(n, seed + 7);
    DeviceBuffer dx = deviceCopy(x), dout(n * 2);
    dout.fill(0xFF);
    std::vector<KernelArg> args = {tensor(dout, "bf16", n),
                                   tensor(dx, "f32", n)};
    double ms = medianMs([&] { launch(f, k, args); }, repeat);
    std::vector<tile::bf16> gpu(n), host(n);
    dout.download(bytesOf(gpu));
    tile::host::launch(cast_bf16<4096>,
                       tile::host::partition<4096>(host.data(), {n}),
                       tile::View<float>(x.data(), {n}));
    rows.push_back({k.name, n, 6.0 * n, ms, compareExact(gpu, host)});
  }
};

/// Device-to-device copy bandwidth, bytes read + written, in GB/s.
double copyBandwidth(int repeat) {
  size_t bytes = size_t(1) << 30;
  DeviceBuffer a(bytes), b(bytes);
  a.fill(1);
  double ms = medianMs(
      [&] { checkCuda(cuMemcpyDtoD(b.address(), a.address(), bytes), "copy"); },
      repeat);
  return 2.0 * bytes / (ms * 1e6);
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"Runs the example kernels on the GPU, checks them against host "
               "mode and times them against the copy bandwidth"};
  std::string manifests = "build/kernels", cacheDir = "build/kernel-cache";
  std::string markdown;
  int64_t elements = int64_t(1) << 28;
  int repeat = 50;
  app.add_option("--manifests", manifests,
                 "Directory of the kernels' manifests (tilecc --emit=manifest)")
      ->capture_default_str();
  app.add_option("--cache-dir", cacheDir, "Kernel cache directory")
      ->capture_default_str();
  app.add_option("--elements", elements, "Elements of the large runs")
      ->capture_default_str();
  app.add_option("--repeat", repeat, "Timed runs per kernel (median)")
      ->capture_default_str();
  app.add_option("--markdown", markdown, "Also write the table here");
  CLI11_PARSE(app, argc, argv);

  try {
    Context context;
    uint64_t seed =
        uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
    fmt::print("device: {} ({} SMs), seed {}\n", context.deviceName(),
               context.multiprocessorCount(), seed);
    double copy = copyBandwidth(repeat);
    Harness harness{context, manifests, cacheDir, repeat, seed, {}};
    for (int64_t n : {elements, int64_t(1), int64_t(1000), int64_t(1 << 20) + 3,
                      int64_t(12345677)}) {
      harness.vectorAdd(n);
      harness.saxpy(n);
      harness.siluMul(n);
      harness.castBf16(n);
      harness.sumSlices(std::min<int64_t>(n, int64_t(1) << 26));
    }

    std::string table = fmt::format(
        "| kernel | elements | MB moved | time (us) | GB/s | % of copy "
        "({:.0f} GB/s) | check |\n| --- | ---: | ---: | ---: | ---: | ---: | "
        "--- |\n",
        copy);
    bool allPassed = true;
    for (const Row &row : harness.rows) {
      double gbs = row.bytes / (row.ms * 1e6);
      table +=
          fmt::format("| {} | {} | {:.1f} | {:.1f} | {:.0f} | {:.1f}% | "
                      "{} {} |\n",
                      row.kernel, row.elements, row.bytes / 1e6, row.ms * 1e3,
                      gbs, 100.0 * gbs / copy,
                      row.check.passed ? "PASS" : "FAIL", row.check.detail);
      allPassed = allPassed && row.check.passed;
    }
    fmt::print("\n{}", table);
    if (!markdown.empty())
      std::ofstream(markdown) << table;
    return allPassed ? 0 : 1;
  } catch (const std::exception &e) {
    fmt::print(stderr, "tile-gpu-examples: error: {}\n", e.what());
    return 1;
  }
}
