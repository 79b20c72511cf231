//===- CApiTest.cpp - The C interface's entries, checks and errors --------===//

#include "tile/capi.h"
#include "tile/formats/Sha256.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

namespace fs = std::filesystem;

namespace {

/// A cache directory holding one entry with saxpy<1024>(Piece<float, 1024>
/// y, View<float> x, float a) and scale<64, 32>(Piece<float, 64, 32>,
/// View<float, 2>, i32 n), and a manifest naming it.
class CApiTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir = fs::temp_directory_path() /
          ("tile-capi-test-" + std::to_string(std::random_device{}()));
    fs::create_directories(dir);
    std::string cubin = "not a real cubin";
    std::ofstream(dir / (key + ".cubin"), std::ios::binary) << cubin;
    nlohmann::json entry = {
        {"format", 1},
        {"key", key},
        {"compiler", "tilecc 0.1.0"},
        {"target", "sm_90"},
        {"cubin",
         {{"size", cubin.size()},
          {"sha256", tile::formats::sha256Hex(cubin.data(), cubin.size())}}},
        {"kernels",
         {{{"name", "saxpy<1024>"},
           {"entry", "saxpy_1024"},
           {"block", {128, 1, 1}},
           {"params",
            {{{"name", "y"},
              {"kind", "piece"},
              {"dtype", "f32"},
              {"rank", 1},
              {"tile", {1024}}},
             {{"name", "x"}, {"kind", "view"}, {"dtype", "f32"}, {"rank", 1}},
             {{"name", "a"}, {"kind", "scalar"}, {"dtype", "f32"}}}}},
          {{"name", "scale<64, 32>"},
           {"entry", "scale_64_32"},
           {"block", {128, 1, 1}},
           {"params",
            {{{"name", "out"},
              {"kind", "piece"},
              {"dtype", "bf16"},
              {"rank", 2},
              {"tile", {64, 32}}},
             {{"name", "in"}, {"kind", "view"}, {"dtype", "bf16"}, {"rank", 2}},
             {{"name", "n"}, {"kind", "scalar"}, {"dtype", "i32"}}}}}}}};
    std::ofstream(dir / (key + ".json")) << entry.dump(2);
    manifest = dir / "saxpy.json";
    std::ofstream(manifest) << entry.dump(2);
    library = tile_library_open(manifest.c_str(), dir.c_str());
    ASSERT_NE(library, nullptr) << tile_last_error();
  }
  void TearDown() override {
    tile_library_close(library);
    fs::remove_all(dir);
  }

  fs::path dir, manifest;
  std::string key = std::string(60, 'c') + "0a1b";
  tile_library *library = nullptr;
};

tile_arg tensor(uint64_t address, const char *dtype,
                std::initializer_list<int64_t> shape) {
  tile_arg arg{};
  arg.kind = TILE_ARG_TENSOR;
  arg.dtype = dtype;
  arg.address = address;
  arg.rank = int32_t(shape.size());
  int64_t stride = 1;
  for (int d = arg.rank - 1; d >= 0; --d) {
    arg.shape[d] = shape.begin()[d];
    arg.strides[d] = stride;
    stride *= arg.shape[d];
  }
  return arg;
}

tile_arg floatScalar(const char *dtype, double value) {
  tile_arg arg{};
  arg.kind = TILE_ARG_SCALAR;
  arg.dtype = dtype;
  arg.float_value = value;
  return arg;
}

tile_arg intScalar(const char *dtype, int64_t value) {
  tile_arg arg{};
  arg.kind = TILE_ARG_SCALAR;
  arg.dtype = dtype;
  arg.int_value = value;
  return arg;
}

bool contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST_F(CApiTest, NamesTheKernelsAndTheTarget) {
  ASSERT_EQ(tile_library_kernel_count(library), 2);
  EXPECT_STREQ(tile_library_kernel_name(library, 0), "saxpy<1024>");
  EXPECT_STREQ(tile_library_kernel_name(library, 1), "scale<64, 32>");
  EXPECT_EQ(tile_library_kernel_name(library, 2), nullptr);
  EXPECT_EQ(tile_library_kernel_name(library, -1), nullptr);
  EXPECT_STREQ(tile_library_target(library), "sm_90");
}

TEST_F(CApiTest, ChecksALaunchAndGivesItsGrid) {
  tile_arg args[] = {tensor(0x10000, "f32", {5000}),
                     tensor(0x20000, "f32", {5000}), floatScalar("f32", 2.5)};
  uint32_t grid[3] = {};
  ASSERT_EQ(tile_library_check(library, "saxpy<1024>", args, 3, grid), 0)
      << tile_last_error();
  EXPECT_EQ(grid[0], 5u);
  EXPECT_EQ(grid[1], 1u);
  EXPECT_EQ(grid[2], 1u);
  EXPECT_STREQ(tile_last_error(), "");
  // The entry symbol names the kernel as well as the C++ name.
  EXPECT_EQ(tile_library_check(library, "saxpy_1024", args, 3, nullptr), 0);
}

TEST_F(CApiTest, ChecksATwoDimensionalPieceWithAnIntegerScalar) {
  tile_arg args[] = {tensor(0x10000, "bf16", {130, 33}),
                     tensor(0x80000, "bf16", {130, 33}), intScalar("i32", 33)};
  uint32_t grid[3] = {};
  ASSERT_EQ(tile_library_check(library, "scale<64, 32>", args, 3, grid), 0)
      << tile_last_error();
  EXPECT_EQ(grid[0], 3u);
  EXPECT_EQ(grid[1], 2u);
}

TEST_F(CApiTest, RejectsAnOverlappingOutputWithTheRuntimesMessage) {
  tile_arg args[] = {tensor(0x10000, "f32", {5000}),
                     tensor(0x10000, "f32", {5000}), floatScalar("f32", 1.0)};
  EXPECT_EQ(tile_library_check(library, "saxpy<1024>", args, 3, nullptr), -1);
  EXPECT_TRUE(contains(tile_last_error(), "both an output piece"))
      << tile_last_error();
}

TEST_F(CApiTest, RejectsAWrongElementType) {
  tile_arg args[] = {tensor(0x10000, "f16", {5000}),
                     tensor(0x20000, "f32", {5000}), floatScalar("f32", 1.0)};
  EXPECT_EQ(tile_library_check(library, "saxpy<1024>", args, 3, nullptr), -1);
  EXPECT_TRUE(contains(tile_last_error(), "f16")) << tile_last_error();
}

TEST_F(CApiTest, RejectsAnUnknownKernelListingTheKernels) {
  EXPECT_EQ(tile_library_check(library, "gemm", nullptr, 0, nullptr), -1);
  EXPECT_TRUE(contains(tile_last_error(), "gemm")) << tile_last_error();
  EXPECT_TRUE(contains(tile_last_error(), "saxpy<1024>")) << tile_last_error();
}

TEST_F(CApiTest, RejectsArgumentsItCannotRepresent) {
  tile_arg rank = tensor(0x10000, "f32", {4});
  rank.rank = TILE_MAX_RANK + 1;
  tile_arg wide = intScalar("i32", int64_t(1) << 40);
  tile_arg wideByte = intScalar("i8", 200);
  tile_arg wideShort = intScalar("i16", -40000);
  tile_arg negativeUnsigned = intScalar("u32", -1);
  tile_arg wideUnsigned = intScalar("u16", 70000);
  tile_arg unknownType = tensor(0x10000, "f8", {4});
  tile_arg unknownKind = floatScalar("f32", 1.0);
  unknownKind.kind = 7;
  tile_arg noType = floatScalar("f32", 1.0);
  noType.dtype = nullptr;
  const std::pair<tile_arg, const char *> cases[] = {
      {rank, "rank 9"},
      {wide, "does not fit in 32 bits"},
      {wideByte, "the i8 scalar 200 does not fit in 8 bits"},
      {wideShort, "the i16 scalar -40000 does not fit in 16 bits"},
      {negativeUnsigned, "the u32 scalar -1 does not fit in 32 bits"},
      {wideUnsigned, "the u16 scalar 70000 does not fit in 16 bits"},
      {unknownType, "f8"},
      {unknownKind, "unknown kind 7"},
      {noType, "no dtype"}};
  for (const auto &[arg, message] : cases) {
    tile_arg args[] = {tensor(0x10000, "bf16", {64, 32}),
                       tensor(0x80000, "bf16", {64, 32}), arg};
    EXPECT_EQ(tile_library_check(library, "scale<64, 32>", args, 3, nullptr),
              -1);
    EXPECT_TRUE(contains(tile_last_error(), "argument 2: ")) << message;
    EXPECT_TRUE(contains(tile_last_error(), message)) << tile_last_error();
  }
}

TEST_F(CApiTest, RejectsAScalarOfTheOtherSignedness) {
  // scale's scalar is an int32_t (i32): a u32 of the same bits is refused,
  // so that a launch cannot mix up signedness.
  tile_arg args[] = {tensor(0x10000, "bf16", {64, 32}),
                     tensor(0x80000, "bf16", {64, 32}), intScalar("u32", 33)};
  EXPECT_EQ(tile_library_check(library, "scale<64, 32>", args, 3, nullptr), -1);
  EXPECT_TRUE(contains(tile_last_error(), "is i32, got a scalar of u32"))
      << tile_last_error();
}

TEST_F(CApiTest, ANullArgumentArrayIsAnError) {
  EXPECT_EQ(tile_library_check(library, "saxpy<1024>", nullptr, 3, nullptr),
            -1);
  EXPECT_TRUE(contains(tile_last_error(), "no argument array"));
}

TEST(CApiOpen, AMissingManifestIsAnErrorNamingIt) {
  EXPECT_EQ(tile_library_open("/nonexistent/saxpy.json", "/nonexistent"),
            nullptr);
  EXPECT_TRUE(contains(tile_last_error(), "/nonexistent/saxpy.json"))
      << tile_last_error();
  EXPECT_EQ(tile_library_open(nullptr, nullptr), nullptr);
  EXPECT_TRUE(contains(tile_last_error(), "no manifest path"));
}

TEST_F(CApiTest, ACorruptCubinIsNotOpened) {
  std::ofstream(dir / (key + ".cubin"), std::ios::binary) << "tampered";
  EXPECT_EQ(tile_library_open(manifest.c_str(), dir.c_str()), nullptr);
  EXPECT_TRUE(contains(tile_last_error(), key + ".cubin")) << tile_last_error();
}

TEST(CApiHandles, NullHandlesAreHarmless) {
  tile_library_close(nullptr);
  EXPECT_EQ(tile_library_kernel_count(nullptr), 0);
  EXPECT_EQ(tile_library_kernel_name(nullptr, 0), nullptr);
  EXPECT_STREQ(tile_library_target(nullptr), "");
  EXPECT_EQ(tile_library_check(nullptr, "saxpy", nullptr, 0, nullptr), -1);
}
