//===- Bf16ConversionTest.cpp - f32 and f16 tensors loaded as bf16 --------===//

#include "qwen3/Bf16Conversion.h"

#include "TestFiles.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <vector>

namespace qwen3 {
namespace {

/// The bf16 bits that convertToBf16 makes of these source elements.
template <class Source>
std::vector<uint16_t> converted(DType dtype, std::vector<Source> values) {
  // One byte of offset: sources in a mapping need not be aligned.
  std::vector<std::byte> bytes(values.size() * sizeof(Source) + 1);
  std::memcpy(bytes.data() + 1, values.data(), values.size() * sizeof(Source));
  std::vector<tile::bf16> out(values.size());
  convertToBf16(dtype, std::span(bytes).subspan(1), out);
  std::vector<uint16_t> bits;
  for (tile::bf16 value : out)
    bits.push_back(value.bits);
  return bits;
}

std::vector<uint16_t> fromF32Bits(std::vector<uint32_t> words) {
  return converted(DType::F32, words);
}

TEST(Bf16Conversion, F32RoundsToNearestEven) {
  EXPECT_EQ(
      fromF32Bits({
          0x3f800000, // 1.0, exact
          0x3f808000, // halfway between 0x3f80 and 0x3f81: to even
          0x3f818000, // halfway between 0x3f81 and 0x3f82: to even
          0x3f808001, // just above halfway
          0x3f807fff, // just below halfway
          0xbf808000, // negative tie
          0xbf818000, // negative tie, rounding away from zero
          0x3f80ffff, // carries into the next binade's mantissa
          0x3fffffff, // carries into the exponent: 2.0
          0x00000001, // the smallest subnormal rounds to zero
          0x00008000, // subnormal tie: to even (zero)
          0x00018000, // subnormal tie: to even (0x0002)
      }),
      (std::vector<uint16_t>{0x3f80, 0x3f80, 0x3f82, 0x3f81, 0x3f80, 0xbf80,
                             0xbf82, 0x3f81, 0x4000, 0x0000, 0x0000, 0x0002}));
}

TEST(Bf16Conversion, F32InfinitiesAndNaN) {
  std::vector<uint16_t> bits = fromF32Bits({
      0x7f800000, // +inf
      0xff800000, // -inf
      0x7f7fffff, // the largest float rounds up to infinity
      0x7fc00000, // quiet NaN
      0x7f800001, // signalling NaN whose payload is below bf16's mantissa
      0xffc00000, // negative NaN
      0x80000000, // -0
  });
  EXPECT_EQ(bits[0], 0x7f80);
  EXPECT_EQ(bits[1], 0xff80);
  EXPECT_EQ(bits[2], 0x7f80);
  for (int i : {3, 4, 5}) {
    SCOPED_TRACE(i);
    EXPECT_EQ(bits[i] & 0x7f80, 0x7f80);
    EXPECT_NE(bits[i] & 0x007f, 0) << "a NaN must stay NaN, not become inf";
  }
  EXPECT_EQ(bits[5] & 0x8000, 0x8000);
  EXPECT_EQ(bits[6], 0x8000);
}

TEST(Bf16Conversion, F16RoundsToNearestEven) {
  EXPECT_EQ(converted<uint16_t>(DType::F16,
                                {
                                    0x3c00, // 1.0
                                    0x3c01, // 1 + 2^-10: rounds down
                                    0x3c04, // 1 + 2^-8: a tie, to even
                                    0x3c0c, // 1 + 3 * 2^-8: a tie, to even
                                    0x3c05, // just above a tie
                                    0xc000, // -2.0
                                    0x0001, // 2^-24, the smallest subnormal
                                    0x7bff, // 65504, the largest f16
                                    0x7c00, // +inf
                                    0xfc00, // -inf
                                }),
            (std::vector<uint16_t>{0x3f80, 0x3f80, 0x3f80, 0x3f82, 0x3f81,
                                   0xc000, 0x3380, 0x4780, 0x7f80, 0xff80}));
  std::vector<uint16_t> nan = converted<uint16_t>(DType::F16, {0x7e00, 0xfd00});
  for (uint16_t bits : nan) {
    EXPECT_EQ(bits & 0x7f80, 0x7f80);
    EXPECT_NE(bits & 0x007f, 0);
  }
}

TEST(Bf16Conversion, Bf16IsCopiedAsItIs) {
  std::vector<uint16_t> bits = {0x3f80, 0x7fc1, 0xff81, 0x0001, 0x8000};
  EXPECT_EQ(converted(DType::BF16, bits), bits);
}

TEST(Bf16Conversion, RejectsOtherDTypesAndSizes) {
  std::vector<std::byte> bytes(8);
  std::vector<tile::bf16> out(2);
  EXPECT_NE(test::errorOf([&] {
              convertToBf16(DType::I32, bytes, out);
            }).find("dtype I32 is not supported"),
            std::string::npos);
  EXPECT_NE(test::errorOf([&] {
              convertToBf16(DType::BF16, bytes, out);
            }).find("8 bytes of BF16 for 2 elements"),
            std::string::npos);
}

TEST(Bf16Conversion, CopiesATensorAndNamesItInErrors) {
  float values[3] = {1.0f, -0.5f, 3.0f};
  TensorInfo tensor;
  tensor.name = "model.norm.weight";
  tensor.file = "shard.safetensors";
  tensor.dtype = DType::F32;
  tensor.shape = {3};
  tensor.data = std::as_bytes(std::span(values));
  std::vector<tile::bf16> out(3);
  copyToBf16(tensor, out);
  EXPECT_EQ(static_cast<float>(out[0]), 1.0f);
  EXPECT_EQ(static_cast<float>(out[1]), -0.5f);
  EXPECT_EQ(static_cast<float>(out[2]), 3.0f);

  std::vector<tile::bf16> wrongSize(2);
  std::string message = test::errorOf([&] { copyToBf16(tensor, wrongSize); });
  EXPECT_NE(message.find("shard.safetensors: model.norm.weight"),
            std::string::npos)
      << message;
  tensor.dtype = DType::F64;
  tensor.shape = {};
  tensor.data = tensor.data.first(8);
  std::vector<tile::bf16> one(1);
  message = test::errorOf([&] { copyToBf16(tensor, one); });
  EXPECT_NE(message.find("model.norm.weight"), std::string::npos) << message;
  EXPECT_NE(message.find("F64 is not supported"), std::string::npos) << message;
}

} // namespace
} // namespace qwen3
