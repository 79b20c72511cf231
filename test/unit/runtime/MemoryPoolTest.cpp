//===- MemoryPoolTest.cpp - Stream-ordered temporaries in host mode -------===//

#include "tile/runtime/MemoryPool.h"
#include "tile/runtime/Error.h"

#include <gtest/gtest.h>

#include <cstring>
#include <malloc.h>

#include "Sanitizers.h"
#if TILE_TEST_ASAN
#include <sanitizer/asan_interface.h>
#endif

using namespace tile::rt;

TEST(MemoryPool, ReusesBlocksOnTheSameStream) {
  Device host = Device::host();
  Stream stream(host);
  MemoryPool pool(host);
  uint64_t first = 0;
  {
    Tensor t = pool.allocate(stream, "f32", {1000});
    first = t.view().address();
    t.fill(stream, 1.0);
    PoolStatistics stats = pool.statistics();
    EXPECT_EQ(stats.allocations, 1u);
    EXPECT_EQ(stats.reuses, 0u);
    EXPECT_EQ(stats.bytesInUse, 4096u);
    EXPECT_EQ(stats.bytesReserved, 4096u);
  }
  EXPECT_EQ(pool.statistics().bytesInUse, 0u);
  EXPECT_EQ(pool.statistics().bytesReserved, 4096u);
  Tensor again = Tensor::temporary(pool, stream, "f32", {900});
  EXPECT_EQ(again.view().address(), first);
  PoolStatistics stats = pool.statistics();
  EXPECT_EQ(stats.allocations, 2u);
  EXPECT_EQ(stats.reuses, 1u);
  EXPECT_EQ(stats.peakBytesInUse, 4096u);
}

TEST(MemoryPool, DoesNotHandOutFarLargerBlocks) {
  Device host = Device::host();
  Stream stream(host);
  MemoryPool pool(host);
  { pool.allocateBytes(stream, 1 << 20); }
  auto small = pool.allocateBytes(stream, 100);
  EXPECT_EQ(pool.statistics().reuses, 0u);
  EXPECT_EQ(pool.statistics().bytesReserved, (1u << 20) + 256u);
  EXPECT_EQ(small->size(), 100u);
}

TEST(MemoryPool, AnotherStreamWaitsForTheBlocksLastUses) {
  Device host = Device::host();
  Stream first(host), second(host);
  MemoryPool pool(host);
  uint64_t address = 0;
  {
    Tensor t = pool.allocate(first, "i32", {1 << 16});
    address = t.view().address();
    t.fill(first, 1);
  }
  // Reused on the second stream only after the first stream's fill: the
  // second stream's fill wins.
  Tensor t = pool.allocate(second, "i32", {1 << 16});
  EXPECT_EQ(t.view().address(), address);
  t.fill(second, 2);
  for (int32_t v : t.toHost<int32_t>(second))
    ASSERT_EQ(v, 2);
}

TEST(MemoryPool, TrimReturnsCachedBlocks) {
  Device host = Device::host();
  Stream stream(host);
  MemoryPool pool(host);
  auto kept = pool.allocateBytes(stream, 512);
  { pool.allocateBytes(stream, 1024); }
  EXPECT_EQ(pool.statistics().bytesReserved, 1536u);
  pool.trim();
  EXPECT_EQ(pool.statistics().bytesReserved, 512u);
  EXPECT_EQ(pool.statistics().bytesInUse, 512u);
}

/// The bytes the C allocator holds in mappings of their own, where it puts
/// large blocks.
static size_t mappedBytes() { return mallinfo2().hblkhd; }

TEST(MemoryPool, BlocksOutliveThePool) {
  Device host = Device::host();
  Stream stream(host);
  // Large enough that the host backend's allocation is a mapping of its own,
  // which glibc returns to the system when it is freed.
  constexpr size_t kBytes = size_t{64} << 20;
  size_t before = mappedBytes();
  std::shared_ptr<Memory> kept;
  {
    MemoryPool pool(host);
    kept = pool.allocateBytes(stream, kBytes);
  }
  [[maybe_unused]] bool mapped = mappedBytes() >= before + kBytes;
  auto *block = reinterpret_cast<unsigned char *>(kept->address());
  // Still usable after the pool: the pool freed only its cached blocks
  // (under ASan, a use after free otherwise).
  std::memset(block, 1, kBytes);
  // Released after the pool: back to the device, not cached in the pool
  // that is gone.
  kept.reset();
#if TILE_TEST_ASAN
  // ASan's allocator maps no memory through glibc; it poisons what is freed.
  EXPECT_TRUE(__asan_address_is_poisoned(block));
#else
  if (!mapped)
    GTEST_SKIP() << "the allocator does not report its mappings (a "
                    "sanitizer's allocator, say)";
  EXPECT_LT(mappedBytes(), before + kBytes);
#endif
}
