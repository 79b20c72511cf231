//===- gpu_examples.cpp - Run the example kernels on the GPU --------------===//
//
// Loads the example and library kernels from the kernel cache through their
// manifests, runs them on fresh random data, checks every output against
// host mode (the same kernel source compiled here and run on the CPU) and
// times them with CUDA events against the device's copy bandwidth. The
// cases, their shapes, seeds, tolerances and byte and flop models come from
// the spec that tools/bench/torch_harness.py reads too
// (tools/bench/kernel_checks.json); a function here builds each case's
// inputs, launches and host-mode reference at one shape.
//
//===----------------------------------------------------------------------===//

#include "cast_bf16.h"
#include "compact_rows.h"
#include "cross_entropy.h"
#include "cumsum_rows.h"
#include "dropout.h"
#include "early_exit.h"
#include "gemv_split_k.h"
#include "histogram.h"
#include "math_functions.h"
#include "moe_routing.h"
#include "narrow_types.h"
#include "nearest_centroid.h"
#include "quantized_gemv.h"
#include "rearrange_tiles.h"
#include "row_combiners.h"
#include "row_stencil.h"
#include "saxpy.h"
#include "silu_mul.h"
#include "sort_rows.h"
#include "stencil3x3.h"
#include "sum_slices.h"
#include "tile/library/add_rms_norm.h"
#include "tile/library/argmax_rows.h"
#include "tile/library/batched_matmul.h"
#include "tile/library/decode_attention.h"
#include "tile/library/embedding.h"
#include "tile/library/flash_attention.h"
#include "tile/library/gemv.h"
#include "tile/library/layer_norm.h"
#include "tile/library/linear.h"
#include "tile/library/qk_norm_rope.h"
#include "tile/library/rms_norm.h"
#include "tile/library/rope.h"
#include "tile/library/softmax_rows.h"
#include "top_p.h"
#include "transpose.h"
#include "vector_add.h"

#include "tile/runtime/CudaDriver.h"

#include "tile/cli/NumberChecks.h"

#include "KernelChecks.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>
#include <type_traits>
#include <utility>
#include <vector>

using namespace tile::rt;
using namespace tile::rt::cuda;
namespace fs = std::filesystem;

namespace {

using tile::bench::KernelCase;
using tile::bench::KernelChecks;
using tile::bench::Shape;

/// This harness's name in the spec.
constexpr std::string_view kHarness = "gpu_examples";

/// The template arguments of the instantiations that the host-mode
/// references run (examples/*.cpp, kernels/*.cpp); the spec must name the
/// same instantiations, which the harness checks before it starts.
constexpr int kVectorAddPiece = 2048;
constexpr int kSaxpyPiece = 2048;
constexpr int kSiluMulPiece = 4096;
constexpr int kDropoutPiece = 2048;
constexpr int kMathFunctionsPiece = 1024;
constexpr int kCastBf16Piece = 4096;
constexpr int kSumSlicesPiece = 2048;
constexpr int kSoftmaxPiece = 1024;
constexpr int kRmsNormPiece = 4096;
constexpr int kArgmaxChunk = 2048;
constexpr int kRopeHeads = 32;
constexpr int kRopeHeadDim = 128;
constexpr int kTransposeTile = 32;
constexpr int kStencilRows = 16, kStencilColumns = 64;
constexpr int kRowStencilRows = 4, kRowStencilColumns = 1024;
constexpr int kCumsumBlock = 1024, kCumsumBlocks = 8;
constexpr int kCompactBlock = 4096;
constexpr int kSortBlock = 1024;
constexpr int kHistogramPiece = 4096;
/// histogram_bins's piece and its most bins.
constexpr int kHistogramBinsPiece = 8192, kHistogramBins = 256;
constexpr int kSplitKRows = 16, kSplitKColumns = 1024;
constexpr int kNarrowPiece = 2048;
/// rearrange_tiles's piece (each program's rows), its block of input rows
/// and its amounts per program.
constexpr int kRearrangeRows = 256, kRearrangeColumns = 64;
constexpr int kRearrangeBlock = 32, kRearrangeAmounts = 16;
constexpr int kCrossEntropyChunk = 2048;
constexpr int kTopPClasses = 4096;
constexpr int kInt8GemvRows = 2, kInt8GemvChunk = 2048;
constexpr int kFp8GemvRows = 16, kFp8GemvGroups = 4;
constexpr int kMoeTokens = 256, kMoeExperts = 64;
constexpr int kNearestPoints = 128, kNearestCentroids = 64;
constexpr int kFirstTokenChunk = 1024, kCollatzPiece = 1024;
constexpr int kRowBitsRows = 8, kRowBitsWords = 256, kGcdRow = 1024;
constexpr int kGemvRows = 4;
constexpr int kGemvChunk = 512;
/// linear's prefill instantiation: its block and its program groups.
constexpr int kLinearBlock[] = {128, 256, 64, 16};
constexpr int kBatchedBlock[] = {128, 256, 64};
constexpr int kAttentionBlock[] = {64, 64};
constexpr int kEmbeddingChunk = 1024;
/// qk_norm_rope's query and key/value heads and head size.
constexpr int kQkHeads[] = {32, 8, 128};
/// Decode attention's block of positions and the merge's largest number of
/// splits.
constexpr int kDecodeBlock = 64;
constexpr int kDecodeMaxSplits = 32;

/// Output entries of a matrix product checked against float64.
constexpr int64_t kLinearSamples = 4096;
/// Query rows of an attention run checked against float64.
constexpr int64_t kAttentionSamples = 256;

/// Fresh random floats in [-4, 4), from a splitmix64 stream of `seed`.
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

/// A device copy of `host`.
template <class T> DeviceBuffer deviceCopy(const std::vector<T> &host) {
  DeviceBuffer buffer(host.size() * sizeof(T));
  buffer.upload(bytesOf(host));
  return buffer;
}

/// A device buffer of `n` elements of T, every byte 0xFF: NaN in f32, f16
/// and bf16, so that an element the kernel fails to write cannot pass.
template <class T> DeviceBuffer poisoned(int64_t n) {
  DeviceBuffer buffer(n * sizeof(T));
  buffer.fill(0xFF);
  return buffer;
}

/// The host copy of a device buffer of `n` elements of T.
template <class T>
std::vector<T> download(const DeviceBuffer &buffer, int64_t n) {
  std::vector<T> host(n);
  buffer.download(bytesOf(host));
  return host;
}

TensorArg vectorArg(const DeviceBuffer &buffer, const char *dtype, int64_t n) {
  return TensorArg{buffer.address(), dtype, {n}, {1}};
}

/// A contiguous rows x columns matrix.
TensorArg matrixArg(const DeviceBuffer &buffer, const char *dtype, int64_t rows,
                    int64_t columns) {
  return TensorArg{buffer.address(), dtype, {rows, columns}, {columns, 1}};
}

template <class T> std::vector<T> convertAll(const std::vector<float> &v) {
  std::vector<T> result(v.size());
  for (size_t i = 0; i < v.size(); ++i)
    result[i] = T(v[i]);
  return result;
}

float toFloat(float v) { return v; }
float toFloat(tile::f16 v) { return static_cast<float>(v); }
float toFloat(tile::bf16 v) { return static_cast<float>(v); }
float toFloat(tile::f8e4m3 v) { return static_cast<float>(v); }
float toFloat(tile::f8e5m2 v) { return static_cast<float>(v); }
float toFloat(int8_t v) { return v; }
float toFloat(int16_t v) { return v; }

template <class T> uint64_t bitsOf(T value) {
  uint64_t bits = 0;
  std::memcpy(&bits, &value, sizeof(T));
  return bits;
}

/// How a GPU result compares with host mode.
struct Check {
  bool passed = true;
  std::string detail;
};

/// Counts the NaNs of `gpu`; a NaN never passes.
template <class T> Check checkNoNaN(const std::vector<T> &gpu) {
  int64_t nans = 0, first = -1;
  for (size_t i = 0; i < gpu.size(); ++i)
    if (std::isnan(toFloat(gpu[i])) && nans++ == 0)
      first = int64_t(i);
  if (nans == 0)
    return {};
  return {false, fmt::format("{} NaN outputs, the first at {}", nans, first)};
}

/// Bit-exact comparison; names the first few mismatches. Where
/// `nanMatchesNaN`, two NaNs match whatever their payloads (for outputs where
/// NaN is expected); otherwise any NaN fails.
template <class T>
Check compareExact(const std::vector<T> &gpu, const std::vector<T> &host,
                   bool nanMatchesNaN = false) {
  if (!nanMatchesNaN)
    if (Check nan = checkNoNaN(gpu); !nan.passed)
      return nan;
  int64_t mismatches = 0;
  std::string examples;
  for (size_t i = 0; i < gpu.size(); ++i) {
    bool bothNaN = nanMatchesNaN && std::isnan(toFloat(gpu[i])) &&
                   std::isnan(toFloat(host[i]));
    if (bitsOf(gpu[i]) == bitsOf(host[i]) || bothNaN)
      continue;
    if (mismatches++ < 3)
      examples += fmt::format("; [{}] gpu {} (0x{:x}) host {} (0x{:x})", i,
                              toFloat(gpu[i]), bitsOf(gpu[i]), toFloat(host[i]),
                              bitsOf(host[i]));
  }
  if (mismatches == 0)
    return {true, "bit-exact"};
  return {false,
          fmt::format("{} of {} differ{}", mismatches, gpu.size(), examples)};
}

/// Relative L2 error of `gpu` against `host` in double: passes if no output
/// is NaN and the error is at most `tolerance`.
template <class T>
Check compareRelative(const std::vector<T> &gpu, const std::vector<T> &host,
                      double tolerance) {
  if (Check nan = checkNoNaN(gpu); !nan.passed)
    return nan;
  double diff = 0, norm = 0;
  for (size_t i = 0; i < gpu.size(); ++i) {
    double g = toFloat(gpu[i]), h = toFloat(host[i]);
    diff += (g - h) * (g - h);
    norm += h * h;
  }
  double rel = norm > 0 ? std::sqrt(diff / norm) : std::sqrt(diff);
  return {rel <= tolerance, fmt::format("rel {:.1e}", rel)};
}

/// Exact comparison of integers; names the first few mismatches.
template <class T>
Check compareIntegers(const std::vector<T> &gpu, const std::vector<T> &host) {
  int64_t mismatches = 0;
  std::string examples;
  for (size_t i = 0; i < gpu.size(); ++i)
    if (gpu[i] != host[i] && mismatches++ < 3)
      examples += fmt::format("; [{}] gpu {} host {}", i, gpu[i], host[i]);
  if (mismatches == 0)
    return {true, "exact"};
  return {false,
          fmt::format("{} of {} differ{}", mismatches, gpu.size(), examples)};
}

/// f16 bits as an integer that orders like the values, so that the
/// distance of two keys counts the f16 values between them (ulps).
int orderedKey(uint16_t bits) {
  int magnitude = bits & 0x7fff;
  return (bits & 0x8000) ? -magnitude : magnitude;
}

/// Relative L2 error (in f32) and ulp distances of f16 results. Passes if
/// no output is NaN, the relative error is at most `tolerance` and at most
/// one element in 10^4 is more than one ulp away.
Check compareF16(const std::vector<tile::f16> &gpu,
                 const std::vector<tile::f16> &host, double tolerance) {
  if (Check nan = checkNoNaN(gpu); !nan.passed)
    return nan;
  double diff = 0, norm = 0;
  int maxUlp = 0;
  int64_t beyondOneUlp = 0, worst = 0;
  for (size_t i = 0; i < gpu.size(); ++i) {
    float g = toFloat(gpu[i]), h = toFloat(host[i]);
    diff += double(g - h) * double(g - h);
    norm += double(h) * double(h);
    int ulp = std::abs(orderedKey(uint16_t(bitsOf(gpu[i]))) -
                       orderedKey(uint16_t(bitsOf(host[i]))));
    if (ulp > 1)
      ++beyondOneUlp;
    if (ulp > maxUlp) {
      maxUlp = ulp;
      worst = int64_t(i);
    }
  }
  double rel = norm > 0 ? std::sqrt(diff / norm) : std::sqrt(diff);
  bool passed = rel <= tolerance && beyondOneUlp * 10000 <= int64_t(gpu.size());
  std::string detail = fmt::format("rel {:.1e}, max {} f16 ulp", rel, maxUlp);
  if (beyondOneUlp)
    detail += fmt::format(", {} beyond 1 ulp (worst [{}] gpu {} host {})",
                          beyondOneUlp, worst, toFloat(gpu[worst]),
                          toFloat(host[worst]));
  return {passed, detail};
}

/// One line of the report: a case at one shape.
struct Row {
  std::string name;
  /// The kernels launched, " + " between them.
  std::string kernels;
  std::string shape;
  /// Bytes read plus bytes written, and flops, of one run (the spec's
  /// models).
  double bytes = 0, flops = 0;
  /// Median milliseconds per run.
  double ms = 0;
  Check check;
};

/// What a case's run measured: its median time and its check.
struct Measured {
  double ms = 0;
  Check check;
};

/// A kernel of the cache, loaded through its example's manifest.
struct LoadedKernel {
  LoadedKernel(const fs::path &manifest, const fs::path &cacheDir,
               const std::string &name)
      : entry(loadManifest(manifest, cacheDir)), module(entry),
        info(entry.kernel(name)),
        functions(KernelFunctions::load(module, info)) {}

  CacheEntry entry;
  Module module;
  const KernelInfo &info;
  KernelFunctions functions;
};

/// What the command line sets.
struct Options {
  fs::path manifests = "build/kernels";
  fs::path cacheDir = "build/kernel-cache";
  fs::path spec = "tools/bench/kernel_checks.json";
  int repeat = 50;
  uint64_t seed = 0;
  std::vector<std::string> only;
  std::string markdown;
  bool checkShapesOnly = false;
  bool list = false;
};

/// The spec's name of the element type T.
template <class T> constexpr std::string_view dtypeName() {
  if constexpr (std::is_same_v<T, float>)
    return "f32";
  else if constexpr (std::is_same_v<T, tile::f16>)
    return "f16";
  else
    return "bf16";
}

/// Runs the cases, one shape at a time.
class Runner {
public:
  Runner(const Options &options, const KernelChecks &spec)
      : options(options), spec(spec) {}

  /// The median time of options.repeat launches by `run` on the stream,
  /// after three warm-up launches, in ms.
  double medianMs(const std::function<void()> &run) {
    for (int i = 0; i < 3; ++i)
      run();
    std::vector<double> times;
    Event start, stop;
    for (int i = 0; i < options.repeat; ++i) {
      start.record(stream.handle());
      run();
      stop.record(stream.handle());
      times.push_back(stop.millisecondsSince(start));
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
  }

  /// Device-to-device copy bandwidth over 1 GiB, bytes read + written, in
  /// GB/s.
  double copyBandwidth() {
    size_t bytes = size_t(1) << 30;
    DeviceBuffer from(bytes), to(bytes);
    from.fill(1);
    double ms = medianMs([&] {
      checkCuda(cuMemcpyDtoDAsync(to.address(), from.address(), bytes,
                                  stream.handle()),
                "cuMemcpyDtoDAsync(1 GiB)");
    });
    return 2.0 * double(bytes) / (ms * 1e6);
  }

  Measured vectorAdd(const KernelCase &c, const Shape &shape) {
    int64_t n = shape["n"];
    LoadedKernel k = load(c);
    uint64_t seed = options.seed + c.seed;
    auto x = randomFloats(n, seed);
    auto y = randomFloats(n, seed + 1);
    DeviceBuffer dx = deviceCopy(x), dy = deviceCopy(y);
    DeviceBuffer dz = poisoned<float>(n);
    std::vector<KernelArg> args = {vectorArg(dz, "f32", n),
                                   vectorArg(dx, "f32", n),
                                   vectorArg(dy, "f32", n)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<float> gpu = download<float>(dz, n), host(n);
    tile::host::launch(vector_add<kVectorAddPiece>,
                       tile::host::partition<kVectorAddPiece>(host.data(), {n}),
                       tile::View<float>(x.data(), {n}),
                       tile::View<float>(y.data(), {n}));
    return {ms, compare(c, gpu, host)};
  }

  Measured saxpy(const KernelCase &c, const Shape &shape) {
    int64_t n = shape["n"];
    LoadedKernel k = load(c);
    uint64_t seed = options.seed + c.seed;
    auto x = randomFloats(n, seed);
    auto y = randomFloats(n, seed + 1);
    float a = randomFloats(1, seed + 2)[0];
    DeviceBuffer dx = deviceCopy(x), dy = deviceCopy(y);
    std::vector<KernelArg> args = {vectorArg(dy, "f32", n),
                                   vectorArg(dx, "f32", n),
                                   ScalarArg::of("f32", a)};
    // The kernel updates y in place: check one launch, then time many.
    run(k, args);
    std::vector<float> gpu = download<float>(dy, n), host = y;
    tile::host::launch(::saxpy<kSaxpyPiece>,
                       tile::host::partition<kSaxpyPiece>(host.data(), {n}),
                       tile::View<float>(x.data(), {n}), a);
    double ms = medianMs([&] { run(k, args); });
    return {ms, compare(c, gpu, host)};
  }

  Measured siluMul(const KernelCase &c, const Shape &shape) {
    int64_t n = shape["n"];
    LoadedKernel k = load(c);
    uint64_t seed = options.seed + c.seed;
    auto xs = randomFloats(n, seed);
    auto ys = randomFloats(n, seed + 1);
    std::vector<tile::f16> x(n), y(n);
    for (int64_t i = 0; i < n; ++i) {
      x[i] = tile::f16(xs[i]);
      y[i] = tile::f16(ys[i]);
    }
    DeviceBuffer dx = deviceCopy(x), dy = deviceCopy(y);
    DeviceBuffer dout = poisoned<tile::f16>(n);
    std::vector<KernelArg> args = {vectorArg(dout, "f16", n),
                                   vectorArg(dx, "f16", n),
                                   vectorArg(dy, "f16", n)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<tile::f16> gpu = download<tile::f16>(dout, n), host(n);
    tile::host::launch(silu_mul<kSiluMulPiece>,
                       tile::host::partition<kSiluMulPiece>(host.data(), {n}),
                       tile::View<tile::f16>(x.data(), {n}),
                       tile::View<tile::f16>(y.data(), {n}));
    return {ms, compare(c, gpu, host)};
  }

  Measured dropout(const KernelCase &c, const Shape &shape) {
    int64_t n = shape["n"];
    LoadedKernel k = load(c);
    uint64_t seed = options.seed + c.seed;
    auto x = randomFloats(n, seed);
    // Drops a quarter; the mask's seed changes with the run's.
    int64_t maskSeed = int64_t(seed * 0x9e3779b97f4a7c15ull);
    float p = 0.25f, scale = 4.0f / 3.0f;
    DeviceBuffer dx = deviceCopy(x);
    DeviceBuffer dout = poisoned<float>(n);
    std::vector<KernelArg> args = {
        vectorArg(dout, "f32", n), vectorArg(dx, "f32", n),
        ScalarArg::of("i64", maskSeed), ScalarArg::of("f32", p),
        ScalarArg::of("f32", scale)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<float> gpu = download<float>(dout, n), host(n);
    tile::host::launch(::dropout<kDropoutPiece>,
                       tile::host::partition<kDropoutPiece>(host.data(), {n}),
                       tile::View<float>(x.data(), {n}), maskSeed, p, scale);
    return {ms, compare(c, gpu, host)};
  }

  /// Row k of the [16, n] output is the k-th math function of x.
  Measured mathFunctions(const KernelCase &c, const Shape &shape) {
    int64_t n = shape["n"];
    LoadedKernel k = load(c);
    auto x = randomFloats(n, options.seed + c.seed);
    DeviceBuffer dx = deviceCopy(x);
    DeviceBuffer dout = poisoned<float>(16 * n);
    std::vector<KernelArg> args = {matrixArg(dout, "f32", 16, n),
                                   vectorArg(dx, "f32", n)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<float> gpu = download<float>(dout, 16 * n), host(16 * n);
    tile::host::launch(
        math_functions<kMathFunctionsPiece>,
        tile::host::partition<16, kMathFunctionsPiece>(host.data(), {16, n}),
        tile::View<float>(x.data(), {n}));
    return {ms, compare(c, gpu, host)};
  }

  Measured castBf16(const KernelCase &c, const Shape &shape) {
    int64_t n = shape["n"];
    LoadedKernel k = load(c);
    auto x = randomFloats(n, options.seed + c.seed);
    DeviceBuffer dx = deviceCopy(x);
    DeviceBuffer dout = poisoned<tile::bf16>(n);
    std::vector<KernelArg> args = {vectorArg(dout, "bf16", n),
                                   vectorArg(dx, "f32", n)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<tile::bf16> gpu = download<tile::bf16>(dout, n), host(n);
    tile::host::launch(cast_bf16<kCastBf16Piece>,
                       tile::host::partition<kCastBf16Piece>(host.data(), {n}),
                       tile::View<float>(x.data(), {n}));
    return {ms, compare(c, gpu, host)};
  }

  /// x rounded and truncated to the 8- and 16-bit types, with specials
  /// (infinities, NaN, values past each type's range, ties) among normal
  /// draws; every output bit-exact against host mode.
  Measured narrowTypes(const KernelCase &c, const Shape &shape) {
    int64_t n = shape["n"];
    LoadedKernel k = load(c);
    auto x = randomFloats(n, options.seed + c.seed);
    const float specials[] = {INFINITY, -INFINITY, NAN,   1e30f,  -464.0f,
                              1.0625f,  0x1p-10f,  -0.0f, 127.5f, 3e4f};
    for (size_t i = 0; i < std::size(specials) && i < size_t(n); ++i)
      x[i * 7 % n] = specials[i];
    DeviceBuffer dx = deviceCopy(x);
    DeviceBuffer d4 = poisoned<tile::f8e4m3>(n), d5 = poisoned<tile::f8e5m2>(n);
    DeviceBuffer d8 = poisoned<int8_t>(n), d16 = poisoned<int16_t>(n);
    DeviceBuffer dmixed = poisoned<tile::bf16>(n);
    std::vector<KernelArg> args = {
        vectorArg(d4, "f8e4m3", n),   vectorArg(d5, "f8e5m2", n),
        vectorArg(d8, "i8", n),       vectorArg(d16, "i16", n),
        vectorArg(dmixed, "bf16", n), vectorArg(dx, "f32", n)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<tile::f8e4m3> h4(n);
    std::vector<tile::f8e5m2> h5(n);
    std::vector<int8_t> h8(n);
    std::vector<int16_t> h16(n);
    std::vector<tile::bf16> hmixed(n);
    constexpr int P = kNarrowPiece;
    tile::host::launch(narrow_types<P>,
                       tile::host::partition<P>(h4.data(), {n}),
                       tile::host::partition<P>(h5.data(), {n}),
                       tile::host::partition<P>(h8.data(), {n}),
                       tile::host::partition<P>(h16.data(), {n}),
                       tile::host::partition<P>(hmixed.data(), {n}),
                       tile::View<float>(x.data(), {n}));
    std::pair<const char *, Check> checks[] = {
        {"e4m3", compareExact(download<tile::f8e4m3>(d4, n), h4,
                              /*nanMatchesNaN=*/true)},
        {"e5m2", compareExact(download<tile::f8e5m2>(d5, n), h5,
                              /*nanMatchesNaN=*/true)},
        {"i8",
         compareExact(download<int8_t>(d8, n), h8, /*nanMatchesNaN=*/true)},
        {"i16",
         compareExact(download<int16_t>(d16, n), h16, /*nanMatchesNaN=*/true)},
        {"mixed", compareExact(download<tile::bf16>(dmixed, n), hmixed,
                               /*nanMatchesNaN=*/true)}};
    for (auto &[name, check] : checks)
      if (!check.passed)
        return {ms, {false, fmt::format("{}: {}", name, check.detail)}};
    return {ms, {true, "bit-exact, NaN where host mode has it"}};
  }

  /// Cats, slices, pads, shifts and rolls of int32, float and bf16 tiles,
  /// each program's slice offsets, shifts and rolls drawn from values of
  /// either sign around the tiles' extents and the 32-bit extremes; every
  /// output bit-exact against host mode.
  Measured rearrangeTiles(const KernelCase &c, const Shape &shape) {
    int64_t programs = shape["programs"];
    constexpr int64_t columns = kRearrangeColumns;
    int64_t inputRows = programs * kRearrangeBlock;
    int64_t outRows = programs * kRearrangeRows;
    int64_t n = inputRows * columns, outN = outRows * columns;
    LoadedKernel k = load(c);
    uint64_t seed = options.seed + c.seed;
    auto xf = randomFloats(n, seed);
    auto draws = randomFloats(n, seed + 1);
    std::vector<int32_t> xi(n);
    std::vector<tile::bf16> xh(n);
    for (int64_t i = 0; i < n; ++i) {
      xi[i] = int32_t(uint32_t(uint64_t(i) * 2654435761u));
      // Distinct finite bf16 values of either sign.
      xh[i] = tile::bf16::fromBits(
          uint16_t(0x3000 + i * 37 % 0x2000 + (draws[i] < 0 ? 0x8000 : 0)));
    }
    const int32_t interesting[] = {
        0,    1,     -1,        2,         -3,           5,  -7,
        8,    -8,    15,        16,        -16,          31, 32,
        -32,  33,    63,        64,        -64,          65, -65,
        1000, -1000, INT32_MAX, INT32_MIN, INT32_MIN + 1};
    int64_t count = int64_t(std::size(interesting));
    auto picks = randomFloats(programs * kRearrangeAmounts, seed + 2);
    std::vector<int32_t> amounts(picks.size());
    for (size_t i = 0; i < picks.size(); ++i)
      amounts[i] = interesting[std::min<int64_t>(
          count - 1, int64_t((picks[i] + 4.0f) / 8.0f * float(count)))];
    DeviceBuffer dxi = deviceCopy(xi), dxf = deviceCopy(xf),
                 dxh = deviceCopy(xh), damounts = deviceCopy(amounts);
    DeviceBuffer dints = poisoned<int32_t>(outN),
                 dfloats = poisoned<float>(outN),
                 dhalves = poisoned<tile::bf16>(outN);
    std::vector<KernelArg> args = {
        matrixArg(dints, "i32", outRows, columns),
        matrixArg(dfloats, "f32", outRows, columns),
        matrixArg(dhalves, "bf16", outRows, columns),
        matrixArg(dxi, "i32", inputRows, columns),
        matrixArg(dxf, "f32", inputRows, columns),
        matrixArg(dxh, "bf16", inputRows, columns),
        matrixArg(damounts, "i32", programs, kRearrangeAmounts)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<int32_t> ints(outN);
    std::vector<float> floats(outN);
    std::vector<tile::bf16> halves(outN);
    constexpr int R = kRearrangeRows, C = kRearrangeColumns;
    tile::host::launch(
        rearrange_tiles<R, C>,
        tile::host::partition<R, C>(ints.data(), {outRows, columns}),
        tile::host::partition<R, C>(floats.data(), {outRows, columns}),
        tile::host::partition<R, C>(halves.data(), {outRows, columns}),
        tile::View<int32_t, 2>(xi.data(), {inputRows, columns}),
        tile::View<float, 2>(xf.data(), {inputRows, columns}),
        tile::View<tile::bf16, 2>(xh.data(), {inputRows, columns}),
        tile::View<int32_t, 2>(amounts.data(), {programs, kRearrangeAmounts}));
    std::pair<const char *, Check> checks[] = {
        {"i32", compare(c, download<int32_t>(dints, outN), ints)},
        {"f32", compare(c, download<float>(dfloats, outN), floats)},
        {"bf16", compare(c, download<tile::bf16>(dhalves, outN), halves)}};
    for (auto &[name, check] : checks)
      if (!check.passed)
        return {ms, {false, fmt::format("{}: {}", name, check.detail)}};
    return {ms, {true, "bit-exact"}};
  }

  /// Sums `slices` slices of x, each as long as the output rounded up to
  /// whole pieces: a loop carrying a tile.
  Measured sumSlices(const KernelCase &c, const Shape &shape) {
    int64_t slices = shape["slices"], n = shape["n"];
    LoadedKernel k = load(c);
    int64_t blocks = (n + kSumSlicesPiece - 1) / kSumSlicesPiece;
    int64_t total = slices * blocks * kSumSlicesPiece;
    auto x = randomFloats(total, options.seed + c.seed);
    DeviceBuffer dx = deviceCopy(x);
    DeviceBuffer dout = poisoned<float>(n);
    std::vector<KernelArg> args = {vectorArg(dout, "f32", n),
                                   vectorArg(dx, "f32", total),
                                   ScalarArg::of("i32", int32_t(slices))};
    double ms = medianMs([&] { run(k, args); });
    std::vector<float> gpu = download<float>(dout, n), host(n);
    tile::host::launch(sum_slices<kSumSlicesPiece>,
                       tile::host::partition<kSumSlicesPiece>(host.data(), {n}),
                       tile::View<float>(x.data(), {total}), int(slices));
    return {ms, compare(c, gpu, host)};
  }

  /// Softmax over rows of f32.
  Measured softmaxRows(const KernelCase &c, const Shape &shape) {
    int64_t rows = shape["rows"], columns = shape["columns"];
    int64_t n = rows * columns;
    LoadedKernel k = load(c);
    auto x = randomFloats(n, options.seed + c.seed);
    DeviceBuffer dx = deviceCopy(x);
    DeviceBuffer dout = poisoned<float>(n);
    std::vector<KernelArg> args = {matrixArg(dout, "f32", rows, columns),
                                   matrixArg(dx, "f32", rows, columns),
                                   ScalarArg::of("i32", int32_t(columns))};
    double ms = medianMs([&] { run(k, args); });
    std::vector<float> gpu = download<float>(dout, n), host(n);
    tile::host::launch(
        softmax_rows<kSoftmaxPiece>,
        tile::host::partition<1, kSoftmaxPiece>(host.data(), {rows, columns}),
        tile::View<float, 2>(x.data(), {rows, columns}), int32_t(columns));
    return {ms, compare(c, gpu, host)};
  }

  /// RMSNorm over bf16 rows.
  Measured rmsNorm(const KernelCase &c, const Shape &shape) {
    int64_t rows = shape["rows"], columns = shape["columns"];
    int64_t n = rows * columns;
    LoadedKernel k = load(c);
    uint64_t seed = options.seed + c.seed;
    auto x = convertAll<tile::bf16>(randomFloats(n, seed));
    auto w = convertAll<tile::bf16>(randomFloats(columns, seed + 1));
    float eps = 1e-6f;
    DeviceBuffer dx = deviceCopy(x), dw = deviceCopy(w);
    DeviceBuffer dout = poisoned<tile::bf16>(n);
    std::vector<KernelArg> args = {
        matrixArg(dout, "bf16", rows, columns),
        matrixArg(dx, "bf16", rows, columns), vectorArg(dw, "bf16", columns),
        ScalarArg::of("i32", int32_t(columns)), ScalarArg::of("f32", eps)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<tile::bf16> gpu = download<tile::bf16>(dout, n), host(n);
    tile::host::launch(
        rms_norm<tile::bf16, kRmsNormPiece>,
        tile::host::partition<1, kRmsNormPiece>(host.data(), {rows, columns}),
        tile::View<tile::bf16, 2>(x.data(), {rows, columns}),
        tile::View<tile::bf16, 1>(w.data(), {columns}), int32_t(columns), eps);
    return {ms, compare(c, gpu, host)};
  }

  /// LayerNorm with weights and biases over bf16 rows.
  Measured layerNorm(const KernelCase &c, const Shape &shape) {
    int64_t rows = shape["rows"], columns = shape["columns"];
    int64_t n = rows * columns;
    LoadedKernel k = load(c);
    uint64_t seed = options.seed + c.seed;
    auto x = convertAll<tile::bf16>(randomFloats(n, seed));
    auto w = convertAll<tile::bf16>(randomFloats(columns, seed + 1));
    auto b = convertAll<tile::bf16>(randomFloats(columns, seed + 2));
    float eps = 1e-5f;
    DeviceBuffer dx = deviceCopy(x), dw = deviceCopy(w), db = deviceCopy(b);
    DeviceBuffer dout = poisoned<tile::bf16>(n);
    std::vector<KernelArg> args = {matrixArg(dout, "bf16", rows, columns),
                                   matrixArg(dx, "bf16", rows, columns),
                                   vectorArg(dw, "bf16", columns),
                                   vectorArg(db, "bf16", columns),
                                   ScalarArg::of("i32", int32_t(columns)),
                                   ScalarArg::of("f32", eps)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<tile::bf16> gpu = download<tile::bf16>(dout, n), host(n);
    tile::host::launch(
        layer_norm<kRmsNormPiece>,
        tile::host::partition<1, kRmsNormPiece>(host.data(), {rows, columns}),
        tile::View<tile::bf16, 2>(x.data(), {rows, columns}),
        tile::View<tile::bf16, 1>(w.data(), {columns}),
        tile::View<tile::bf16, 1>(b.data(), {columns}), int32_t(columns), eps);
    return {ms, compare(c, gpu, host)};
  }

  /// residual += x in place, then the RMSNorm of the sum: checked after one
  /// launch on fresh data, then timed. The sum, one bf16 rounding on both
  /// sides, must match host mode bit for bit.
  Measured addRmsNorm(const KernelCase &c, const Shape &shape) {
    int64_t rows = shape["rows"], columns = shape["columns"];
    int64_t n = rows * columns;
    LoadedKernel k = load(c);
    uint64_t seed = options.seed + c.seed;
    auto x = convertAll<tile::bf16>(randomFloats(n, seed));
    auto residual = convertAll<tile::bf16>(randomFloats(n, seed + 1));
    auto w = convertAll<tile::bf16>(randomFloats(columns, seed + 2));
    float eps = 1e-6f;
    DeviceBuffer dx = deviceCopy(x), dw = deviceCopy(w);
    DeviceBuffer dresidual = deviceCopy(residual);
    DeviceBuffer dout = poisoned<tile::bf16>(n);
    std::vector<KernelArg> args = {matrixArg(dout, "bf16", rows, columns),
                                   matrixArg(dresidual, "bf16", rows, columns),
                                   matrixArg(dx, "bf16", rows, columns),
                                   vectorArg(dw, "bf16", columns),
                                   ScalarArg::of("i32", int32_t(columns)),
                                   ScalarArg::of("f32", eps)};
    run(k, args);
    stream.synchronize();
    std::vector<tile::bf16> gpu = download<tile::bf16>(dout, n), host(n);
    std::vector<tile::bf16> gpuSum = download<tile::bf16>(dresidual, n);
    tile::host::launch(
        add_rms_norm<tile::bf16, kRmsNormPiece>,
        tile::host::partition<1, kRmsNormPiece>(host.data(), {rows, columns}),
        tile::host::partition<1, kRmsNormPiece>(residual.data(),
                                                {rows, columns}),
        tile::View<tile::bf16, 2>(x.data(), {rows, columns}),
        tile::View<tile::bf16, 1>(w.data(), {columns}), int32_t(columns), eps);
    Check check = compareExact(gpuSum, residual);
    if (check.passed)
      check = compare(c, gpu, host);
    double ms = medianMs([&] { run(k, args); });
    return {ms, check};
  }

  /// Neox RoPE over the kRopeHeads heads of kRopeHeadDim of each token.
  Measured ropeHeads(const KernelCase &c, const Shape &shape) {
    int64_t tokens = shape["tokens"];
    LoadedKernel k = load(c);
    int64_t rows = tokens * kRopeHeads, n = rows * kRopeHeadDim;
    int64_t half = kRopeHeadDim / 2;
    uint64_t seed = options.seed + c.seed;
    auto x = convertAll<tile::bf16>(randomFloats(n, seed));
    std::vector<int32_t> positions(tokens);
    for (int64_t t = 0; t < tokens; ++t)
      positions[t] = int32_t((t * 7919 + seed) % 40960);
    float theta = 1000000.0f;
    DeviceBuffer dx = deviceCopy(x), dpositions = deviceCopy(positions);
    DeviceBuffer dout = poisoned<tile::bf16>(n);
    auto halves = [&](const DeviceBuffer &buffer) {
      return TensorArg{
          buffer.address(), "bf16", {rows, 2, half}, {kRopeHeadDim, half, 1}};
    };
    std::vector<KernelArg> args = {halves(dout), halves(dx),
                                   vectorArg(dpositions, "i32", tokens),
                                   ScalarArg::of("f32", theta)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<tile::bf16> gpu = download<tile::bf16>(dout, n), host(n);
    tile::host::launch(rope<kRopeHeads, kRopeHeadDim>,
                       tile::host::partition<kRopeHeads, 2, kRopeHeadDim / 2>(
                           host.data(), {rows, 2, half}),
                       tile::View<tile::bf16, 3>(x.data(), {rows, 2, half}),
                       tile::View<int32_t, 1>(positions.data(), {tokens}),
                       theta);
    return {ms, compare(c, gpu, host)};
  }

  /// Per-head q/k RMSNorm, RoPE and the KV cache write of Qwen3-8B's
  /// attention (kQkHeads), into a cache whose first rows are taken; every
  /// output and the rest of the cache checked.
  Measured qkNormRope(const KernelCase &c, const Shape &shape) {
    constexpr int64_t qHeads = kQkHeads[0], kvHeads = kQkHeads[1],
                      dim = kQkHeads[2], half = dim / 2;
    constexpr int64_t rowsPerToken = 2 * (qHeads + 2 * kvHeads);
    if (shape["heads"] != qHeads || shape["kv_heads"] != kvHeads)
      throw Error(fmt::format("{}: the kernel runs {} query and {} key/value "
                              "heads, the shape {}",
                              c.name, qHeads, kvHeads, shape.str()));
    int64_t tokens = shape["tokens"];
    LoadedKernel k = load(c);
    int64_t first = 5, cacheRows = first + tokens + 3;
    int64_t cacheElements = cacheRows * kvHeads * dim;
    uint64_t seed = options.seed + c.seed;
    auto qkv = convertAll<tile::bf16>(
        randomFloats(tokens * rowsPerToken * half, seed));
    auto qWeight = convertAll<tile::bf16>(randomFloats(dim, seed + 1));
    auto kWeight = convertAll<tile::bf16>(randomFloats(dim, seed + 2));
    std::vector<int32_t> positions(tokens);
    for (int64_t t = 0; t < tokens; ++t)
      positions[t] = int32_t(first + t);
    float theta = 1000000.0f, eps = 1e-6f;
    DeviceBuffer dqkv = deviceCopy(qkv), dqw = deviceCopy(qWeight),
                 dkw = deviceCopy(kWeight), dpositions = deviceCopy(positions);
    DeviceBuffer dq = poisoned<tile::bf16>(tokens * qHeads * dim);
    DeviceBuffer dk = poisoned<tile::bf16>(cacheElements);
    DeviceBuffer dv = poisoned<tile::bf16>(cacheElements);
    auto rows = [&](uint64_t address, int64_t heads) {
      return TensorArg{address,
                       "bf16",
                       {tokens, 2 * heads, half},
                       {2 * heads * half, half, 1}};
    };
    uint64_t skip = first * kvHeads * dim * sizeof(tile::bf16);
    std::vector<KernelArg> args = {rows(dq.address(), qHeads),
                                   rows(dk.address() + skip, kvHeads),
                                   rows(dv.address() + skip, kvHeads),
                                   rows(dqkv.address(), qHeads + 2 * kvHeads),
                                   matrixArg(dqw, "bf16", 2, half),
                                   matrixArg(dkw, "bf16", 2, half),
                                   vectorArg(dpositions, "i32", tokens),
                                   ScalarArg::of("f32", theta),
                                   ScalarArg::of("f32", eps)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<tile::bf16> gpu =
        download<tile::bf16>(dq, tokens * qHeads * dim);
    std::vector<tile::bf16> gpuK = download<tile::bf16>(dk, cacheElements);
    std::vector<tile::bf16> gpuV = download<tile::bf16>(dv, cacheElements);
    std::vector<tile::bf16> host(gpu.size());
    // The host's cache starts poisoned as the device's did.
    std::vector<tile::bf16> hostK(cacheElements), hostV(cacheElements);
    std::memset(hostK.data(), 0xFF, cacheElements * sizeof(tile::bf16));
    std::memset(hostV.data(), 0xFF, cacheElements * sizeof(tile::bf16));
    int64_t at = first * kvHeads * dim, chunk = tokens * kvHeads * dim;
    tile::host::launch(
        qk_norm_rope<tile::bf16, qHeads, kvHeads, dim>,
        tile::host::partition<1, 2 * qHeads, half>(host.data(),
                                                   {tokens, 2 * qHeads, half}),
        tile::host::partition<1, 2 * kvHeads, half>(
            hostK.data() + at, {tokens, 2 * kvHeads, half}),
        tile::host::partition<1, 2 * kvHeads, half>(
            hostV.data() + at, {tokens, 2 * kvHeads, half}),
        tile::View<tile::bf16, 3>(qkv.data(), {tokens, rowsPerToken, half}),
        tile::View<tile::bf16, 2>(qWeight.data(), {2, half}),
        tile::View<tile::bf16, 2>(kWeight.data(), {2, half}),
        tile::View<int32_t, 1>(positions.data(), {tokens}), theta, eps);
    // The cache rows around the chunk stay poisoned (NaN) on both sides, so
    // compare the written rows and the rest bit for bit.
    std::vector<tile::bf16> writtenK(gpuK.begin() + at,
                                     gpuK.begin() + at + chunk);
    std::vector<tile::bf16> expectedK(hostK.begin() + at,
                                      hostK.begin() + at + chunk);
    auto sameBytes = [](const tile::bf16 *a, const tile::bf16 *b, int64_t n) {
      return std::memcmp(a, b, n * sizeof(tile::bf16)) == 0;
    };
    int64_t after = cacheElements - at - chunk;
    Check check = compare(c, gpu, host);
    if (check.passed)
      check = compare(c, writtenK, expectedK);
    if (check.passed &&
        !(sameBytes(gpuV.data(), hostV.data(), cacheElements) &&
          sameBytes(gpuK.data(), hostK.data(), at) &&
          sameBytes(&gpuK[at + chunk], &hostK[at + chunk], after)))
      check = {false, "v rows, or cache rows outside the chunk, differ"};
    return {ms, check};
  }

  /// The index of the largest logit of each row.
  Measured argmaxRows(const KernelCase &c, const Shape &shape) {
    int64_t rows = shape["rows"], columns = shape["columns"];
    int64_t n = rows * columns;
    LoadedKernel k = load(c);
    auto x = randomFloats(n, options.seed + c.seed);
    DeviceBuffer dx = deviceCopy(x);
    DeviceBuffer dout = poisoned<int32_t>(rows);
    std::vector<KernelArg> args = {matrixArg(dout, "i32", rows, 1),
                                   matrixArg(dx, "f32", rows, columns),
                                   ScalarArg::of("i32", int32_t(columns))};
    double ms = medianMs([&] { run(k, args); });
    std::vector<int32_t> gpu = download<int32_t>(dout, rows), host(rows);
    tile::host::launch(argmax_rows<kArgmaxChunk>,
                       tile::host::partition<1, 1>(host.data(), {rows, 1}),
                       tile::View<float, 2>(x.data(), {rows, columns}),
                       int32_t(columns));
    return {ms, compare(c, gpu, host)};
  }

  /// Transposes a matrix by tiles.
  /// A 3x3 stencil over a rows x columns image, with zeros past its edges.
  Measured stencil(const KernelCase &c, const Shape &shape) {
    int64_t rows = shape["rows"], columns = shape["columns"];
    int64_t n = rows * columns;
    LoadedKernel k = load(c);
    auto x = randomFloats(n, options.seed + c.seed);
    auto weights = randomFloats(9, options.seed + c.seed + 1);
    DeviceBuffer dx = deviceCopy(x), dweights = deviceCopy(weights);
    DeviceBuffer dout = poisoned<float>(n);
    std::vector<KernelArg> args = {matrixArg(dout, "f32", rows, columns),
                                   matrixArg(dx, "f32", rows, columns),
                                   vectorArg(dweights, "f32", 9)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<float> gpu = download<float>(dout, n), host(n);
    tile::host::launch(stencil3x3<kStencilRows, kStencilColumns>,
                       tile::host::partition<kStencilRows, kStencilColumns>(
                           host.data(), {rows, columns}),
                       tile::View<float, 2>(x.data(), {rows, columns}),
                       tile::View<float>(weights.data(), {9}));
    return {ms, compare(c, gpu, host)};
  }

  /// A 3-tap stencil along rows of up to kRowStencilColumns columns.
  Measured rowStencil(const KernelCase &c, const Shape &shape) {
    int64_t rows = shape["rows"], columns = shape["columns"];
    int64_t n = rows * columns;
    LoadedKernel k = load(c);
    auto x = randomFloats(n, options.seed + c.seed);
    auto weights = randomFloats(3, options.seed + c.seed + 1);
    DeviceBuffer dx = deviceCopy(x), dweights = deviceCopy(weights);
    DeviceBuffer dout = poisoned<float>(n);
    std::vector<KernelArg> args = {matrixArg(dout, "f32", rows, columns),
                                   matrixArg(dx, "f32", rows, columns),
                                   vectorArg(dweights, "f32", 3)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<float> gpu = download<float>(dout, n), host(n);
    tile::host::launch(
        row_stencil<kRowStencilRows, kRowStencilColumns>,
        tile::host::partition<kRowStencilRows, kRowStencilColumns>(
            host.data(), {rows, columns}),
        tile::View<float, 2>(x.data(), {rows, columns}),
        tile::View<float>(weights.data(), {3}));
    return {ms, compare(c, gpu, host)};
  }

  /// The running sum of rows of up to kCumsumBlock * kCumsumBlocks columns.
  Measured cumsumRows(const KernelCase &c, const Shape &shape) {
    int64_t rows = shape["rows"], columns = shape["columns"];
    int64_t n = rows * columns;
    LoadedKernel k = load(c);
    auto x = randomFloats(n, options.seed + c.seed);
    DeviceBuffer dx = deviceCopy(x);
    DeviceBuffer dout = poisoned<float>(n);
    std::vector<KernelArg> args = {matrixArg(dout, "f32", rows, columns),
                                   matrixArg(dx, "f32", rows, columns)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<float> gpu = download<float>(dout, n), host(n);
    tile::host::launch(cumsum_rows<1, kCumsumBlock, kCumsumBlocks>,
                       tile::host::partition<1, kCumsumBlock * kCumsumBlocks>(
                           host.data(), {rows, columns}),
                       tile::View<float, 2>(x.data(), {rows, columns}));
    return {ms, compare(c, gpu, host)};
  }

  /// Rows of up to kCompactBlock columns compacted: the elements above a
  /// threshold packed at the front of each row.
  Measured compactRows(const KernelCase &c, const Shape &shape) {
    int64_t rows = shape["rows"], columns = shape["columns"];
    int64_t n = rows * columns;
    LoadedKernel k = load(c);
    auto x = randomFloats(n, options.seed + c.seed);
    float threshold = 0.5f;
    DeviceBuffer dx = deviceCopy(x);
    DeviceBuffer dout = poisoned<float>(n);
    std::vector<KernelArg> args = {matrixArg(dout, "f32", rows, columns),
                                   matrixArg(dx, "f32", rows, columns),
                                   ScalarArg::of("f32", threshold)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<float> gpu = download<float>(dout, n), host(n);
    tile::host::launch(
        compact_rows<kCompactBlock>,
        tile::host::partition<1, kCompactBlock>(host.data(), {rows, columns}),
        tile::View<float, 2>(x.data(), {rows, columns}), threshold);
    return {ms, compare(c, gpu, host)};
  }

  /// Rows of up to kSortBlock columns sorted, with the columns they came
  /// from; the check compares both outputs with host mode.
  Measured sortRows(const KernelCase &c, const Shape &shape) {
    int64_t rows = shape["rows"], columns = shape["columns"];
    int64_t n = rows * columns;
    LoadedKernel k = load(c);
    auto x = randomFloats(n, options.seed + c.seed);
    // Ties, which the sort keeps in order.
    for (int64_t i = 0; i < n; i += 7)
      x[i] = 0.5f;
    DeviceBuffer dx = deviceCopy(x);
    DeviceBuffer dsorted = poisoned<float>(n), dorder = poisoned<int32_t>(n);
    std::vector<KernelArg> args = {matrixArg(dsorted, "f32", rows, columns),
                                   matrixArg(dorder, "i32", rows, columns),
                                   matrixArg(dx, "f32", rows, columns)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<float> gpu = download<float>(dsorted, n), host(n);
    std::vector<int32_t> gpuOrder = download<int32_t>(dorder, n), hostOrder(n);
    tile::host::launch(
        sort_rows<kSortBlock>,
        tile::host::partition<1, kSortBlock>(host.data(), {rows, columns}),
        tile::host::partition<1, kSortBlock>(hostOrder.data(), {rows, columns}),
        tile::View<float, 2>(x.data(), {rows, columns}));
    std::vector<float> gpuAll = gpu, hostAll = host;
    for (int64_t i = 0; i < n; ++i) {
      gpuAll.push_back(float(gpuOrder[i]));
      hostAll.push_back(float(hostOrder[i]));
    }
    return {ms, compare(c, gpuAll, hostAll)};
  }

  /// Runs `k` once into `out`, zeroed first, for an atomic output that the
  /// kernel adds into: the timed runs after the check keep adding.
  template <class T>
  std::vector<T> runFromZero(const LoadedKernel &k,
                             std::span<const KernelArg> args, DeviceBuffer &out,
                             int64_t n) {
    out.fill(0);
    run(k, args);
    return download<T>(out, n);
  }

  /// A histogram of int32 values, a few of them outside the bins.
  Measured histogramCounts(const KernelCase &c, const Shape &shape) {
    int64_t n = shape["n"], bins = shape["bins"];
    LoadedKernel k = load(c);
    std::vector<int32_t> x(n);
    auto draws = randomFloats(n, options.seed + c.seed);
    for (int64_t i = 0; i < n; ++i)
      x[i] = int32_t(std::floor((draws[i] + 4.0) / 8.0 * double(bins + 2))) - 1;
    DeviceBuffer dx = deviceCopy(x), dcounts = poisoned<int32_t>(bins);
    std::vector<KernelArg> args = {vectorArg(dx, "i32", n),
                                   vectorArg(dcounts, "i32", bins)};
    std::vector<int32_t> gpu = runFromZero<int32_t>(k, args, dcounts, bins);
    double ms = medianMs([&] { run(k, args); });
    std::vector<int32_t> host(bins, 0);
    tile::host::launch(
        histogram<kHistogramPiece>,
        tile::host::partition<kHistogramPiece>(std::as_const(x).data(), {n}),
        tile::Atomic<int32_t>(host.data(), {bins}));
    return {ms, compare(c, gpu, host)};
  }

  /// y = W x with the columns split across programs and atomic adds.
  Measured gemvSplitK(const KernelCase &c, const Shape &shape) {
    int64_t n = shape["n"], inputs = shape["k"];
    LoadedKernel k = load(c);
    uint64_t seed = options.seed + c.seed;
    auto w = convertAll<tile::bf16>(randomFloats(n * inputs, seed));
    auto x = convertAll<tile::bf16>(randomFloats(inputs, seed + 1));
    DeviceBuffer dw = deviceCopy(w), dx = deviceCopy(x);
    DeviceBuffer dy = poisoned<float>(n);
    std::vector<KernelArg> args = {matrixArg(dw, "bf16", n, inputs),
                                   vectorArg(dx, "bf16", inputs),
                                   vectorArg(dy, "f32", n)};
    std::vector<float> gpu = runFromZero<float>(k, args, dy, n);
    double ms = medianMs([&] { run(k, args); });
    std::vector<float> host(n, 0.0f);
    tile::host::launch(gemv_split_k<kSplitKRows, kSplitKColumns>,
                       tile::host::partition<kSplitKRows, kSplitKColumns>(
                           std::as_const(w).data(), {n, inputs}),
                       tile::View<tile::bf16>(x.data(), {inputs}),
                       tile::Atomic<float>(host.data(), {n}));
    return {ms, compare(c, gpu, host)};
  }

  /// The cross-entropy of each row of bf16 logits against its target, one
  /// row in eight ignored (target -100).
  Measured crossEntropy(const KernelCase &c, const Shape &shape) {
    int64_t rows = shape["rows"], classes = shape["classes"];
    LoadedKernel k = load(c);
    uint64_t seed = options.seed + c.seed;
    auto logits = convertAll<tile::bf16>(randomFloats(rows * classes, seed));
    std::vector<int32_t> targets(rows);
    auto draws = randomFloats(rows, seed + 1);
    for (int64_t r = 0; r < rows; ++r)
      targets[r] = r % 8 == 3 ? -100
                              : int32_t(std::fabs(draws[r]) * 7919.0f) %
                                    int32_t(classes);
    DeviceBuffer dlogits = deviceCopy(logits), dtargets = deviceCopy(targets);
    DeviceBuffer dloss = poisoned<float>(rows);
    std::vector<KernelArg> args = {matrixArg(dloss, "f32", rows, 1),
                                   matrixArg(dlogits, "bf16", rows, classes),
                                   vectorArg(dtargets, "i32", rows)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<float> gpu = download<float>(dloss, rows), host(rows);
    tile::host::launch(
        cross_entropy<kCrossEntropyChunk>,
        tile::host::partition<1, 1>(host.data(), {rows, 1}),
        tile::View<tile::bf16, 2>(logits.data(), {rows, classes}),
        tile::View<int32_t>(targets.data(), {rows}));
    return {ms, compare(c, gpu, host)};
  }

  /// Top-p filtering of rows of probabilities (cubes of exponential draws,
  /// normalized: a few large, many small) at p = 0.9.
  Measured topP(const KernelCase &c, const Shape &shape) {
    int64_t rows = shape["rows"], classes = shape["classes"];
    LoadedKernel k = load(c);
    auto draws = randomFloats(rows * classes, options.seed + c.seed);
    std::vector<float> probs(rows * classes);
    for (int64_t r = 0; r < rows; ++r) {
      float total = 0;
      for (int64_t i = r * classes; i < (r + 1) * classes; ++i)
        total += probs[i] = draws[i] * draws[i] * std::fabs(draws[i]);
      for (int64_t i = r * classes; i < (r + 1) * classes; ++i)
        probs[i] /= total;
    }
    const float p = 0.9f;
    DeviceBuffer dprobs = deviceCopy(probs);
    DeviceBuffer dout = poisoned<float>(rows * classes);
    std::vector<KernelArg> args = {matrixArg(dout, "f32", rows, classes),
                                   matrixArg(dprobs, "f32", rows, classes),
                                   ScalarArg::of("f32", p)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<float> gpu = download<float>(dout, rows * classes),
                       host(rows * classes);
    tile::host::launch(
        top_p<kTopPClasses>,
        tile::host::partition<1, kTopPClasses>(host.data(), {rows, classes}),
        tile::View<float, 2>(probs.data(), {rows, classes}), p);
    return {ms, compare(c, gpu, host)};
  }

  /// y = diag(scales) W x with int8 weights of n outputs by k inputs.
  Measured gemvInt8(const KernelCase &c, const Shape &shape) {
    int64_t n = shape["n"], inputs = shape["k"];
    LoadedKernel k = load(c);
    uint64_t seed = options.seed + c.seed;
    std::vector<int8_t> w(n * inputs);
    auto draws = randomFloats(n * inputs, seed);
    for (int64_t i = 0; i < n * inputs; ++i)
      w[i] = int8_t(std::clamp(std::lround(draws[i] * 30.0f), -128L, 127L));
    auto scales = randomFloats(n, seed + 1);
    auto x = convertAll<tile::bf16>(randomFloats(inputs, seed + 2));
    DeviceBuffer dw = deviceCopy(w), ds = deviceCopy(scales),
                 dx = deviceCopy(x), dy = poisoned<float>(n);
    std::vector<KernelArg> args = {
        matrixArg(dy, "f32", n, 1), matrixArg(dw, "i8", n, inputs),
        vectorArg(ds, "f32", n), vectorArg(dx, "bf16", inputs)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<float> gpu = download<float>(dy, n), host(n);
    tile::host::launch(
        gemv_int8<kInt8GemvRows, kInt8GemvChunk>,
        tile::host::partition<kInt8GemvRows, 1>(host.data(), {n, 1}),
        tile::View<int8_t, 2>(w.data(), {n, inputs}),
        tile::View<float>(scales.data(), {n}),
        tile::View<tile::bf16>(x.data(), {inputs}));
    return {ms, compare(c, gpu, host)};
  }

  /// y = W x with fp8 weights of n outputs by k inputs (k a multiple of
  /// 128) and a scale per block of 128 x 128.
  Measured gemvFp8(const KernelCase &c, const Shape &shape) {
    int64_t n = shape["n"], inputs = shape["k"];
    int64_t groups = inputs / kFp8Block,
            rowBlocks = (n + kFp8Block - 1) / kFp8Block;
    LoadedKernel k = load(c);
    uint64_t seed = options.seed + c.seed;
    std::vector<tile::f8e4m3> w(n * inputs);
    auto draws = randomFloats(n * inputs, seed);
    for (int64_t i = 0; i < n * inputs; ++i)
      w[i] = tile::f8e4m3(draws[i] * 40.0f);
    auto scales = randomFloats(rowBlocks * groups, seed + 1);
    auto x = convertAll<tile::bf16>(randomFloats(inputs, seed + 2));
    DeviceBuffer dw = deviceCopy(w), ds = deviceCopy(scales),
                 dx = deviceCopy(x), dy = poisoned<float>(n);
    std::vector<KernelArg> args = {matrixArg(dy, "f32", n, 1),
                                   TensorArg{dw.address(),
                                             "f8e4m3",
                                             {n, groups, kFp8Block},
                                             {inputs, kFp8Block, 1}},
                                   matrixArg(ds, "f32", rowBlocks, groups),
                                   TensorArg{dx.address(),
                                             "bf16",
                                             {1, groups, kFp8Block},
                                             {inputs, kFp8Block, 1}}};
    double ms = medianMs([&] { run(k, args); });
    std::vector<float> gpu = download<float>(dy, n), host(n);
    tile::host::launch(
        gemv_fp8<kFp8GemvRows, kFp8GemvGroups>,
        tile::host::partition<kFp8GemvRows, 1>(host.data(), {n, 1}),
        tile::View<tile::f8e4m3, 3>(w.data(), {n, groups, kFp8Block}),
        tile::View<float, 2>(scales.data(), {rowBlocks, groups}),
        tile::View<tile::bf16, 3>(x.data(), {1, groups, kFp8Block}));
    return {ms, compare(c, gpu, host)};
  }

  /// Routes tokens to experts, some ids outside the experts: counts per
  /// block and in all, then the tokens in expert order; timed together.
  Measured moeRouting(const KernelCase &c, const Shape &shape) {
    int64_t tokens = shape["tokens"], experts = kMoeExperts;
    int64_t blocks = (tokens + kMoeTokens - 1) / kMoeTokens;
    LoadedKernel count = load(c, 0), scatter = load(c, 1);
    std::vector<int32_t> ids(tokens);
    auto draws = randomFloats(tokens, options.seed + c.seed);
    for (int64_t i = 0; i < tokens; ++i)
      ids[i] = int32_t(std::floor((draws[i] + 4.0) / 8.0 * (experts + 2))) - 1;
    DeviceBuffer dids = deviceCopy(ids);
    DeviceBuffer dblocks = poisoned<int32_t>(blocks * experts);
    DeviceBuffer dcounts = poisoned<int32_t>(experts);
    DeviceBuffer dorder = poisoned<int32_t>(tokens);
    std::vector<KernelArg> countArgs = {
        matrixArg(dblocks, "i32", blocks, experts),
        vectorArg(dids, "i32", tokens), vectorArg(dcounts, "i32", experts)};
    std::vector<KernelArg> scatterArgs = {
        vectorArg(dids, "i32", tokens),
        matrixArg(dblocks, "i32", blocks, experts),
        vectorArg(dorder, "i32", tokens)};
    std::vector<int32_t> gpuCounts =
        runFromZero<int32_t>(count, countArgs, dcounts, experts);
    dorder.fill(0xFF);
    run(scatter, scatterArgs);
    std::vector<int32_t> gpuOrder = download<int32_t>(dorder, tokens);
    double ms = medianMs([&] {
      run(count, countArgs);
      run(scatter, scatterArgs);
    });
    std::vector<int32_t> hostBlocks(blocks * experts), hostCounts(experts, 0);
    std::vector<int32_t> hostOrder(tokens, -1);
    tile::host::launch(route_count<kMoeTokens, kMoeExperts>,
                       tile::host::partition<1, kMoeExperts>(hostBlocks.data(),
                                                             {blocks, experts}),
                       tile::View<int32_t>(ids.data(), {tokens}),
                       tile::Atomic<int32_t>(hostCounts.data(), {experts}));
    tile::host::launch(
        route_scatter<kMoeTokens, kMoeExperts>,
        tile::host::partition<kMoeTokens>(std::as_const(ids).data(), {tokens}),
        tile::View<int32_t, 2>(hostBlocks.data(), {blocks, experts}),
        tile::Atomic<int32_t>(hostOrder.data(), {tokens}));
    Check counts = compare(c, gpuCounts, hostCounts);
    if (!counts.passed)
      return {ms, counts};
    return {ms, compare(c, gpuOrder, hostOrder)};
  }

  /// The nearest of k centroids to each of n integer points.
  /// The column of the first token 7 in each row of ids (the row's length
  /// without one): each row holds it from a random column on, or not at
  /// all.
  Measured firstToken(const KernelCase &c, const Shape &shape) {
    int64_t rows = shape["rows"], columns = shape["columns"];
    constexpr int32_t kToken = 7;
    LoadedKernel k = load(c);
    auto draws = randomFloats(rows * columns, options.seed + c.seed);
    std::vector<int32_t> ids(rows * columns);
    for (int64_t i = 0; i < rows * columns; ++i)
      ids[i] = kToken + 1 + int32_t(std::fabs(draws[i]) * 1000.0f);
    auto starts = randomFloats(rows, options.seed + c.seed + 1);
    for (int64_t r = 0; r < rows; ++r)
      for (auto c0 = int64_t(std::fabs(starts[r]) * double(columns));
           c0 < columns; c0 += 1 + c0 % 97)
        ids[r * columns + c0] = kToken;
    DeviceBuffer dids = deviceCopy(ids);
    DeviceBuffer dlengths = poisoned<int64_t>(rows);
    std::vector<KernelArg> args = {vectorArg(dlengths, "i64", rows),
                                   matrixArg(dids, "i32", rows, columns),
                                   ScalarArg::of("i32", kToken)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<int64_t> gpu = download<int64_t>(dlengths, rows), host(rows);
    tile::host::launch(first_token<kFirstTokenChunk>,
                       tile::host::partition<1>(host.data(), {rows}),
                       tile::View<int32_t, 2>(ids.data(), {rows, columns}),
                       kToken);
    return {ms, compare(c, gpu, host)};
  }

  /// The Collatz steps of starting values in [1, 2^20).
  Measured collatzSteps(const KernelCase &c, const Shape &shape) {
    int64_t n = shape["n"];
    LoadedKernel k = load(c);
    auto draws = randomFloats(n, options.seed + c.seed);
    std::vector<int32_t> x(n);
    for (int64_t i = 0; i < n; ++i)
      x[i] = 1 + int32_t(std::fabs(draws[i]) * 262144.0f) % ((1 << 20) - 1);
    DeviceBuffer dx = deviceCopy(x), dsteps = poisoned<int32_t>(n);
    std::vector<KernelArg> args = {vectorArg(dsteps, "i32", n),
                                   vectorArg(dx, "i32", n)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<int32_t> gpu = download<int32_t>(dsteps, n), host(n);
    tile::host::launch(collatz_steps<kCollatzPiece>,
                       tile::host::partition<kCollatzPiece>(host.data(), {n}),
                       tile::View<int32_t>(x.data(), {n}));
    return {ms, compare(c, gpu, host)};
  }

  /// The bitwise or of each row of sparse flag words.
  Measured rowBits(const KernelCase &c, const Shape &shape) {
    int64_t rows = shape["rows"], columns = shape["columns"];
    LoadedKernel k = load(c);
    auto draws = randomFloats(rows * columns, options.seed + c.seed);
    std::vector<int32_t> flags(rows * columns);
    for (int64_t i = 0; i < rows * columns; ++i) {
      auto bit = int32_t(std::fabs(draws[i]) * 4096.0f) % 1280;
      flags[i] = bit < 31 ? int32_t(1) << bit : 0;
    }
    DeviceBuffer dflags = deviceCopy(flags), dbits = poisoned<int32_t>(rows);
    std::vector<KernelArg> args = {matrixArg(dbits, "i32", rows, 1),
                                   matrixArg(dflags, "i32", rows, columns)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<int32_t> gpu = download<int32_t>(dbits, rows), host(rows);
    tile::host::launch(
        row_bits<kRowBitsRows, kRowBitsWords>,
        tile::host::partition<kRowBitsRows, 1>(host.data(), {rows, 1}),
        tile::View<int32_t, 2>(flags.data(), {rows, columns}));
    return {ms, compare(c, gpu, host)};
  }

  /// The running greatest common divisor of rows of products of small
  /// primes.
  Measured prefixGcd(const KernelCase &c, const Shape &shape) {
    int64_t rows = shape["rows"], columns = shape["columns"];
    LoadedKernel k = load(c);
    auto draws = randomFloats(rows * columns, options.seed + c.seed);
    const int64_t primes[] = {2, 3, 5, 7, 11, 13};
    std::vector<int64_t> x(rows * columns);
    for (int64_t i = 0; i < rows * columns; ++i) {
      auto bits = uint32_t(std::fabs(draws[i]) * 1e6f);
      x[i] = 720720 * primes[bits % 6] * primes[bits / 6 % 6];
    }
    DeviceBuffer dx = deviceCopy(x), dgcds = poisoned<int64_t>(rows * columns);
    std::vector<KernelArg> args = {matrixArg(dgcds, "i64", rows, columns),
                                   matrixArg(dx, "i64", rows, columns)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<int64_t> gpu = download<int64_t>(dgcds, rows * columns),
                         host(rows * columns);
    tile::host::launch(
        prefix_gcd<kGcdRow>,
        tile::host::partition<1, kGcdRow>(host.data(), {rows, columns}),
        tile::View<int64_t, 2>(x.data(), {rows, columns}));
    return {ms, compare(c, gpu, host)};
  }

  Measured nearestCentroid(const KernelCase &c, const Shape &shape) {
    int64_t n = shape["n"], k = shape["k"];
    LoadedKernel kernel = load(c);
    auto coordinates = [&](int64_t count, uint64_t seed) {
      std::vector<int32_t> values(count);
      auto draws = randomFloats(count, seed);
      for (int64_t i = 0; i < count; ++i)
        values[i] = int32_t(std::floor(draws[i] * 250.0f));
      return values;
    };
    uint64_t seed = options.seed + c.seed;
    auto xs = coordinates(n, seed), ys = coordinates(n, seed + 1);
    auto cxs = coordinates(k, seed + 2), cys = coordinates(k, seed + 3);
    DeviceBuffer dxs = deviceCopy(xs), dys = deviceCopy(ys);
    DeviceBuffer dcxs = deviceCopy(cxs), dcys = deviceCopy(cys);
    DeviceBuffer dout = poisoned<int32_t>(n);
    std::vector<KernelArg> args = {
        matrixArg(dout, "i32", n, 1), vectorArg(dxs, "i32", n),
        vectorArg(dys, "i32", n), vectorArg(dcxs, "i32", k),
        vectorArg(dcys, "i32", k)};
    double ms = medianMs([&] { run(kernel, args); });
    std::vector<int32_t> gpu = download<int32_t>(dout, n), host(n);
    tile::host::launch(
        nearest_centroid<kNearestPoints, kNearestCentroids>,
        tile::host::partition<kNearestPoints, 1>(host.data(), {n, 1}),
        tile::View<int32_t>(xs.data(), {n}),
        tile::View<int32_t>(ys.data(), {n}),
        tile::View<int32_t>(cxs.data(), {k}),
        tile::View<int32_t>(cys.data(), {k}));
    return {ms, compare(c, gpu, host)};
  }

  Measured transposeMatrix(const KernelCase &c, const Shape &shape) {
    int64_t rows = shape["rows"], columns = shape["columns"];
    int64_t n = rows * columns;
    LoadedKernel k = load(c);
    auto x = randomFloats(n, options.seed + c.seed);
    DeviceBuffer dx = deviceCopy(x);
    DeviceBuffer dout = poisoned<float>(n);
    std::vector<KernelArg> args = {matrixArg(dout, "f32", columns, rows),
                                   matrixArg(dx, "f32", rows, columns)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<float> gpu = download<float>(dout, n), host(n);
    tile::host::launch(transpose<kTransposeTile>,
                       tile::host::partition<kTransposeTile, kTransposeTile>(
                           host.data(), {columns, rows}),
                       tile::View<float, 2>(x.data(), {rows, columns}));
    return {ms, compare(c, gpu, host)};
  }

  /// out = W x with bf16 weights of n outputs by k inputs.
  Measured gemvProduct(const KernelCase &c, const Shape &shape) {
    int64_t n = shape["n"], inputs = shape["k"];
    LoadedKernel k = load(c);
    uint64_t seed = options.seed + c.seed;
    auto w = convertAll<tile::bf16>(randomFloats(n * inputs, seed));
    auto x = convertAll<tile::bf16>(randomFloats(inputs, seed + 1));
    DeviceBuffer dw = deviceCopy(w), dx = deviceCopy(x);
    DeviceBuffer dout = poisoned<tile::bf16>(n);
    std::vector<KernelArg> args = {matrixArg(dout, "bf16", n, 1),
                                   matrixArg(dw, "bf16", n, inputs),
                                   matrixArg(dx, "bf16", 1, inputs)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<tile::bf16> gpu = download<tile::bf16>(dout, n), host(n);
    tile::host::launch(gemv<tile::bf16, kGemvRows, kGemvChunk>,
                       tile::host::partition<kGemvRows, 1>(host.data(), {n, 1}),
                       tile::View<tile::bf16, 2>(w.data(), {n, inputs}),
                       tile::View<tile::bf16, 2>(x.data(), {1, inputs}));
    return {ms, compare(c, gpu, host)};
  }

  /// out = x W^T for a few activation rows and bf16 weights of n outputs by
  /// k inputs, through linear's small-batch blocks.
  Measured gemvRows(const KernelCase &c, const Shape &shape) {
    int64_t rows = shape["rows"], n = shape["n"], inputs = shape["k"];
    LoadedKernel k = load(c);
    uint64_t seed = options.seed + c.seed;
    auto w = convertAll<tile::bf16>(randomFloats(n * inputs, seed));
    auto x = convertAll<tile::bf16>(randomFloats(rows * inputs, seed + 1));
    DeviceBuffer dw = deviceCopy(w), dx = deviceCopy(x);
    DeviceBuffer dout = poisoned<tile::bf16>(rows * n);
    std::vector<KernelArg> args = {matrixArg(dout, "bf16", rows, n),
                                   matrixArg(dx, "bf16", rows, inputs),
                                   matrixArg(dw, "bf16", n, inputs),
                                   ScalarArg::of("i32", int32_t(inputs))};
    double ms = medianMs([&] { run(k, args); });
    std::vector<tile::bf16> gpu = download<tile::bf16>(dout, rows * n);
    std::vector<tile::bf16> host(rows * n);
    tile::host::launch(linear<tile::bf16, 16, 32, 64>,
                       tile::host::partition<16, 32>(host.data(), {rows, n}),
                       tile::View<tile::bf16, 2>(x.data(), {rows, inputs}),
                       tile::View<tile::bf16, 2>(w.data(), {n, inputs}),
                       int32_t(inputs));
    return {ms, compare(c, gpu, host)};
  }

  /// out[m, n] = x[m, k] W[n, k]^T in bf16 with f32 accumulation; sampled
  /// outputs are checked against float64 sums.
  Measured linearProduct(const KernelCase &c, const Shape &shape) {
    int64_t m = shape["m"], n = shape["n"], depth = shape["k"];
    LoadedKernel k = load(c);
    uint64_t seed = options.seed + c.seed;
    auto x = convertAll<tile::bf16>(randomFloats(m * depth, seed));
    auto w = convertAll<tile::bf16>(randomFloats(n * depth, seed + 1));
    DeviceBuffer dx = deviceCopy(x), dw = deviceCopy(w);
    DeviceBuffer dout = poisoned<tile::bf16>(m * n);
    std::vector<KernelArg> args = {
        matrixArg(dout, "bf16", m, n), matrixArg(dx, "bf16", m, depth),
        matrixArg(dw, "bf16", n, depth), ScalarArg::of("i32", int32_t(depth))};
    double ms = medianMs([&] { run(k, args); });
    std::vector<tile::bf16> gpu = download<tile::bf16>(dout, m * n);
    std::vector<tile::bf16> sampled;
    std::vector<tile::bf16> expected;
    for (int64_t s = 0; s < std::min(kLinearSamples, m * n); ++s) {
      int64_t index = s * (m * n) / std::min(kLinearSamples, m * n);
      int64_t i = index / n, j = index % n;
      double sum = 0;
      for (int64_t l = 0; l < depth; ++l)
        sum += double(float(x[i * depth + l])) * float(w[j * depth + l]);
      sampled.push_back(gpu[index]);
      expected.push_back(tile::bf16(float(sum)));
    }
    return {ms, compare(c, sampled, expected)};
  }

  /// A batch of products a[b] x[b] in bf16 with f32 accumulation; sampled
  /// outputs are checked against float64 sums.
  Measured batchedProduct(const KernelCase &c, const Shape &shape) {
    int64_t batch = shape["batch"], m = shape["m"], n = shape["n"],
            depth = shape["k"];
    LoadedKernel k = load(c);
    uint64_t seed = options.seed + c.seed;
    auto a = convertAll<tile::bf16>(randomFloats(batch * m * depth, seed));
    auto x = convertAll<tile::bf16>(randomFloats(batch * depth * n, seed + 1));
    DeviceBuffer da = deviceCopy(a), dx = deviceCopy(x);
    DeviceBuffer dout = poisoned<tile::bf16>(batch * m * n);
    auto batched = [&](const DeviceBuffer &buffer, int64_t rows,
                       int64_t columns) {
      return TensorArg{buffer.address(),
                       "bf16",
                       {batch, rows, columns},
                       {rows * columns, columns, 1}};
    };
    std::vector<KernelArg> args = {batched(dout, m, n), batched(da, m, depth),
                                   batched(dx, depth, n),
                                   ScalarArg::of("i32", int32_t(depth))};
    double ms = medianMs([&] { run(k, args); });
    std::vector<tile::bf16> gpu = download<tile::bf16>(dout, batch * m * n);
    std::vector<tile::bf16> sampled, expected;
    int64_t total = batch * m * n;
    int64_t samples = std::min(kLinearSamples, total);
    for (int64_t s = 0; s < samples; ++s) {
      int64_t index = s * total / samples;
      int64_t b = index / (m * n), i = index / n % m, j = index % n;
      double sum = 0;
      for (int64_t l = 0; l < depth; ++l)
        sum += double(float(a[(b * m + i) * depth + l])) *
               float(x[(b * depth + l) * n + j]);
      sampled.push_back(gpu[index]);
      expected.push_back(tile::bf16(float(sum)));
    }
    return {ms, compare(c, sampled, expected)};
  }

  /// Causal grouped-query attention, head_dim 128 or 64: sampled query rows
  /// are checked against a float64 softmax.
  Measured attentionForward(const KernelCase &c, const Shape &shape) {
    return causalAttention(c, shape, 128);
  }
  Measured attentionForward64(const KernelCase &c, const Shape &shape) {
    return causalAttention(c, shape, 64);
  }
  Measured causalAttention(const KernelCase &c, const Shape &shape,
                           int64_t dim) {
    int64_t heads = shape["heads"], kvHeads = shape["kv_heads"],
            seq = shape["seq"];
    LoadedKernel k = load(c);
    int64_t group = heads / kvHeads;
    uint64_t seed = options.seed + c.seed;
    auto q = convertAll<tile::bf16>(randomFloats(heads * seq * dim, seed));
    auto kk =
        convertAll<tile::bf16>(randomFloats(kvHeads * seq * dim, seed + 1));
    auto v =
        convertAll<tile::bf16>(randomFloats(kvHeads * seq * dim, seed + 2));
    float scale = 1.0f / std::sqrt(float(dim));
    DeviceBuffer dq = deviceCopy(q), dk = deviceCopy(kk), dv = deviceCopy(v);
    DeviceBuffer dout = poisoned<tile::bf16>(heads * seq * dim);
    auto heads3 = [&](const DeviceBuffer &buffer, int64_t count) {
      return TensorArg{
          buffer.address(), "bf16", {count, seq, dim}, {seq * dim, dim, 1}};
    };
    std::vector<KernelArg> args = {heads3(dout, heads),
                                   heads3(dq, heads),
                                   heads3(dk, kvHeads),
                                   heads3(dv, kvHeads),
                                   ScalarArg::of("i32", int32_t(seq)),
                                   ScalarArg::of("i32", int32_t(group)),
                                   ScalarArg::of("f32", scale)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<tile::bf16> gpu = download<tile::bf16>(dout, heads * seq * dim);
    std::vector<tile::bf16> sampled, expected;
    int64_t rows = heads * seq, samples = std::min(kAttentionSamples, rows);
    for (int64_t s = 0; s < samples; ++s) {
      int64_t row = s * rows / samples, h = row / seq, i = row % seq;
      const tile::bf16 *query = &q[row * dim];
      std::vector<double> weights(i + 1);
      for (int64_t j = 0; j <= i; ++j) {
        const tile::bf16 *key = &kk[((h / group) * seq + j) * dim];
        double dot = 0;
        for (int64_t d = 0; d < dim; ++d)
          dot += double(float(query[d])) * float(key[d]);
        weights[j] = dot * scale;
      }
      double peak = *std::max_element(weights.begin(), weights.end());
      double sum = 0;
      for (double &w : weights)
        sum += (w = std::exp(w - peak));
      for (int64_t d = 0; d < dim; ++d) {
        double value = 0;
        for (int64_t j = 0; j <= i; ++j)
          value +=
              weights[j] / sum * float(v[((h / group) * seq + j) * dim + d]);
        sampled.push_back(gpu[row * dim + d]);
        expected.push_back(tile::bf16(float(value)));
      }
    }
    return {ms, compare(c, sampled, expected)};
  }

  /// One decode step of attention over the first seq_len positions of a
  /// token-major KV cache of max_seq: the split kernel, then the merge,
  /// timed together and checked against host mode.
  Measured decodeAttention(const KernelCase &c, const Shape &shape) {
    return decodeStep<128>(c, shape);
  }
  Measured decodeAttention64(const KernelCase &c, const Shape &shape) {
    return decodeStep<64>(c, shape);
  }
  template <int Dim>
  Measured decodeStep(const KernelCase &c, const Shape &shape) {
    constexpr int64_t dim = Dim;
    int64_t heads = shape["heads"], kvHeads = shape["kv_heads"];
    int64_t seqLen = shape["seq_len"], maxSeq = shape["max_seq"];
    int64_t splits = shape["splits"];
    if (seqLen > maxSeq || splits > kDecodeMaxSplits)
      throw Error(fmt::format("{}: the shape {} reads past the cache or has "
                              "more splits than the merge's {}",
                              c.name, shape.str(), kDecodeMaxSplits));
    LoadedKernel split = load(c, 0);
    LoadedKernel merge = load(c, 1);
    int64_t group = heads / kvHeads;
    uint64_t seed = options.seed + c.seed;
    auto q = convertAll<tile::bf16>(randomFloats(heads * dim, seed));
    auto kk =
        convertAll<tile::bf16>(randomFloats(maxSeq * kvHeads * dim, seed + 1));
    auto v =
        convertAll<tile::bf16>(randomFloats(maxSeq * kvHeads * dim, seed + 2));
    float scale = 1.0f / std::sqrt(float(dim));
    DeviceBuffer dq = deviceCopy(q), dk = deviceCopy(kk), dv = deviceCopy(v);
    DeviceBuffer dPartialOut = poisoned<float>(heads * splits * dim);
    DeviceBuffer dPartialLse = poisoned<float>(heads * splits);
    DeviceBuffer dout = poisoned<tile::bf16>(heads * dim);
    auto cache = [&](const DeviceBuffer &buffer) {
      return TensorArg{buffer.address(),
                       "bf16",
                       {maxSeq, kvHeads, dim},
                       {kvHeads * dim, dim, 1}};
    };
    TensorArg partials{dPartialOut.address(),
                       "f32",
                       {heads, splits, dim},
                       {splits * dim, dim, 1}};
    TensorArg lse = matrixArg(dPartialLse, "f32", heads, splits);
    std::vector<KernelArg> splitArgs = {partials,
                                        lse,
                                        matrixArg(dq, "bf16", heads, dim),
                                        cache(dk),
                                        cache(dv),
                                        ScalarArg::of("i32", int32_t(seqLen)),
                                        ScalarArg::of("i32", int32_t(group)),
                                        ScalarArg::of("f32", scale)};
    std::vector<KernelArg> mergeArgs = {matrixArg(dout, "bf16", heads, dim),
                                        partials, lse,
                                        ScalarArg::of("i32", int32_t(splits))};
    double ms = medianMs([&] {
      run(split, splitArgs);
      run(merge, mergeArgs);
    });
    std::vector<tile::bf16> gpu = download<tile::bf16>(dout, heads * dim);

    std::vector<float> hostPartialOut(heads * splits * dim);
    std::vector<float> hostPartialLse(heads * splits);
    std::vector<tile::bf16> host(heads * dim);
    tile::View<tile::bf16, 3> kCache(kk.data(), {maxSeq, kvHeads, dim});
    tile::View<tile::bf16, 3> vCache(v.data(), {maxSeq, kvHeads, dim});
    tile::host::launch(
        decode_attention_split<tile::bf16, kDecodeBlock, Dim>,
        tile::host::partition<1, 1, Dim>(hostPartialOut.data(),
                                         {heads, splits, dim}),
        tile::host::partition<1, 1>(hostPartialLse.data(), {heads, splits}),
        tile::View<tile::bf16, 2>(q.data(), {heads, dim}), kCache, vCache,
        int32_t(seqLen), int32_t(group), scale);
    tile::host::launch(
        decode_attention_merge<tile::bf16, kDecodeMaxSplits, Dim>,
        tile::host::partition<1, Dim>(host.data(), {heads, dim}),
        tile::View<float, 3>(hostPartialOut.data(), {heads, splits, dim}),
        tile::View<float, 2>(hostPartialLse.data(), {heads, splits}),
        int32_t(splits));
    return {ms, compare(c, gpu, host)};
  }

  /// Rows of a bf16 table gathered by token ids; two ids lie outside the
  /// table and give zero rows.
  Measured embeddingGather(const KernelCase &c, const Shape &shape) {
    int64_t tokens = shape["tokens"], vocab = shape["vocab"],
            hidden = shape["hidden"];
    LoadedKernel k = load(c);
    uint64_t seed = options.seed + c.seed;
    auto table = convertAll<tile::bf16>(randomFloats(vocab * hidden, seed));
    // Uniform draws in [-4, 4) scaled to ids in [0, vocab).
    std::vector<float> draws = randomFloats(tokens, seed + 1);
    std::vector<int32_t> ids(tokens);
    for (int64_t t = 0; t < tokens; ++t)
      ids[t] = int32_t(double(draws[t] + 4.0f) / 8.0 * double(vocab));
    ids[tokens / 2] = int32_t(vocab);
    ids[tokens - 1] = -1;
    DeviceBuffer dtable = deviceCopy(table), dids = deviceCopy(ids);
    DeviceBuffer dout = poisoned<tile::bf16>(tokens * hidden);
    std::vector<KernelArg> args = {matrixArg(dout, "bf16", tokens, hidden),
                                   matrixArg(dtable, "bf16", vocab, hidden),
                                   vectorArg(dids, "i32", tokens)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<tile::bf16> gpu = download<tile::bf16>(dout, tokens * hidden);
    std::vector<tile::bf16> host(tokens * hidden);
    tile::host::launch(embedding<tile::bf16, kEmbeddingChunk>,
                       tile::host::partition<1, kEmbeddingChunk>(
                           host.data(), {tokens, hidden}),
                       tile::View<tile::bf16, 2>(table.data(), {vocab, hidden}),
                       tile::View<int32_t>(ids.data(), {tokens}));
    return {ms, compare(c, gpu, host)};
  }

private:
  /// Kernel `index` of case `c`, loaded through the case's manifest.
  LoadedKernel load(const KernelCase &c, size_t index = 0) const {
    return LoadedKernel(options.manifests / (c.manifest + ".json"),
                        options.cacheDir, c.kernels.at(index));
  }

  void run(const LoadedKernel &k, std::span<const KernelArg> args) {
    launch(k.functions, k.info, args, stream.handle());
  }

  /// `gpu` against `host` as the spec says for `c`: bit for bit where it
  /// calls the case exact in this harness (32- and 64-bit integers always),
  /// else within the
  /// tolerance of T's element type (f16 also within one ulp but for one
  /// element in 10^4).
  template <class T>
  Check compare(const KernelCase &c, const std::vector<T> &gpu,
                const std::vector<T> &host) const {
    if constexpr (std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>)
      return compareIntegers(gpu, host);
    else if (c.exactIn(kHarness))
      return compareExact(gpu, host);
    else if constexpr (std::is_same_v<T, tile::f16>)
      return compareF16(gpu, host, spec.tolerance(dtypeName<T>()));
    else
      return compareRelative(gpu, host, spec.tolerance(dtypeName<T>()));
  }

  const Options &options;
  const KernelChecks &spec;
  Stream stream;
};

/// A case of the spec that this harness runs: its name, its run and the
/// kernels it launches, as the manifests name the instantiations its
/// host-mode reference runs.
struct Example {
  std::string name;
  Measured (Runner::*run)(const KernelCase &, const Shape &);
  std::vector<std::string> kernels;
};

/// The cases this harness implements, in the order they run.
std::vector<Example> examples() {
  auto [bm, bn, bk, groups] = kLinearBlock;
  auto [bbm, bbn, bbk] = kBatchedBlock;
  auto [am, an] = kAttentionBlock;
  auto decode = [](int dim) {
    return std::vector<std::string>{
        fmt::format("decode_attention_split<tile::bf16, {}, {}>", kDecodeBlock,
                    dim),
        fmt::format("decode_attention_merge<tile::bf16, {}, {}>",
                    kDecodeMaxSplits, dim)};
  };
  return {
      {"vector_add",
       &Runner::vectorAdd,
       {fmt::format("vector_add<{}>", kVectorAddPiece)}},
      {"saxpy", &Runner::saxpy, {fmt::format("saxpy<{}>", kSaxpyPiece)}},
      {"silu_mul",
       &Runner::siluMul,
       {fmt::format("silu_mul<{}>", kSiluMulPiece)}},
      {"dropout",
       &Runner::dropout,
       {fmt::format("dropout<{}>", kDropoutPiece)}},
      {"math_functions",
       &Runner::mathFunctions,
       {fmt::format("math_functions<{}>", kMathFunctionsPiece)}},
      {"cast_bf16",
       &Runner::castBf16,
       {fmt::format("cast_bf16<{}>", kCastBf16Piece)}},
      {"sum_slices",
       &Runner::sumSlices,
       {fmt::format("sum_slices<{}>", kSumSlicesPiece)}},
      {"softmax_rows",
       &Runner::softmaxRows,
       {fmt::format("softmax_rows<{}>", kSoftmaxPiece)}},
      {"rms_norm",
       &Runner::rmsNorm,
       {fmt::format("rms_norm<tile::bf16, {}>", kRmsNormPiece)}},
      {"add_rms_norm",
       &Runner::addRmsNorm,
       {fmt::format("add_rms_norm<tile::bf16, {}>", kRmsNormPiece)}},
      {"layer_norm",
       &Runner::layerNorm,
       {fmt::format("layer_norm<{}>", kRmsNormPiece)}},
      {"rope",
       &Runner::ropeHeads,
       {fmt::format("rope<{}, {}>", kRopeHeads, kRopeHeadDim)}},
      {"qk_norm_rope",
       &Runner::qkNormRope,
       {fmt::format("qk_norm_rope<tile::bf16, {}, {}, {}>", kQkHeads[0],
                    kQkHeads[1], kQkHeads[2])}},
      {"argmax_rows",
       &Runner::argmaxRows,
       {fmt::format("argmax_rows<{}>", kArgmaxChunk)}},
      {"transpose",
       &Runner::transposeMatrix,
       {fmt::format("transpose<{}>", kTransposeTile)}},
      {"cumsum_rows",
       &Runner::cumsumRows,
       {fmt::format("cumsum_rows<1, {}, {}>", kCumsumBlock, kCumsumBlocks)}},
      {"compact_rows",
       &Runner::compactRows,
       {fmt::format("compact_rows<{}>", kCompactBlock)}},
      {"sort_rows",
       &Runner::sortRows,
       {fmt::format("sort_rows<{}>", kSortBlock)}},
      {"histogram_bins",
       &Runner::histogramCounts,
       {fmt::format("histogram_bins<{}, {}>", kHistogramBinsPiece,
                    kHistogramBins)}},
      {"histogram",
       &Runner::histogramCounts,
       {fmt::format("histogram<{}>", kHistogramPiece)}},
      {"gemv_split_k",
       &Runner::gemvSplitK,
       {fmt::format("gemv_split_k<{}, {}>", kSplitKRows, kSplitKColumns)}},
      {"narrow_types",
       &Runner::narrowTypes,
       {fmt::format("narrow_types<{}>", kNarrowPiece)}},
      {"rearrange_tiles",
       &Runner::rearrangeTiles,
       {fmt::format("rearrange_tiles<{}, {}>", kRearrangeRows,
                    kRearrangeColumns)}},
      {"cross_entropy",
       &Runner::crossEntropy,
       {fmt::format("cross_entropy<{}>", kCrossEntropyChunk)}},
      {"top_p", &Runner::topP, {fmt::format("top_p<{}>", kTopPClasses)}},
      {"gemv_int8",
       &Runner::gemvInt8,
       {fmt::format("gemv_int8<{}, {}>", kInt8GemvRows, kInt8GemvChunk)}},
      {"gemv_fp8",
       &Runner::gemvFp8,
       {fmt::format("gemv_fp8<{}, {}>", kFp8GemvRows, kFp8GemvGroups)}},
      {"moe_routing",
       &Runner::moeRouting,
       {fmt::format("route_count<{}, {}>", kMoeTokens, kMoeExperts),
        fmt::format("route_scatter<{}, {}>", kMoeTokens, kMoeExperts)}},
      {"nearest_centroid",
       &Runner::nearestCentroid,
       {fmt::format("nearest_centroid<{}, {}>", kNearestPoints,
                    kNearestCentroids)}},
      {"first_token",
       &Runner::firstToken,
       {fmt::format("first_token<{}>", kFirstTokenChunk)}},
      {"collatz_steps",
       &Runner::collatzSteps,
       {fmt::format("collatz_steps<{}>", kCollatzPiece)}},
      {"row_bits",
       &Runner::rowBits,
       {fmt::format("row_bits<{}, {}>", kRowBitsRows, kRowBitsWords)}},
      {"prefix_gcd",
       &Runner::prefixGcd,
       {fmt::format("prefix_gcd<{}>", kGcdRow)}},
      {"stencil3x3",
       &Runner::stencil,
       {fmt::format("stencil3x3<{}, {}>", kStencilRows, kStencilColumns)}},
      {"row_stencil",
       &Runner::rowStencil,
       {fmt::format("row_stencil<{}, {}>", kRowStencilRows,
                    kRowStencilColumns)}},
      {"gemv",
       &Runner::gemvProduct,
       {fmt::format("gemv<tile::bf16, {}, {}>", kGemvRows, kGemvChunk)}},
      {"gemv_rows", &Runner::gemvRows, {"linear<tile::bf16, 16, 32, 64, 1>"}},
      {"linear",
       &Runner::linearProduct,
       {fmt::format("linear<tile::bf16, {}, {}, {}, {}>", bm, bn, bk, groups)}},
      {"persistent_linear",
       &Runner::linearProduct,
       {fmt::format("persistent_linear<tile::bf16, {}, {}, {}, {}>", bm, bn, bk,
                    groups)}},
      {"batched_matmul",
       &Runner::batchedProduct,
       {fmt::format("batched_matmul<tile::bf16, {}, {}, {}, 4>", bbm, bbn,
                    bbk)}},
      {"flash_attention",
       &Runner::attentionForward,
       {fmt::format("flash_attention<{}, {}, 128>", am, an)}},
      {"flash_attention_d64",
       &Runner::attentionForward64,
       {fmt::format("flash_attention<{}, {}, 64>", am, an)}},
      {"decode_attention", &Runner::decodeAttention, decode(128)},
      {"decode_attention_d64", &Runner::decodeAttention64, decode(64)},
      {"embedding",
       &Runner::embeddingGather,
       {fmt::format("embedding<tile::bf16, {}>", kEmbeddingChunk)}}};
}

std::string joined(const std::vector<std::string> &items,
                   std::string_view separator) {
  std::string text;
  for (const std::string &item : items)
    text += (text.empty() ? "" : std::string(separator)) + item;
  return text;
}

/// How the spec's cases for this harness differ from `all`: cases on one
/// side only, and cases whose kernels differ.
std::vector<std::string> specProblems(const KernelChecks &spec,
                                      const std::vector<Example> &all) {
  std::vector<std::string> names;
  for (const Example &example : all)
    names.push_back(example.name);
  std::vector<std::string> problems = spec.coverageProblems(kHarness, names);
  for (const Example &example : all)
    for (const KernelCase *c : spec.casesOf(kHarness))
      if (c->name == example.name && c->kernels != example.kernels)
        problems.push_back(fmt::format(
            "case '{}' names the kernels {}; tile-gpu-examples runs {} (the "
            "instantiations its host-mode reference runs)",
            c->name, joined(c->kernels, ", "), joined(example.kernels, ", ")));
  return problems;
}

/// The shapes of `shapes`, ", " between them.
std::string shapeList(const std::vector<Shape> &shapes) {
  std::vector<std::string> texts;
  for (const Shape &shape : shapes)
    texts.push_back(shape.str());
  return joined(texts, ", ");
}

/// The report as a markdown table.
std::string markdownTable(const std::vector<Row> &rows, double copy) {
  std::string table = fmt::format(
      "| case | kernel | shape | MB moved | median (us) | GB/s | % of copy "
      "({:.0f} GB/s) | check |\n"
      "| --- | --- | --- | ---: | ---: | ---: | ---: | --- |\n",
      copy);
  for (const Row &row : rows) {
    table += fmt::format("| {} | {} | {} | {:.1f} | ", row.name, row.kernels,
                         row.shape, row.bytes / 1e6);
    if (row.ms > 0) {
      double gbs = row.bytes / (row.ms * 1e6);
      table += fmt::format("{:.1f} | {:.0f} | {:.1f}% | ", row.ms * 1e3, gbs,
                           100.0 * gbs / copy);
    } else {
      table += "| | | ";
    }
    table += fmt::format("{} {} |\n", row.check.passed ? "PASS" : "FAIL",
                         row.check.detail);
  }
  return table;
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"Runs the example and library kernels of the kernel cache on "
               "the GPU at the shapes of the spec's cases, checks them "
               "against host mode and times them against the device's copy "
               "bandwidth. Exits with 1 if a check fails, 2 if it cannot "
               "start."};
  Options options;
  options.seed =
      uint64_t(std::chrono::system_clock::now().time_since_epoch().count());
  app.add_option("--manifests", options.manifests,
                 "Directory of the kernels' manifests, <manifest>.json "
                 "(tilecc --emit=manifest)")
      ->capture_default_str();
  app.add_option("--cache-dir", options.cacheDir, "Kernel cache directory")
      ->capture_default_str();
  app.add_option("--spec", options.spec,
                 "The cases, their shapes, seeds, tolerances and byte and "
                 "flop models (shared with tools/bench/torch_harness.py)")
      ->capture_default_str();
  app.add_option("--repeat", options.repeat,
                 "Timed launches per kernel, after 3 warm-up launches; the "
                 "median is reported")
      ->check(tile::cli::positive<int>())
      ->capture_default_str();
  app.add_option("--seed", options.seed,
                 "Seed of the random inputs, to which each case adds its own "
                 "(default: from the clock)");
  app.add_option("--only", options.only,
                 "Run only these cases of the spec (repeat or "
                 "comma-separate)")
      ->delimiter(',');
  app.add_flag("--check-shapes-only", options.checkShapesOnly,
               "Run the cases at their check shapes (small and ragged) only, "
               "not at their benchmark shapes: for compute-sanitizer");
  app.add_option("--markdown", options.markdown,
                 "Also write the report as markdown to this file");
  app.add_flag("--list", options.list,
               "List the cases this program runs, with their shapes, and "
               "check that they are the spec's for it; needs no GPU");
  CLI11_PARSE(app, argc, argv);

  KernelChecks spec;
  std::vector<Example> all = examples();
  try {
    spec = KernelChecks::load(options.spec);
  } catch (const std::exception &e) {
    fmt::print(stderr, "tile-gpu-examples: error: {}\n", e.what());
    return 2;
  }
  std::vector<std::string> problems = specProblems(spec, all);
  for (const std::string &name : options.only)
    if (std::none_of(all.begin(), all.end(),
                     [&](const Example &e) { return e.name == name; }))
      problems.push_back(fmt::format("--only: no case '{}'", name));
  std::vector<std::pair<const Example *, const KernelCase *>> selected;
  for (const KernelCase *c : spec.casesOf(kHarness))
    for (const Example &example : all)
      if (example.name == c->name &&
          (options.only.empty() ||
           std::find(options.only.begin(), options.only.end(), c->name) !=
               options.only.end()))
        selected.emplace_back(&example, c);
  if (options.list) {
    for (auto [example, c] : selected)
      fmt::print("{} ({}): {}checked {}\n", c->name, joined(c->kernels, ", "),
                 c->benchmark.empty()
                     ? ""
                     : fmt::format("timed {}; ", shapeList(c->benchmark)),
                 shapeList(c->check));
  }
  for (const std::string &problem : problems)
    fmt::print(stderr, "tile-gpu-examples: {}{}\n",
               options.list ? "" : "error: ", problem);
  if (options.list || !problems.empty())
    return problems.empty() ? 0 : options.list ? 1 : 2;

  try {
    Context context;
    std::string header = fmt::format(
        "device: {} ({}, {} SMs), CUDA driver {}\nseed: {}\n",
        context.deviceName(), context.target(), context.multiprocessorCount(),
        driverVersion(), options.seed);
    fmt::print("{}", header);
    Runner runner(options, spec);
    double copy = runner.copyBandwidth();
    fmt::print("copy bandwidth (cuMemcpyDtoD, 1 GiB, read + written): {:.0f} "
               "GB/s\n\n",
               copy);
    std::fflush(stdout);

    // Every case at its benchmark shapes first, the table's top, then every
    // case at its check shapes.
    std::vector<Row> rows;
    for (bool benchmarks : {true, false}) {
      if (benchmarks && options.checkShapesOnly)
        continue;
      for (auto [example, c] : selected) {
        for (const Shape &shape : benchmarks ? c->benchmark : c->check) {
          Row row{c->name,
                  joined(c->kernels, " + "),
                  shape.str(),
                  c->bytesAt(shape),
                  c->flopsAt(shape),
                  0,
                  {}};
          try {
            Measured measured = (runner.*example->run)(*c, shape);
            row.ms = measured.ms;
            row.check = measured.check;
            if (row.flops > 0 && row.ms > 0)
              row.check.detail +=
                  fmt::format(", {:.1f} TFLOP/s", row.flops / (row.ms * 1e9));
          } catch (const std::exception &e) {
            row.check = {false, e.what()};
          }
          fmt::print("{:<22} {:<44} {:>10.1f} us  {}  {}\n", row.name,
                     row.shape, row.ms * 1e3,
                     row.check.passed ? "PASS" : "FAIL", row.check.detail);
          std::fflush(stdout);
          rows.push_back(std::move(row));
        }
      }
    }

    std::string table = markdownTable(rows, copy);
    size_t failed = std::count_if(rows.begin(), rows.end(),
                                  [](const Row &r) { return !r.check.passed; });
    std::string summary =
        failed ? fmt::format("{} of {} checks FAILED\n", failed, rows.size())
               : fmt::format("all {} checks passed\n", rows.size());
    fmt::print("\n{}\n{}", table, summary);
    if (!options.markdown.empty()) {
      std::ofstream out(options.markdown);
      out << header << "\n" << table << "\n" << summary;
      if (!out)
        throw Error("cannot write '" + options.markdown + "'");
    }
    return failed ? 1 : 0;
  } catch (const std::exception &e) {
    fmt::print(stderr, "tile-gpu-examples: error: {}\n", e.what());
    return 2;
  }
}
