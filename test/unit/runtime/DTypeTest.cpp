//===- DTypeTest.cpp - Element types of tensors ---------------------------===//

#include "tile/runtime/DType.h"
#include "tile/runtime/Error.h"

#include <gtest/gtest.h>

#include <string>

using namespace tile::rt;

TEST(DType, KnowsTheNamesAndSizesOfTheMetadata) {
  struct Known {
    const char *name;
    int64_t bytes;
  };
  for (Known known :
       {Known{"f16", 2}, Known{"bf16", 2}, Known{"f32", 4}, Known{"f64", 8},
        Known{"f8e4m3", 1}, Known{"f8e5m2", 1}, Known{"i1", 1}, Known{"i8", 1},
        Known{"i16", 2}, Known{"i32", 4}, Known{"i64", 8}, Known{"u8", 1},
        Known{"u16", 2}, Known{"u32", 4}, Known{"u64", 8}}) {
    DType type = known.name;
    EXPECT_EQ(type.name(), known.name);
    EXPECT_EQ(type.bytes(), known.bytes) << known.name;
  }
}

TEST(DType, RejectsAnUnknownNameSayingWhich) {
  try {
    DType type = std::string("f128");
    FAIL() << "made " << type.name();
  } catch (const Error &e) {
    EXPECT_STREQ(e.what(), "unknown element type 'f128'");
  }
  EXPECT_THROW(DType(""), Error);
}

TEST(DType, ComparesByTypeAndWithNames) {
  DType f32 = "f32";
  EXPECT_TRUE(f32 == DType(std::string("f32")));
  EXPECT_TRUE(f32 == "f32");
  EXPECT_FALSE(f32 == "i32");
  EXPECT_TRUE(f32 != "f16");
  // Equal types share their static name.
  EXPECT_EQ(f32.name().data(), DType(std::string_view("f32")).name().data());
}

TEST(DType, DefaultIsNoTypeEqualOnlyToItself) {
  DType none;
  EXPECT_EQ(none.name(), "");
  EXPECT_EQ(none.bytes(), 0);
  EXPECT_TRUE(none == DType());
  EXPECT_FALSE(none == "f32");
}

TEST(DType, OfACxxTypeIsItsName) {
  static_assert(dtypeOf<float>() == DType("f32"));
  static_assert(dtypeOf<tile::bf16>().bytes() == 2);
  static_assert(dtypeOf<double>() == DType("f64"));
  static_assert(dtypeOf<double>().bytes() == 8);
  EXPECT_TRUE(dtypeOf<bool>() == "i1");
  EXPECT_TRUE(dtypeOf<int64_t>() == "i64");
  EXPECT_TRUE(dtypeOf<int8_t>() == "i8");
  EXPECT_TRUE(dtypeOf<int16_t>() == "i16");
  EXPECT_TRUE(dtypeOf<tile::f8e4m3>() == "f8e4m3");
  EXPECT_TRUE(dtypeOf<tile::f8e5m2>() == "f8e5m2");
  // Unsigned integers keep their sign in the name, as the metadata does.
  EXPECT_TRUE(dtypeOf<uint8_t>() == "u8");
  EXPECT_TRUE(dtypeOf<uint16_t>() == "u16");
  EXPECT_TRUE(dtypeOf<uint32_t>() == "u32");
  EXPECT_TRUE(dtypeOf<uint64_t>() == "u64");
  EXPECT_FALSE(dtypeOf<uint32_t>() == dtypeOf<int32_t>());
  EXPECT_EQ(DType("u64").bytes(), 8);
}
