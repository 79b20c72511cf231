// The cache key: stable, and sensitive to every field.
#include "tile/Cache/CacheKey.h"

#include <gtest/gtest.h>

using namespace tile::cache;

TEST(CacheKey, Sha256OfKnownInput) {
  EXPECT_EQ(sha256Hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(CacheKey, StableAndWellFormed) {
  std::string key =
      computeCacheKey("ir", "sm_90+ptx80", "tilecc 0.1.0", {"O=3"});
  EXPECT_EQ(key, computeCacheKey("ir", "sm_90+ptx80", "tilecc 0.1.0", {"O=3"}));
  EXPECT_TRUE(isCacheKey(key));
}

TEST(CacheKey, EveryFieldCounts) {
  std::string base = computeCacheKey("ir", "sm_90", "v1", {"O=3"});
  EXPECT_NE(base, computeCacheKey("ir2", "sm_90", "v1", {"O=3"}));
  EXPECT_NE(base, computeCacheKey("ir", "sm_80", "v1", {"O=3"}));
  EXPECT_NE(base, computeCacheKey("ir", "sm_90", "v2", {"O=3"}));
  EXPECT_NE(base, computeCacheKey("ir", "sm_90", "v1", {"O=2"}));
  EXPECT_NE(base, computeCacheKey("ir", "sm_90", "v1", {}));
}

TEST(CacheKey, FieldsCannotRunIntoEachOther) {
  EXPECT_NE(computeCacheKey("ab", "c", "v", {}),
            computeCacheKey("a", "bc", "v", {}));
}

TEST(CacheKey, OptionOrderDoesNotMatter) {
  EXPECT_EQ(computeCacheKey("ir", "t", "v", {"a=1", "b=2"}),
            computeCacheKey("ir", "t", "v", {"b=2", "a=1"}));
}

TEST(CacheKey, RecognizesKeys) {
  EXPECT_FALSE(isCacheKey("abc"));
  EXPECT_FALSE(isCacheKey(std::string(64, 'A')));
  EXPECT_FALSE(isCacheKey(std::string(63, 'a') + "g"));
  EXPECT_TRUE(isCacheKey(std::string(64, '0')));
}
