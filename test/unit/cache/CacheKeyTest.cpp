//===- CacheKeyTest.cpp - Cache keys: stable, and sensitive to each field -===//

#include "tile/Cache/CacheKey.h"

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

TEST(Sha256Hex, KnownVectors) {
  EXPECT_EQ(sha256Hex(""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256Hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256Hex(llvm::StringRef("\0\xff", 2)).size(), 64u);
}

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
  EXPECT_EQ(base.key(), sha256Hex(serializeKeyInputs(
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
  EXPECT_TRUE(isCacheKey(key));
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

TEST(CacheKey, RecognizesKeys) {
  EXPECT_TRUE(isCacheKey(std::string(64, '0')));
  EXPECT_TRUE(isCacheKey(std::string(32, 'a') + std::string(32, 'f')));
  EXPECT_FALSE(isCacheKey(""));
  EXPECT_FALSE(isCacheKey(std::string(63, 'a')));
  EXPECT_FALSE(isCacheKey(std::string(65, 'a')));
  EXPECT_FALSE(isCacheKey(std::string(64, 'A')));
  EXPECT_FALSE(isCacheKey(std::string(63, 'a') + "g"));
  EXPECT_FALSE(isCacheKey("../" + std::string(61, 'a')));
}

TEST(CacheKey, RecognizesPrefixes) {
  EXPECT_TRUE(isCacheKeyPrefix("0"));
  EXPECT_TRUE(isCacheKeyPrefix("3f0c"));
  EXPECT_TRUE(isCacheKeyPrefix(std::string(64, 'e')));
  EXPECT_FALSE(isCacheKeyPrefix(""));
  EXPECT_FALSE(isCacheKeyPrefix("3F0C"));
  EXPECT_FALSE(isCacheKeyPrefix("xyz"));
  EXPECT_FALSE(isCacheKeyPrefix(std::string(65, 'e')));
}
