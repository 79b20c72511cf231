//===- CacheKeyTest.cpp - Cache keys: stable, and sensitive to each field -===//

#include "tile/Cache/CacheKey.h"
#include "tile/formats/CacheEntry.h"
#include "tile/formats/Sha256.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace tile::cache;

namespace {

/// The inputs of one key.
struct KeyInputs {
  std::string ir, target, version;
  std::vector<std::string> options;

  std::string key() const {
    return computeCacheKey(ir, target, version, options);
  }
};

const KeyInputs base{
    "tile.module @m {}", "sm_90", "tilecc 0.1.0", {"O=3", "fast-math=0"}};

} // namespace

TEST(CacheKey, SerializationIsLengthPrefixedAndSortsOptions) {
  EXPECT_EQ(serializeKeyInputs("ir", "sm_90", "tilecc 0.1.0", {"O=3", "B=1"}),
            "17:tile-cache-key-v1"
            "2:ir"
            "5:sm_90"
            "12:tilecc 0.1.0"
            "1:2"
            "3:B=1"
            "3:O=3");
  EXPECT_EQ(serializeKeyInputs("", "", "", {}),
            "17:tile-cache-key-v10:0:0:1:0");
}

TEST(CacheKey, IsTheSha256OfTheSerialization) {
  EXPECT_EQ(base.key(), tile::formats::sha256Hex(serializeKeyInputs(
                            base.ir, base.target, base.version, base.options)));
}

TEST(CacheKey, KnownValues) {
  // Pins the key format: entries in existing caches keep their names. Change
  // these values only when the format changes on purpose.
  EXPECT_EQ(computeCacheKey("ir", "sm_90", "tilecc 0.1.0", {"O=3"}),
            "ca918f89aca63587a15e3217bdb2799b7f4858fcc09b6f9d2a02819d2a7be947");
  EXPECT_EQ(computeCacheKey("", "", "", {}),
            "57d7544c3e37d61bdde0dcfcab724d22d64a33822ead44606fc7f0eef70c8a7c");
}

TEST(CacheKey, StableAndWellFormed) {
  std::string key = base.key();
  EXPECT_EQ(key, base.key());
  EXPECT_EQ(key.size(), 64u);
  EXPECT_TRUE(tile::formats::isCacheKey(key));
}

TEST(CacheKey, EachFieldChangesTheKey) {
  KeyInputs ir = base, target = base, version = base, option = base,
            fewer = base, more = base;
  ir.ir += " ";
  target.target = "sm_80";
  version.version = "tilecc 0.1.1";
  option.options[0] = "O=2";
  fewer.options.pop_back();
  more.options.push_back("debug=1");
  std::vector<std::string> keys = {base.key(),    ir.key(),     target.key(),
                                   version.key(), option.key(), fewer.key(),
                                   more.key()};
  for (size_t i = 0; i < keys.size(); ++i)
    for (size_t j = i + 1; j < keys.size(); ++j)
      EXPECT_NE(keys[i], keys[j]) << "inputs " << i << " and " << j;
}

TEST(CacheKey, FieldsCannotRunIntoEachOther) {
  EXPECT_NE(computeCacheKey("ab", "c", "v", {}),
            computeCacheKey("a", "bc", "v", {}));
  EXPECT_NE(computeCacheKey("ir", "sm_90", "v", {}),
            computeCacheKey("ir", "sm_9", "0v", {}));
  EXPECT_NE(computeCacheKey("ir", "t", "v1", {}),
            computeCacheKey("ir", "t", "v", {"1"}));
  EXPECT_NE(computeCacheKey("ir", "t", "v", {"a=1b=2"}),
            computeCacheKey("ir", "t", "v", {"a=1", "b=2"}));
  EXPECT_NE(computeCacheKey("ir", "t", "v", {""}),
            computeCacheKey("ir", "t", "v", {}));
  // IR that contains what looks like the next field's length prefix.
  EXPECT_NE(computeCacheKey("ir5:sm_90", "", "v", {}),
            computeCacheKey("ir", "sm_90", "v", {}));
}

TEST(CacheKey, OptionOrderDoesNotMatter) {
  EXPECT_EQ(computeCacheKey("ir", "t", "v", {"a=1", "b=2", "c=3"}),
            computeCacheKey("ir", "t", "v", {"c=3", "a=1", "b=2"}));
}
