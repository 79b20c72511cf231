//===- EmbeddedLauncherTest.cpp - A launcher that holds its cubin ---------===//
//
// saxpy_launcher.h here is written by `tilecc --emit=launcher --embed-cubin`:
// its cache entry needs no kernel cache, and is verified as the cache's
// entries are.
//
//===----------------------------------------------------------------------===//

#include "saxpy_launcher.h"

#include "../runtime/ThrowsWith.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

using namespace tile::rt;
using tile::launchers::detail::saxpy_entry;

TEST(EmbeddedLauncher, HoldsTheCacheEntryItself) {
  ASSERT_TRUE(saxpy_entry.embedded());
  CacheEntry entry = saxpy_entry.load("/nonexistent-kernel-cache");
  EXPECT_EQ(entry.key, saxpy_entry.key);
  EXPECT_EQ(entry.target, TILE_KERNEL_ARCH);
  const KernelInfo &kernel = entry.kernel("saxpy<2048>");
  EXPECT_EQ(kernel.entry, "saxpy_2048");
  ASSERT_EQ(kernel.params.size(), 3u);
  EXPECT_EQ(kernel.params[1].name, "x");

  // The very cubin that the kernel cache holds under that key.
  std::ifstream in(std::string(TILE_KERNEL_CACHE_DIR) + "/" +
                       std::string(saxpy_entry.key) + ".cubin",
                   std::ios::binary);
  std::vector<char> cached{std::istreambuf_iterator<char>(in), {}};
  ASSERT_EQ(cached.size(), entry.cubin.size());
  EXPECT_TRUE(std::equal(cached.begin(), cached.end(),
                         reinterpret_cast<const char *>(entry.cubin.data())));
}

TEST(EmbeddedLauncher, RefusesAnAlteredCubin) {
  std::vector<unsigned char> cubin(saxpy_entry.cubin.begin(),
                                   saxpy_entry.cubin.end());
  cubin[cubin.size() / 2] ^= 1;
  LauncherEntry altered = saxpy_entry;
  altered.cubin = cubin;
  EXPECT_TRUE(throwsWith([&] { altered.load({}); },
                         "embedded in a launcher header (its cubin)': the "
                         "cubin's SHA-256"));
}

TEST(EmbeddedLauncher, RunsTheKernelCompiledIntoTheProgramInHostMode) {
  Device host = Device::host();
  Stream stream(host);
  tile::launchers::saxpy_2048 saxpy(host);
  auto x = TensorOf<float, 1>::empty(host, {3000});
  auto y = TensorOf<float, 1>::empty(host, {3000});
  x.untyped().fill(stream, 2.0);
  y.untyped().fill(stream, 1.0);
  TensorOf<float, 1> result = saxpy(stream, std::move(y), x, 0.5f).get();
  EXPECT_EQ(result.view().toHost<float>(stream),
            std::vector<float>(3000, 2.0f));
}
