//===- LauncherTest.cpp - Kernels called through generated launchers ------===//
//
// saxpy_launcher.h, vector_add_launcher.h and transpose_launcher.h are
// written at build time by `tilecc --emit=launcher` from the example kernels;
// here they run in host mode, and their cache entries are read from the
// build's kernel cache.
//
//===----------------------------------------------------------------------===//

#include "saxpy_launcher.h"
#include "transpose_launcher.h"
#include "vector_add_launcher.h"

#include "../runtime/ThrowsWith.h"

#include "tile/formats/CacheEntry.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace tile::rt;
namespace launchers = tile::launchers;

namespace {
/// The cache key that the manifest `name`.json of the build names.
std::string manifestKey(const std::string &name) {
  std::ifstream in(std::string(TILE_MANIFEST_DIR) + "/" + name + ".json");
  std::stringstream text;
  text << in.rdbuf();
  std::string error;
  std::string key = tile::formats::readManifestKey(text.str(), error);
  EXPECT_FALSE(key.empty()) << name << ".json " << error;
  return key;
}

std::vector<float> iota(size_t n, float first) {
  std::vector<float> values(n);
  for (size_t i = 0; i < n; ++i)
    values[i] = first + float(i);
  return values;
}
} // namespace

TEST(Launcher, CallsAKernelLikeAFunction) {
  Device host = Device::host();
  Stream stream(host);
  launchers::saxpy_2048 saxpy(host);
  std::vector<float> xs = iota(5000, 0.0f), ys = iota(5000, 1.0f);
  TensorOf<float, 1> x(Tensor::fromHost<float>(stream, xs, {5000}));
  TensorOf<float, 1> y(Tensor::fromHost<float>(stream, ys, {5000}));
  TensorOf<float, 1> result = saxpy(stream, std::move(y), x, 3.0f).get();
  std::vector<float> expected(5000);
  for (size_t i = 0; i < expected.size(); ++i)
    expected[i] = 3.0f * xs[i] + ys[i];
  EXPECT_EQ(result.view().toHost<float>(stream), expected);
}

TEST(Launcher, TakesSeveralInputs) {
  Device host = Device::host();
  Stream stream(host);
  launchers::vector_add_2048 add(host);
  std::vector<float> xs = iota(4097, 0.0f), ys = iota(4097, 0.5f);
  TensorOf<float, 1> x(Tensor::fromHost<float>(stream, xs, {4097}));
  TensorOf<float, 1> y(Tensor::fromHost<float>(stream, ys, {4097}));
  TensorOf<float, 1> z =
      add(stream, TensorOf<float, 1>::empty(host, {4097}), x, y).get();
  std::vector<float> sum = z.view().toHost<float>(stream);
  for (size_t i = 0; i < sum.size(); ++i)
    ASSERT_EQ(sum[i], xs[i] + ys[i]) << "element " << i;
}

TEST(Launcher, TakesMatrices) {
  Device host = Device::host();
  Stream stream(host);
  launchers::transpose_32 transpose(host);
  std::vector<float> xs = iota(40 * 70, 0.0f);
  TensorOf<float, 2> x(Tensor::fromHost<float>(stream, xs, {40, 70}));
  TensorOf<float, 2> out =
      transpose(stream, TensorOf<float, 2>::empty(host, {70, 40}), x).get();
  std::vector<float> transposed = out.view().toHost<float>(stream);
  for (int64_t r = 0; r < 40; ++r)
    for (int64_t c = 0; c < 70; ++c)
      ASSERT_EQ(transposed[c * 40 + r], xs[r * 70 + c])
          << "row " << r << ", column " << c;
}

TEST(Launcher, HoldsTheKeyOfItsKernelFilesCacheEntry) {
  EXPECT_EQ(launchers::detail::saxpy_entry.key, manifestKey("saxpy"));
  EXPECT_EQ(launchers::detail::transpose_entry.key, manifestKey("transpose"));
  EXPECT_EQ(launchers::detail::saxpy_entry.target, TILE_KERNEL_ARCH);
  EXPECT_FALSE(launchers::detail::saxpy_entry.embedded());
}

TEST(Launcher, LoadsItsEntryFromTheKernelCache) {
  CacheEntry entry = launchers::detail::saxpy_entry.load(TILE_KERNEL_CACHE_DIR);
  EXPECT_EQ(entry.key, launchers::detail::saxpy_entry.key);
  EXPECT_FALSE(entry.cubin.empty());
  const KernelInfo &kernel = entry.kernel("saxpy<2048>");
  EXPECT_EQ(kernel.entry, "saxpy_2048");
  ASSERT_EQ(kernel.params.size(), 3u);
  EXPECT_EQ(kernel.params[0].tile, std::vector<int64_t>{2048});
}

TEST(Launcher, SaysWhenItsEntryIsNotInTheCache) {
  std::filesystem::path empty =
      std::filesystem::temp_directory_path() / "tile-launcher-test-no-cache";
  EXPECT_TRUE(throwsWith([&] { launchers::detail::saxpy_entry.load(empty); },
                         "is not in '" + empty.string() +
                             "'; compile the kernels with tilecc"));
}
