//===- gpu_examples.cpp - Run the example kernels on the GPU --------------===//
//
// Loads the example kernels from the kernel cache through their manifests,
// runs them on fresh random data, checks every output against host mode (the
// same kernel source compiled here and run on the CPU) and times them with
// CUDA events against the device's copy bandwidth.
//
//===----------------------------------------------------------------------===//

#include "tile/library/add_rms_norm.h"
#include "tile/library/argmax_rows.h"
#include "tile/library/batched_matmul.h"
#include "cast_bf16.h"
#include "tile/library/decode_attention.h"
#include "tile/library/embedding.h"
#include "tile/library/flash_attention.h"
#include "tile/library/gemv.h"
#include "tile/library/layer_norm.h"
#include "tile/library/linear.h"
#include "tile/library/qk_norm_rope.h"
#include "tile/library/rms_norm.h"
#include "tile/library/rope.h"
#include "saxpy.h"
#include "silu_mul.h"
#include "tile/library/softmax_rows.h"
#include "sum_slices.h"
#include "transpose.h"
#include "vector_add.h"

#include "tile/runtime/CudaDriver.h"

#include "tile/cli/NumberChecks.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>
#include <vector>

using namespace tile::rt;
using namespace tile::rt::cuda;
namespace fs = std::filesystem;

namespace {

/// The piece sizes of the examples' instantiations (examples/*.cpp).
constexpr int kVectorAddPiece = 2048;
constexpr int kSaxpyPiece = 2048;
constexpr int kSiluMulPiece = 4096;
constexpr int kCastBf16Piece = 4096;
constexpr int kSumSlicesPiece = 2048;
constexpr int kSoftmaxPiece = 1024;
constexpr int kRmsNormPiece = 4096;
constexpr int kArgmaxChunk = 2048;
constexpr int kRopeHeads = 32;
constexpr int kRopeHeadDim = 128;
constexpr int kTransposeTile = 32;
constexpr int kGemvRows = 4;
constexpr int kGemvChunk = 512;
/// linear's prefill instantiation: its block and its program groups.
constexpr int kLinearBlock[] = {128, 256, 64, 16};
constexpr int kBatchedBlock[] = {128, 256, 64};
constexpr int kAttentionBlock[] = {64, 64};

/// Row lengths of the row-wise checks: a ragged softmax row, Qwen3-4B's
/// hidden size and Qwen3's vocabulary.
constexpr int64_t kSoftmaxRow = 1000;
constexpr int64_t kRmsNormRow = 2560;
constexpr int64_t kArgmaxRow = 151936;
/// GEMV weight shapes (outputs x inputs) of the full-size runs: Qwen3-4B's
/// fused gate and up projection, and Qwen3-8B's.
constexpr int64_t kGemvSmall[] = {19456, 2560};
constexpr int64_t kGemvLarge[] = {24576, 4096};
/// The matrix product of the full-size run (m = n = k).
constexpr int64_t kLinearSide = 4096;
/// Output entries of a matrix product checked against float64.
constexpr int64_t kLinearSamples = 4096;
/// Attention of the full-size run: 32 query heads over 8 key/value heads
/// (Qwen3-8B's), 4096 positions; the other runs use 4 over 2 heads.
constexpr int64_t kAttentionHeads[] = {32, 8};
constexpr int64_t kAttentionSeq = 4096;
/// Embedding gather: columns per program, Qwen3-4B's hidden size (not a
/// multiple of it) and the largest number of tokens.
constexpr int kEmbeddingChunk = 1024;
constexpr int64_t kEmbeddingHidden = 2560;
constexpr int64_t kMaxEmbeddingTokens = 8192;
/// Decode attention: the KV cache's capacity, the cached positions of the
/// full-size run (ragged), and the splits of the sequence.
constexpr int64_t kDecodeMaxSeq = 8192;
constexpr int64_t kDecodeSeq = 4095;
constexpr int64_t kDecodeSplits = 16;
/// Query rows of an attention run checked against float64.
constexpr int64_t kAttentionSamples = 256;
/// Columns of the transposed matrix: not a multiple of the tile.
constexpr int64_t kTransposeColumns = 1000;

/// Slices that the sum_slices check adds up.
constexpr int kSlices = 8;
/// The largest output of the sum_slices check: its input is kSlices times
/// larger.
constexpr int64_t kMaxSumSlicesOutput = int64_t(1) << 26;

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

/// Rows of `length` making up about `elements` elements, at least one.
int64_t rowsFor(int64_t elements, int64_t length) {
  return std::max<int64_t>(1, elements / length);
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

/// Bit-exact comparison; names the first few mismatches.
template <class T>
Check compareExact(const std::vector<T> &gpu, const std::vector<T> &host) {
  if (Check nan = checkNoNaN(gpu); !nan.passed)
    return nan;
  int64_t mismatches = 0;
  std::string examples;
  for (size_t i = 0; i < gpu.size(); ++i) {
    if (bitsOf(gpu[i]) == bitsOf(host[i]))
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
Check compareIndices(const std::vector<int32_t> &gpu,
                     const std::vector<int32_t> &host) {
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

/// One line of the report.
struct Row {
  std::string kernel;
  int64_t elements = 0;
  /// Bytes read plus bytes written by one launch.
  double bytes = 0;
  /// Median milliseconds per launch.
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
  int64_t elements = int64_t(1) << 28;
  int repeat = 50;
  uint64_t seed = 0;
  std::vector<std::string> only;
  std::string markdown;
};

/// Runs the examples, one size at a time.
class Runner {
public:
  explicit Runner(const Options &options) : options(options) {}

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

  Row vectorAdd(int64_t n) {
    LoadedKernel k(manifest("vector_add"), options.cacheDir,
                   fmt::format("vector_add<{}>", kVectorAddPiece));
    auto x = randomFloats(n, options.seed + 1);
    auto y = randomFloats(n, options.seed + 2);
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
    return {k.info.name, n, 12.0 * n, ms, compareExact(gpu, host)};
  }

  Row saxpy(int64_t n) {
    LoadedKernel k(manifest("saxpy"), options.cacheDir,
                   fmt::format("saxpy<{}>", kSaxpyPiece));
    auto x = randomFloats(n, options.seed + 3);
    auto y = randomFloats(n, options.seed + 4);
    float a = randomFloats(1, options.seed + 5)[0];
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
    return {k.info.name, n, 12.0 * n, ms, compareExact(gpu, host)};
  }

  Row siluMul(int64_t n) {
    LoadedKernel k(manifest("silu_mul"), options.cacheDir,
                   fmt::format("silu_mul<{}>", kSiluMulPiece));
    auto xs = randomFloats(n, options.seed + 6);
    auto ys = randomFloats(n, options.seed + 7);
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
    return {k.info.name, n, 6.0 * n, ms, compareF16(gpu, host, 1e-3)};
  }

  Row castBf16(int64_t n) {
    LoadedKernel k(manifest("cast_bf16"), options.cacheDir,
                   fmt::format("cast_bf16<{}>", kCastBf16Piece));
    auto x = randomFloats(n, options.seed + 8);
    DeviceBuffer dx = deviceCopy(x);
    DeviceBuffer dout = poisoned<tile::bf16>(n);
    std::vector<KernelArg> args = {vectorArg(dout, "bf16", n),
                                   vectorArg(dx, "f32", n)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<tile::bf16> gpu = download<tile::bf16>(dout, n), host(n);
    tile::host::launch(cast_bf16<kCastBf16Piece>,
                       tile::host::partition<kCastBf16Piece>(host.data(), {n}),
                       tile::View<float>(x.data(), {n}));
    return {k.info.name, n, 6.0 * n, ms, compareExact(gpu, host)};
  }

  /// Sums kSlices slices of x, each as long as the output rounded up to
  /// whole pieces: a loop carrying a tile. Outputs are capped at
  /// kMaxSumSlicesOutput elements.
  Row sumSlices(int64_t requested) {
    int64_t n = std::min(requested, kMaxSumSlicesOutput);
    LoadedKernel k(manifest("sum_slices"), options.cacheDir,
                   fmt::format("sum_slices<{}>", kSumSlicesPiece));
    int64_t blocks = (n + kSumSlicesPiece - 1) / kSumSlicesPiece;
    int64_t total = kSlices * blocks * kSumSlicesPiece;
    auto x = randomFloats(total, options.seed + 9);
    DeviceBuffer dx = deviceCopy(x);
    DeviceBuffer dout = poisoned<float>(n);
    std::vector<KernelArg> args = {vectorArg(dout, "f32", n),
                                   vectorArg(dx, "f32", total),
                                   ScalarArg::of("i32", int32_t(kSlices))};
    double ms = medianMs([&] { run(k, args); });
    std::vector<float> gpu = download<float>(dout, n), host(n);
    tile::host::launch(sum_slices<kSumSlicesPiece>,
                       tile::host::partition<kSumSlicesPiece>(host.data(), {n}),
                       tile::View<float>(x.data(), {total}), kSlices);
    return {k.info.name, n, 4.0 * double(total + n), ms,
            compareExact(gpu, host)};
  }

  /// Softmax over rows of kSoftmaxRow floats, a ragged row of the piece.
  Row softmaxRows(int64_t elements) {
    LoadedKernel k(manifest("softmax_rows"), options.cacheDir,
                   fmt::format("softmax_rows<{}>", kSoftmaxPiece));
    int64_t rows = rowsFor(elements, kSoftmaxRow), n = rows * kSoftmaxRow;
    auto x = randomFloats(n, options.seed + 10);
    DeviceBuffer dx = deviceCopy(x);
    DeviceBuffer dout = poisoned<float>(n);
    std::vector<KernelArg> args = {matrixArg(dout, "f32", rows, kSoftmaxRow),
                                   matrixArg(dx, "f32", rows, kSoftmaxRow),
                                   ScalarArg::of("i32", int32_t(kSoftmaxRow))};
    double ms = medianMs([&] { run(k, args); });
    std::vector<float> gpu = download<float>(dout, n), host(n);
    tile::host::launch(softmax_rows<kSoftmaxPiece>,
                       tile::host::partition<1, kSoftmaxPiece>(
                           host.data(), {rows, kSoftmaxRow}),
                       tile::View<float, 2>(x.data(), {rows, kSoftmaxRow}),
                       int32_t(kSoftmaxRow));
    return {k.info.name, n, 8.0 * n, ms, compareRelative(gpu, host, 1e-5)};
  }

  /// RMSNorm over bf16 rows of Qwen3-4B's hidden size.
  Row rmsNorm(int64_t elements) {
    LoadedKernel k(manifest("rms_norm"), options.cacheDir,
                   fmt::format("rms_norm<tile::bf16, {}>", kRmsNormPiece));
    int64_t rows = rowsFor(elements, kRmsNormRow), n = rows * kRmsNormRow;
    auto x = convertAll<tile::bf16>(randomFloats(n, options.seed + 11));
    auto w =
        convertAll<tile::bf16>(randomFloats(kRmsNormRow, options.seed + 12));
    float eps = 1e-6f;
    DeviceBuffer dx = deviceCopy(x), dw = deviceCopy(w);
    DeviceBuffer dout = poisoned<tile::bf16>(n);
    std::vector<KernelArg> args = {matrixArg(dout, "bf16", rows, kRmsNormRow),
                                   matrixArg(dx, "bf16", rows, kRmsNormRow),
                                   vectorArg(dw, "bf16", kRmsNormRow),
                                   ScalarArg::of("i32", int32_t(kRmsNormRow)),
                                   ScalarArg::of("f32", eps)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<tile::bf16> gpu = download<tile::bf16>(dout, n), host(n);
    tile::host::launch(rms_norm<tile::bf16, kRmsNormPiece>,
                       tile::host::partition<1, kRmsNormPiece>(
                           host.data(), {rows, kRmsNormRow}),
                       tile::View<tile::bf16, 2>(x.data(), {rows, kRmsNormRow}),
                       tile::View<tile::bf16, 1>(w.data(), {kRmsNormRow}),
                       int32_t(kRmsNormRow), eps);
    return {k.info.name, n, 4.0 * n + 2.0 * kRmsNormRow, ms,
            compareRelative(gpu, host, 1e-2)};
  }

  /// LayerNorm with weights and biases over rows of Qwen3-4B's hidden size.
  Row layerNorm(int64_t elements) {
    LoadedKernel k(manifest("layer_norm"), options.cacheDir,
                   fmt::format("layer_norm<{}>", kRmsNormPiece));
    int64_t rows = rowsFor(elements, kRmsNormRow), n = rows * kRmsNormRow;
    auto x = convertAll<tile::bf16>(randomFloats(n, options.seed + 30));
    auto w =
        convertAll<tile::bf16>(randomFloats(kRmsNormRow, options.seed + 31));
    auto b =
        convertAll<tile::bf16>(randomFloats(kRmsNormRow, options.seed + 32));
    float eps = 1e-5f;
    DeviceBuffer dx = deviceCopy(x), dw = deviceCopy(w), db = deviceCopy(b);
    DeviceBuffer dout = poisoned<tile::bf16>(n);
    std::vector<KernelArg> args = {matrixArg(dout, "bf16", rows, kRmsNormRow),
                                   matrixArg(dx, "bf16", rows, kRmsNormRow),
                                   vectorArg(dw, "bf16", kRmsNormRow),
                                   vectorArg(db, "bf16", kRmsNormRow),
                                   ScalarArg::of("i32", int32_t(kRmsNormRow)),
                                   ScalarArg::of("f32", eps)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<tile::bf16> gpu = download<tile::bf16>(dout, n), host(n);
    tile::host::launch(layer_norm<kRmsNormPiece>,
                       tile::host::partition<1, kRmsNormPiece>(
                           host.data(), {rows, kRmsNormRow}),
                       tile::View<tile::bf16, 2>(x.data(), {rows, kRmsNormRow}),
                       tile::View<tile::bf16, 1>(w.data(), {kRmsNormRow}),
                       tile::View<tile::bf16, 1>(b.data(), {kRmsNormRow}),
                       int32_t(kRmsNormRow), eps);
    return {k.info.name, n, 4.0 * n + 4.0 * kRmsNormRow, ms,
            compareRelative(gpu, host, 1e-2)};
  }

  /// residual += x in place, then the RMSNorm of the sum: checked after one
  /// launch on fresh data, then timed.
  Row addRmsNorm(int64_t elements) {
    LoadedKernel k(manifest("add_rms_norm"), options.cacheDir,
                   fmt::format("add_rms_norm<tile::bf16, {}>", kRmsNormPiece));
    int64_t rows = rowsFor(elements, kRmsNormRow), n = rows * kRmsNormRow;
    auto x = convertAll<tile::bf16>(randomFloats(n, options.seed + 19));
    auto residual = convertAll<tile::bf16>(randomFloats(n, options.seed + 20));
    auto w =
        convertAll<tile::bf16>(randomFloats(kRmsNormRow, options.seed + 21));
    float eps = 1e-6f;
    DeviceBuffer dx = deviceCopy(x), dw = deviceCopy(w);
    DeviceBuffer dresidual = deviceCopy(residual);
    DeviceBuffer dout = poisoned<tile::bf16>(n);
    std::vector<KernelArg> args = {
        matrixArg(dout, "bf16", rows, kRmsNormRow),
        matrixArg(dresidual, "bf16", rows, kRmsNormRow),
        matrixArg(dx, "bf16", rows, kRmsNormRow),
        vectorArg(dw, "bf16", kRmsNormRow),
        ScalarArg::of("i32", int32_t(kRmsNormRow)),
        ScalarArg::of("f32", eps)};
    run(k, args);
    stream.synchronize();
    std::vector<tile::bf16> gpu = download<tile::bf16>(dout, n), host(n);
    std::vector<tile::bf16> gpuSum = download<tile::bf16>(dresidual, n);
    tile::host::launch(add_rms_norm<tile::bf16, kRmsNormPiece>,
                       tile::host::partition<1, kRmsNormPiece>(
                           host.data(), {rows, kRmsNormRow}),
                       tile::host::partition<1, kRmsNormPiece>(
                           residual.data(), {rows, kRmsNormRow}),
                       tile::View<tile::bf16, 2>(x.data(), {rows, kRmsNormRow}),
                       tile::View<tile::bf16, 1>(w.data(), {kRmsNormRow}),
                       int32_t(kRmsNormRow), eps);
    Check check = compareExact(gpuSum, residual);
    if (check.passed)
      check = compareRelative(gpu, host, 1e-2);
    double ms = medianMs([&] { run(k, args); });
    return {k.info.name, n, 8.0 * n + 2.0 * kRmsNormRow, ms, check};
  }

  /// Neox RoPE over the 32 heads of 128 of each token.
  Row ropeHeads(int64_t elements) {
    LoadedKernel k(manifest("rope"), options.cacheDir,
                   fmt::format("rope<{}, {}>", kRopeHeads, kRopeHeadDim));
    int64_t tokens = rowsFor(elements, kRopeHeads * kRopeHeadDim);
    int64_t rows = tokens * kRopeHeads, n = rows * kRopeHeadDim;
    int64_t half = kRopeHeadDim / 2;
    auto x = convertAll<tile::bf16>(randomFloats(n, options.seed + 22));
    std::vector<int32_t> positions(tokens);
    for (int64_t t = 0; t < tokens; ++t)
      positions[t] = int32_t((t * 7919 + options.seed) % 40960);
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
    return {k.info.name, n, 4.0 * n + 4.0 * tokens, ms,
            compareRelative(gpu, host, 1e-2)};
  }

  /// Per-head q/k RMSNorm, RoPE and the KV cache write of Qwen3-8B's
  /// attention (32 query and 8 key/value heads of 128), into a cache whose
  /// first rows are taken; every output and the rest of the cache checked.
  Row qkNormRope(int64_t elements) {
    constexpr int64_t qHeads = 32, kvHeads = 8, dim = 128, half = dim / 2;
    constexpr int64_t rowsPerToken = 2 * (qHeads + 2 * kvHeads);
    LoadedKernel k(manifest("qk_norm_rope"), options.cacheDir,
                   "qk_norm_rope<tile::bf16, 32, 8, 128>");
    int64_t tokens = rowsFor(elements, rowsPerToken * half);
    int64_t first = 5, cacheRows = first + tokens + 3;
    int64_t cacheElements = cacheRows * kvHeads * dim;
    auto qkv = convertAll<tile::bf16>(
        randomFloats(tokens * rowsPerToken * half, options.seed + 33));
    auto qWeight = convertAll<tile::bf16>(randomFloats(dim, options.seed + 34));
    auto kWeight = convertAll<tile::bf16>(randomFloats(dim, options.seed + 35));
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
    Check check = compareRelative(gpu, host, 1e-2);
    if (check.passed)
      check = compareRelative(writtenK, expectedK, 1e-2);
    if (check.passed &&
        !(sameBytes(gpuV.data(), hostV.data(), cacheElements) &&
          sameBytes(gpuK.data(), hostK.data(), at) &&
          sameBytes(&gpuK[at + chunk], &hostK[at + chunk], after)))
      check = {false, "v rows, or cache rows outside the chunk, differ"};
    double bytes =
        2.0 * tokens *
        (rowsPerToken * half + 2 * qHeads * half + 4 * kvHeads * half);
    return {k.info.name, tokens * rowsPerToken * half, bytes, ms, check};
  }

  /// The index of the largest logit of rows as long as Qwen3's vocabulary.
  Row argmaxRows(int64_t elements) {
    LoadedKernel k(manifest("argmax_rows"), options.cacheDir,
                   fmt::format("argmax_rows<{}>", kArgmaxChunk));
    int64_t rows = rowsFor(elements, kArgmaxRow), n = rows * kArgmaxRow;
    auto x = randomFloats(n, options.seed + 13);
    DeviceBuffer dx = deviceCopy(x);
    DeviceBuffer dout = poisoned<int32_t>(rows);
    std::vector<KernelArg> args = {matrixArg(dout, "i32", rows, 1),
                                   matrixArg(dx, "f32", rows, kArgmaxRow),
                                   ScalarArg::of("i32", int32_t(kArgmaxRow))};
    double ms = medianMs([&] { run(k, args); });
    std::vector<int32_t> gpu = download<int32_t>(dout, rows), host(rows);
    tile::host::launch(argmax_rows<kArgmaxChunk>,
                       tile::host::partition<1, 1>(host.data(), {rows, 1}),
                       tile::View<float, 2>(x.data(), {rows, kArgmaxRow}),
                       int32_t(kArgmaxRow));
    return {k.info.name, n, 4.0 * n, ms, compareIndices(gpu, host)};
  }

  /// Transposes a matrix of kTransposeColumns columns by tiles.
  Row transposeMatrix(int64_t elements) {
    LoadedKernel k(manifest("transpose"), options.cacheDir,
                   fmt::format("transpose<{}>", kTransposeTile));
    int64_t rows = rowsFor(elements, kTransposeColumns);
    int64_t n = rows * kTransposeColumns;
    auto x = randomFloats(n, options.seed + 14);
    DeviceBuffer dx = deviceCopy(x);
    DeviceBuffer dout = poisoned<float>(n);
    std::vector<KernelArg> args = {
        matrixArg(dout, "f32", kTransposeColumns, rows),
        matrixArg(dx, "f32", rows, kTransposeColumns)};
    double ms = medianMs([&] { run(k, args); });
    std::vector<float> gpu = download<float>(dout, n), host(n);
    tile::host::launch(
        transpose<kTransposeTile>,
        tile::host::partition<kTransposeTile, kTransposeTile>(
            host.data(), {kTransposeColumns, rows}),
        tile::View<float, 2>(x.data(), {rows, kTransposeColumns}));
    return {k.info.name, n, 8.0 * n, ms, compareExact(gpu, host)};
  }

  /// out = W x with bf16 weights of `inputs` columns; the full-size run
  /// uses `outputs` rows, the others as many rows as make up `elements`.
  Row gemvProduct(int64_t elements, int64_t outputs, int64_t inputs) {
    LoadedKernel k(
        manifest("gemv"), options.cacheDir,
        fmt::format("gemv<tile::bf16, {}, {}>", kGemvRows, kGemvChunk));
    int64_t n =
        elements == options.elements ? outputs : rowsFor(elements, inputs);
    auto w =
        convertAll<tile::bf16>(randomFloats(n * inputs, options.seed + 15));
    auto x = convertAll<tile::bf16>(randomFloats(inputs, options.seed + 16));
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
    Row row{k.info.name, n * inputs, 2.0 * double(n * inputs + inputs + n), ms,
            compareRelative(gpu, host, 1e-2)};
    row.kernel += fmt::format(" {}x{}", n, inputs);
    return row;
  }
  /// out = x W^T for 8 activation rows and bf16 weights of `inputs`
  /// columns, through linear's small-batch blocks: Qwen3-4B's gate and up
  /// projection in the full-size run, as many outputs as make up
  /// `elements` weights otherwise.
  Row gemvRows(int64_t elements) {
    constexpr int64_t rows = 8;
    auto [outputs, inputs] = kGemvSmall;
    LoadedKernel k(manifest("linear"), options.cacheDir,
                   "linear<tile::bf16, 16, 32, 64, 1>");
    int64_t n =
        elements == options.elements ? outputs : rowsFor(elements, inputs);
    auto w =
        convertAll<tile::bf16>(randomFloats(n * inputs, options.seed + 28));
    auto x =
        convertAll<tile::bf16>(randomFloats(rows * inputs, options.seed + 29));
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
    Row row{k.info.name, n * inputs,
            2.0 * double(n * inputs + rows * inputs + rows * n), ms,
            compareRelative(gpu, host, 1e-2)};
    row.kernel += fmt::format(" {}x{}x{}", rows, n, inputs);
    return row;
  }
  Row gemvSmall(int64_t elements) {
    return gemvProduct(elements, kGemvSmall[0], kGemvSmall[1]);
  }
  Row gemvLarge(int64_t elements) {
    return gemvProduct(elements, kGemvLarge[0], kGemvLarge[1]);
  }

  /// out = x W^T in bf16 with f32 accumulation: kLinearSide^3 in a
  /// full-size run that large, ragged shapes of about `elements` outputs
  /// otherwise, with rows of a multiple of 16 bytes, so that on sm_90a the
  /// tensor copy engine reads them (the harness covers the other rows).
  /// Sampled outputs are checked against float64 sums.
  Row linearProduct(int64_t elements) {
    auto [bm, bn, bk, groups] = kLinearBlock;
    LoadedKernel k(manifest("linear"), options.cacheDir,
                   fmt::format("linear<tile::bf16, {}, {}, {}, {}>", bm, bn, bk,
                               groups));
    int64_t side = std::max<int64_t>(1, std::llround(std::sqrt(elements)));
    int64_t m = side, n = side + 7, depth = side / 16 * 8 + 8;
    if (elements == options.elements && elements >= kLinearSide * kLinearSide)
      m = n = depth = kLinearSide;
    auto x = convertAll<tile::bf16>(randomFloats(m * depth, options.seed + 17));
    auto w = convertAll<tile::bf16>(randomFloats(n * depth, options.seed + 18));
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
    Row row{k.info.name, m * n, 2.0 * double(m * depth + n * depth + m * n), ms,
            compareRelative(sampled, expected, 1e-2)};
    row.kernel += fmt::format(" {}x{}x{}", m, n, depth);
    row.check.detail += fmt::format(", {:.1f} TFLOP/s",
                                    2.0 * double(m) * n * depth / (ms * 1e9));
    return row;
  }

  /// A batch of 8 products a[b] x[b] in bf16 with f32 accumulation, of
  /// about `elements` outputs together (1024 x 1024 x 1024 each in a
  /// full-size run); sampled outputs are checked against float64 sums.
  Row batchedProduct(int64_t elements) {
    constexpr int64_t batch = 8;
    auto [bm, bn, bk] = kBatchedBlock;
    LoadedKernel k(
        manifest("batched_matmul"), options.cacheDir,
        fmt::format("batched_matmul<tile::bf16, {}, {}, {}, 4>", bm, bn, bk));
    int64_t side =
        std::max<int64_t>(1, std::llround(std::sqrt(double(elements) / batch)));
    int64_t m = side + 1, n = side + 5, depth = side / 2 + 3;
    if (elements == options.elements && elements >= kLinearSide * kLinearSide)
      m = n = depth = kLinearSide / 4;
    auto a = convertAll<tile::bf16>(
        randomFloats(batch * m * depth, options.seed + 26));
    auto x = convertAll<tile::bf16>(
        randomFloats(batch * depth * n, options.seed + 27));
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
    Row row{k.info.name, total,
            2.0 * double(batch) * (m * depth + depth * n + m * n), ms,
            compareRelative(sampled, expected, 1e-2)};
    row.kernel += fmt::format(" {}x{}x{}x{}", batch, m, n, depth);
    row.check.detail += fmt::format(
        ", {:.1f} TFLOP/s", 2.0 * double(batch) * m * n * depth / (ms * 1e9));
    return row;
  }

  /// Causal grouped-query attention, head_dim 128 or 64: sampled query rows
  /// are checked against a float64 softmax.
  Row attentionForward(int64_t elements) {
    return causalAttention(elements, 128);
  }
  Row attentionForward64(int64_t elements) {
    return causalAttention(elements, 64);
  }
  Row causalAttention(int64_t elements, int64_t dim) {
    auto [bm, bn] = kAttentionBlock;
    LoadedKernel k(manifest("flash_attention"), options.cacheDir,
                   fmt::format("flash_attention<{}, {}, {}>", bm, bn, dim));
    bool full = elements == options.elements &&
                elements >= kAttentionSeq * kAttentionSeq;
    int64_t heads = full ? kAttentionHeads[0] : 4;
    int64_t kvHeads = full ? kAttentionHeads[1] : 2;
    int64_t seq = full ? kAttentionSeq
                       : std::clamp<int64_t>(std::llround(std::sqrt(elements)),
                                             1, kAttentionSeq);
    int64_t group = heads / kvHeads;
    auto q = convertAll<tile::bf16>(
        randomFloats(heads * seq * dim, options.seed + 23));
    auto kk = convertAll<tile::bf16>(
        randomFloats(kvHeads * seq * dim, options.seed + 24));
    auto v = convertAll<tile::bf16>(
        randomFloats(kvHeads * seq * dim, options.seed + 25));
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
    double bytes = 2.0 * double(2 * heads + 2 * kvHeads) * seq * dim;
    Row result{k.info.name, heads * seq * dim, bytes, ms,
               compareRelative(sampled, expected, 1e-2)};
    result.kernel += fmt::format(" {}/{}x{}x{}", heads, kvHeads, seq, dim);
    // Causal: half of the 4 * heads * seq^2 * dim flops of full attention.
    result.check.detail += fmt::format(
        ", {:.1f} TFLOP/s", 2.0 * double(heads) * seq * seq * dim / (ms * 1e9));
    return result;
  }

  /// One decode step of attention over a token-major KV cache: the split
  /// kernel, then the merge, timed together and checked against host mode.
  /// Qwen3-8B's 32 query over 8 key/value heads and kDecodeSeq positions in
  /// the full-size run, 4 over 2 heads and about elements / 1024 positions
  /// otherwise.
  Row decodeAttention(int64_t elements) { return decodeStep<128>(elements); }
  Row decodeAttention64(int64_t elements) { return decodeStep<64>(elements); }
  template <int Dim> Row decodeStep(int64_t elements) {
    constexpr int64_t dim = Dim;
    constexpr int kBlock = 64, kMaxSplits = 32;
    LoadedKernel split(
        manifest("decode_attention"), options.cacheDir,
        fmt::format("decode_attention_split<tile::bf16, {}, {}>", kBlock, dim));
    LoadedKernel merge(manifest("decode_attention"), options.cacheDir,
                       fmt::format("decode_attention_merge<tile::bf16, {}, {}>",
                                   kMaxSplits, dim));
    bool full = elements == options.elements;
    int64_t heads = full ? kAttentionHeads[0] : 4;
    int64_t kvHeads = full ? kAttentionHeads[1] : 2;
    int64_t seqLen =
        full ? kDecodeSeq
             : std::clamp<int64_t>(elements / 1024, 1, kDecodeMaxSeq - 1);
    int64_t maxSeq = kDecodeMaxSeq, splits = kDecodeSplits;
    int64_t group = heads / kvHeads;
    auto q =
        convertAll<tile::bf16>(randomFloats(heads * dim, options.seed + 30));
    auto kk = convertAll<tile::bf16>(
        randomFloats(maxSeq * kvHeads * dim, options.seed + 31));
    auto v = convertAll<tile::bf16>(
        randomFloats(maxSeq * kvHeads * dim, options.seed + 32));
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
        decode_attention_split<tile::bf16, kBlock, Dim>,
        tile::host::partition<1, 1, Dim>(hostPartialOut.data(),
                                         {heads, splits, dim}),
        tile::host::partition<1, 1>(hostPartialLse.data(), {heads, splits}),
        tile::View<tile::bf16, 2>(q.data(), {heads, dim}), kCache, vCache,
        int32_t(seqLen), int32_t(group), scale);
    tile::host::launch(
        decode_attention_merge<tile::bf16, kMaxSplits, Dim>,
        tile::host::partition<1, Dim>(host.data(), {heads, dim}),
        tile::View<float, 3>(hostPartialOut.data(), {heads, splits, dim}),
        tile::View<float, 2>(hostPartialLse.data(), {heads, splits}),
        int32_t(splits));
    // The cached keys and values that count, read once; the query, the
    // partials written and read back, the output.
    double bytes = 2.0 * 2 * seqLen * kvHeads * dim + 2.0 * heads * dim +
                   2 * 4.0 * heads * splits * (dim + 1) + 2.0 * heads * dim;
    Row row{split.info.name, heads * seqLen * dim, bytes, ms,
            compareRelative(gpu, host, 1e-2)};
    row.kernel +=
        fmt::format(" + merge {}/{}x{}x{}", heads, kvHeads, seqLen, dim);
    return row;
  }

  /// Rows of a bf16 table of Qwen3's vocabulary gathered by token ids,
  /// about `elements` outputs (kMaxEmbeddingTokens rows at most); two ids lie
  /// outside the table and give zero rows. Checked bit for bit against host
  /// mode.
  Row embeddingGather(int64_t elements) {
    const int64_t vocab = kArgmaxRow, hidden = kEmbeddingHidden;
    LoadedKernel k(manifest("embedding"), options.cacheDir,
                   fmt::format("embedding<tile::bf16, {}>", kEmbeddingChunk));
    int64_t tokens =
        std::clamp<int64_t>(elements / hidden, 1, kMaxEmbeddingTokens);
    auto table =
        convertAll<tile::bf16>(randomFloats(vocab * hidden, options.seed + 33));
    // Uniform draws in [-4, 4) scaled to ids in [0, vocab).
    std::vector<float> draws = randomFloats(tokens, options.seed + 34);
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
    Row row{k.info.name, tokens * hidden, 4.0 * tokens * hidden + 4.0 * tokens,
            ms, compareExact(gpu, host)};
    row.kernel += fmt::format(" {}x{}", tokens, hidden);
    return row;
  }

private:
  fs::path manifest(const std::string &example) const {
    return options.manifests / (example + ".json");
  }

  void run(const LoadedKernel &k, std::span<const KernelArg> args) {
    launch(k.functions, k.info, args, stream.handle());
  }

  const Options &options;
  Stream stream;
};

/// An example: the name of its source file and manifest, and its check.
struct Example {
  const char *name;
  Row (Runner::*run)(int64_t elements);
};

/// The examples, in the order they run.
constexpr Example kExamples[] = {
    {"vector_add", &Runner::vectorAdd},
    {"saxpy", &Runner::saxpy},
    {"silu_mul", &Runner::siluMul},
    {"cast_bf16", &Runner::castBf16},
    {"sum_slices", &Runner::sumSlices},
    {"softmax_rows", &Runner::softmaxRows},
    {"rms_norm", &Runner::rmsNorm},
    {"add_rms_norm", &Runner::addRmsNorm},
    {"layer_norm", &Runner::layerNorm},
    {"rope", &Runner::ropeHeads},
    {"qk_norm_rope", &Runner::qkNormRope},
    {"argmax_rows", &Runner::argmaxRows},
    {"transpose", &Runner::transposeMatrix},
    {"gemv", &Runner::gemvSmall},
    {"gemv_large", &Runner::gemvLarge},
    {"gemv_rows", &Runner::gemvRows},
    {"linear", &Runner::linearProduct},
    {"batched_matmul", &Runner::batchedProduct},
    {"flash_attention", &Runner::attentionForward},
    {"flash_attention_d64", &Runner::attentionForward64},
    {"decode_attention", &Runner::decodeAttention},
    {"decode_attention_d64", &Runner::decodeAttention64},
    {"embedding", &Runner::embeddingGather}};

/// The report as a markdown table.
std::string markdownTable(const std::vector<Row> &rows, double copy) {
  std::string table = fmt::format(
      "| kernel | elements | MB moved | median (us) | GB/s | % of copy "
      "({:.0f} GB/s) | check |\n"
      "| --- | ---: | ---: | ---: | ---: | ---: | --- |\n",
      copy);
  for (const Row &row : rows) {
    if (row.ms > 0) {
      double gbs = row.bytes / (row.ms * 1e6);
      table += fmt::format("| {} | {} | {:.1f} | {:.1f} | {:.0f} | {:.1f}% | ",
                           row.kernel, row.elements, row.bytes / 1e6,
                           row.ms * 1e3, gbs, 100.0 * gbs / copy);
    } else {
      table += fmt::format("| {} | {} | | | | | ", row.kernel, row.elements);
    }
    table += fmt::format("{} {} |\n", row.check.passed ? "PASS" : "FAIL",
                         row.check.detail);
  }
  return table;
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"Runs the example kernels of the kernel cache on the GPU, "
               "checks them against host mode and times them against the "
               "device's copy bandwidth. Exits with 1 if a check fails."};
  Options options;
  options.seed =
      uint64_t(std::chrono::system_clock::now().time_since_epoch().count());
  std::vector<std::string> names;
  for (const Example &example : kExamples)
    names.push_back(example.name);
  app.add_option("--manifests", options.manifests,
                 "Directory of the examples' manifests, <example>.json "
                 "(tilecc --emit=manifest)")
      ->capture_default_str();
  app.add_option("--cache-dir", options.cacheDir, "Kernel cache directory")
      ->capture_default_str();
  app.add_option("--elements", options.elements,
                 "Elements of the large runs; ragged sizes (1, 1000, "
                 "2^20 + 3, 12345677) run too")
      ->check(tile::cli::positive<int64_t>())
      ->capture_default_str();
  app.add_option("--repeat", options.repeat,
                 "Timed launches per kernel, after 3 warm-up launches; the "
                 "median is reported")
      ->check(tile::cli::positive<int>())
      ->capture_default_str();
  app.add_option("--seed", options.seed,
                 "Seed of the random inputs (default: from the clock)");
  app.add_option("--only", options.only,
                 "Run only these examples (repeat or comma-separate)")
      ->delimiter(',')
      ->check(CLI::IsMember(names));
  app.add_option("--markdown", options.markdown,
                 "Also write the report as markdown to this file");
  CLI11_PARSE(app, argc, argv);

  std::vector<Example> selected;
  for (const Example &example : kExamples)
    if (options.only.empty() ||
        std::find(options.only.begin(), options.only.end(), example.name) !=
            options.only.end())
      selected.push_back(example);
  std::vector<int64_t> sizes = {options.elements};
  for (int64_t ragged :
       {int64_t(1), int64_t(1000), (int64_t(1) << 20) + 3, int64_t(12345677)})
    if (ragged != options.elements)
      sizes.push_back(ragged);

  try {
    Context context;
    std::string header = fmt::format(
        "device: {} ({}, {} SMs), CUDA driver {}\nseed: {}\n",
        context.deviceName(), context.target(), context.multiprocessorCount(),
        driverVersion(), options.seed);
    fmt::print("{}", header);
    Runner runner(options);
    double copy = runner.copyBandwidth();
    fmt::print("copy bandwidth (cuMemcpyDtoD, 1 GiB, read + written): {:.0f} "
               "GB/s\n\n",
               copy);
    std::fflush(stdout);

    std::vector<Row> rows;
    for (int64_t n : sizes) {
      for (const Example &example : selected) {
        Row row;
        try {
          row = (runner.*example.run)(n);
        } catch (const std::exception &e) {
          row = {example.name, n, 0, 0, {false, e.what()}};
        }
        fmt::print("{:<20} {:>10} {:>10.1f} us  {}  {}\n", row.kernel,
                   row.elements, row.ms * 1e3,
                   row.check.passed ? "PASS" : "FAIL", row.check.detail);
        std::fflush(stdout);
        rows.push_back(std::move(row));
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
