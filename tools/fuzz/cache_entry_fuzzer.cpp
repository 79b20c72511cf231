//===- cache_entry_fuzzer.cpp - libFuzzer target over kernel cache entries
//-===//
//
// Each input is the JSON of a kernel cache entry (docs/abi.md, The kernel
// cache) whose cubin is the fixed text "cubin" (5 bytes, SHA-256 below),
// under the fixed key below: verifyEntry checks it with the cubin, reading
// every kernel's metadata (KernelInfo), and each kernel's launch
// preconditions are evaluated against a few launches of its signature. The
// same input is then a kernel manifest for loadManifest, in a cache
// directory that holds a valid entry under that key. A tile::rt::Error is a
// clean rejection; a crash, a sanitizer report or another exception is a bug
// (docs/tilecc.md, Fuzzing).
//
//===----------------------------------------------------------------------===//

#include "FuzzFiles.h"

#include "tile/formats/CacheEntry.h"
#include "tile/runtime/CacheReader.h"
#include "tile/runtime/Error.h"
#include "tile/runtime/Preconditions.h"

#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <string>
#include <vector>

namespace {
constexpr std::string_view kKey =
    "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
constexpr std::string_view kCubin = "cubin";
/// An entry for kCubin with one kernel, what the manifest seeds find.
constexpr std::string_view kEntryJson =
    R"({"format": 1,
        "key": "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "target": "sm_90",
        "cubin": {"size": 5, "sha256":
          "7c9b185f35cce03019b3c7cebdef327545fd0cfdeb1acdf7db7fd7d528c74538"},
        "kernels": [{"name": "copy<1024>", "entry": "copy_1024",
                     "block": [128, 1, 1], "shared_bytes": 0,
                     "params": [{"name": "y", "kind": "piece",
                                 "dtype": "f32", "rank": 1, "tile": [1024]},
                                {"name": "x", "kind": "view",
                                 "dtype": "f32", "rank": 1}]}]})";

/// Evaluates the preconditions of `kernel` against a launch whose scalars
/// all hold the bytes of `value` and whose tensors' extents are all
/// `extent`. A broken precondition is a clean answer.
void evaluatePreconditions(const tile::rt::KernelInfo &kernel, int64_t value,
                           int64_t extent) {
  // Views may have any rank; launches of more dimensions than this add
  // nothing.
  constexpr int kMaxRank = 8;
  std::vector<int64_t> extents(kMaxRank, extent), strides(kMaxRank, 1);
  std::vector<tile::rt::KernelArgRef> args;
  for (const tile::rt::ParamInfo &param : kernel.params) {
    if (param.kind == tile::rt::ParamKind::Scalar) {
      tile::rt::ScalarArg scalar{param.dtype};
      std::memcpy(scalar.bytes.data(), &value, sizeof(value));
      args.push_back(scalar);
      continue;
    }
    if (param.rank > kMaxRank)
      return;
    args.push_back(tile::rt::TensorRef{
        0x10000, param.dtype, std::span(extents).first(size_t(param.rank)),
        std::span(strides).first(size_t(param.rank))});
  }
  (void)tile::rt::brokenPrecondition(kernel, args);
}

const tile::fuzz::ScratchDirectory &cacheDirectory() {
  static tile::fuzz::ScratchDirectory dir("cache-entry");
  static bool written = [] {
    dir.write(tile::formats::cacheEntryFileName(kKey, "json"), kEntryJson);
    dir.write(tile::formats::cacheEntryFileName(kKey, "cubin"), kCubin);
    return true;
  }();
  (void)written;
  return dir;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view json = tile::fuzz::asText(data, size);
  try {
    tile::rt::CacheEntry entry = tile::rt::verifyEntry(
        kKey, json, std::as_bytes(std::span(kCubin)), "from the fuzzer");
    for (const tile::rt::KernelInfo &kernel : entry.kernels) {
      (void)entry.tunedKernel(kernel.name, "NVIDIA H100 80GB HBM3");
      // Zeros, an odd prime, all bits set (-1) and the most negative
      // value, whose quotient by -1 wraps.
      for (auto [value, extent] : {std::pair<int64_t, int64_t>{0, 0},
                                   {17, 17},
                                   {-1, 1},
                                   {std::numeric_limits<int64_t>::min(), 16}})
        evaluatePreconditions(kernel, value, extent);
    }
  } catch (const tile::rt::Error &) {
  }

  const tile::fuzz::ScratchDirectory &dir = cacheDirectory();
  try {
    (void)tile::rt::loadManifest(dir.write("manifest.json", json), dir.path());
  } catch (const tile::rt::Error &) {
  }
  return 0;
}
