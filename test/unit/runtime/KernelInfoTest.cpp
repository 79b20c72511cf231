//===- KernelInfoTest.cpp - Parsing and validating kernel metadata --------===//

#include "tile/runtime/KernelInfo.h"
#include "tile/runtime/Error.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace tile::rt;
using nlohmann::json;

namespace {

json saxpy() {
  return json::parse(R"({
    "name": "saxpy<1024>", "entry": "saxpy_1024", "block": [128, 1, 1],
    "shared_bytes": 256,
    "params": [
      {"name": "y", "kind": "piece", "dtype": "f32", "rank": 1, "tile": [1024]},
      {"name": "x", "kind": "view", "dtype": "f32", "rank": 1},
      {"name": "a", "kind": "scalar", "dtype": "f32"}]})");
}

/// The message KernelInfo::fromJson fails with.
std::string failure(const json &kernel) {
  try {
    KernelInfo::fromJson(kernel);
  } catch (const Error &e) {
    return e.what();
  }
  return "parsed";
}

} // namespace

TEST(KernelInfo, ParsesEveryField) {
  KernelInfo info = KernelInfo::fromJson(saxpy());
  EXPECT_EQ(info.name, "saxpy<1024>");
  EXPECT_EQ(info.entry, "saxpy_1024");
  EXPECT_EQ(info.block, (std::array<unsigned, 3>{128, 1, 1}));
  EXPECT_EQ(info.sharedBytes, 256u);
  ASSERT_EQ(info.params.size(), 3u);
  EXPECT_EQ(info.params[0].name, "y");
  EXPECT_EQ(info.params[0].kind, ParamKind::Piece);
  EXPECT_EQ(info.params[0].dtype, "f32");
  EXPECT_EQ(info.params[0].rank, 1);
  EXPECT_EQ(info.params[0].tile, std::vector<int64_t>{1024});
  EXPECT_EQ(info.params[1].kind, ParamKind::View);
  EXPECT_EQ(info.params[1].rank, 1);
  EXPECT_EQ(info.params[2].kind, ParamKind::Scalar);
  EXPECT_EQ(info.params[2].rank, 0);
  // Metadata from before grid dependency control: launched plainly.
  EXPECT_FALSE(info.gridDependency);
}

TEST(KernelInfo, ReadsWhetherTheKernelWaitsForTheGridBeforeIt) {
  json kernel = saxpy();
  kernel["grid_dependency"] = true;
  EXPECT_TRUE(KernelInfo::fromJson(kernel).gridDependency);
  kernel["grid_dependency"] = false;
  EXPECT_FALSE(KernelInfo::fromJson(kernel).gridDependency);
  kernel["grid_dependency"] = "yes";
  EXPECT_NE(failure(kernel).find("malformed kernel metadata for 'saxpy<1024>'"),
            std::string::npos)
      << failure(kernel);
}

TEST(KernelInfo, RejectsUnknownTypesAndKinds) {
  json kernel = saxpy();
  kernel["params"][1]["dtype"] = "f64";
  EXPECT_NE(failure(kernel).find("malformed kernel metadata for "
                                 "'saxpy<1024>': parameter 'x' has an unknown "
                                 "element type 'f64'"),
            std::string::npos)
      << failure(kernel);
  kernel = saxpy();
  kernel["params"][1]["kind"] = "tensor";
  EXPECT_NE(failure(kernel).find("unknown parameter kind 'tensor'"),
            std::string::npos)
      << failure(kernel);
}

TEST(KernelInfo, RejectsMissingAndMistypedFields) {
  json kernel = saxpy();
  kernel.erase("entry");
  EXPECT_NE(failure(kernel).find("malformed kernel metadata for 'saxpy<1024>'"),
            std::string::npos)
      << failure(kernel);
  kernel = saxpy();
  kernel["block"] = "128";
  EXPECT_NE(failure(kernel).find("malformed kernel metadata"),
            std::string::npos);
  kernel = saxpy();
  kernel["params"][0].erase("tile");
  EXPECT_NE(failure(kernel).find("malformed kernel metadata"),
            std::string::npos);
}

TEST(KernelInfo, RejectsUnlaunchableBlocks) {
  json kernel = saxpy();
  kernel["block"] = {0, 1, 1};
  EXPECT_NE(failure(kernel).find("is not launchable"), std::string::npos);
  kernel["block"] = {64, 32, 1};
  EXPECT_NE(failure(kernel).find("64x32x1 threads is not launchable"),
            std::string::npos);
}

TEST(KernelInfo, RejectsInconsistentPieces) {
  json kernel = saxpy();
  kernel["params"][0]["tile"] = {32, 32};
  EXPECT_NE(failure(kernel).find("has rank 1 but 2 tile extents"),
            std::string::npos)
      << failure(kernel);
  kernel["params"][0]["tile"] = {0};
  EXPECT_NE(failure(kernel).find("has a tile extent of 0"), std::string::npos);
  kernel["params"][0]["rank"] = 4;
  kernel["params"][0]["tile"] = {1, 1, 1, 1};
  EXPECT_NE(failure(kernel).find("a piece has 1 to 3 dimensions"),
            std::string::npos);
  kernel = saxpy();
  kernel["params"][1]["rank"] = 0;
  EXPECT_NE(failure(kernel).find("parameter 'x' has rank 0"),
            std::string::npos);
}

namespace {

/// linear(Piece out, View x, View w, i32 k) with a tensor map of each view
/// and its fallback entry.
json linearWithMaps() {
  return json::parse(R"({
    "name": "linear<tile::bf16, 128, 256, 64>", "entry": "linear",
    "block": [256, 1, 1], "shared_bytes": 196672, "grid_dependency": true,
    "params": [
      {"name": "out", "kind": "piece", "dtype": "bf16", "rank": 2,
       "tile": [128, 256]},
      {"name": "x", "kind": "view", "dtype": "bf16", "rank": 2},
      {"name": "w", "kind": "view", "dtype": "bf16", "rank": 2},
      {"name": "k", "kind": "scalar", "dtype": "i32"}],
    "tensor_maps": [{"view": 1, "box": [128, 64], "swizzle": 128},
                    {"view": 2, "box": [256, 64], "swizzle": 128}],
    "fallback": {"entry": "linear_copies", "block": [256, 1, 1],
                 "shared_bytes": 196608, "grid_dependency": false}})");
}

} // namespace

TEST(KernelInfo, ParsesTensorMapsAndTheFallbackEntry) {
  KernelInfo info = KernelInfo::fromJson(linearWithMaps());
  ASSERT_EQ(info.tensorMaps.size(), 2u);
  EXPECT_EQ(info.tensorMaps[0].view, 1u);
  EXPECT_EQ(info.tensorMaps[0].box, (std::vector<uint32_t>{128, 64}));
  EXPECT_EQ(info.tensorMaps[1].view, 2u);
  EXPECT_EQ(info.tensorMaps[1].box, (std::vector<uint32_t>{256, 64}));
  EXPECT_EQ(info.tensorMaps[1].swizzle, 128u);
  ASSERT_TRUE(info.fallback);
  EXPECT_EQ(info.fallback->entry, "linear_copies");
  EXPECT_EQ(info.fallback->name, info.name);
  EXPECT_EQ(info.fallback->sharedBytes, 196608u);
  EXPECT_FALSE(info.fallback->gridDependency);
  EXPECT_EQ(info.fallback->params.size(), 4u);
  EXPECT_TRUE(info.fallback->tensorMaps.empty());
  // A kernel without maps has no fallback.
  EXPECT_FALSE(KernelInfo::fromJson(saxpy()).fallback);
}

TEST(KernelInfo, ParsesTensorMapsOfViewsOfThreeDimensions) {
  json kernel = linearWithMaps();
  kernel["params"][2]["rank"] = 3;
  kernel["tensor_maps"][1]["box"] = {1, 64, 64};
  KernelInfo info = KernelInfo::fromJson(kernel);
  EXPECT_EQ(info.tensorMaps[1].box, (std::vector<uint32_t>{1, 64, 64}));
}

TEST(KernelInfo, RejectsTensorMapsThatDescribeNoView) {
  json kernel = linearWithMaps();
  kernel["tensor_maps"][0]["view"] = 3;
  EXPECT_NE(
      failure(kernel).find("tensor map of parameter 3: not a view parameter"),
      std::string::npos)
      << failure(kernel);
  kernel["tensor_maps"][0]["view"] = 9;
  EXPECT_NE(failure(kernel).find("not a view parameter"), std::string::npos);
  kernel = linearWithMaps();
  kernel["tensor_maps"][1]["box"] = {1, 256, 64};
  EXPECT_NE(failure(kernel).find("a box of 3 extents for a view of rank 2 "
                                 "(one per dimension, 2 to 5)"),
            std::string::npos)
      << failure(kernel);
  kernel = linearWithMaps();
  kernel["tensor_maps"][1]["box"] = {512, 64};
  EXPECT_NE(failure(kernel).find("a box extent of 512 (1 to 256)"),
            std::string::npos)
      << failure(kernel);
  kernel = linearWithMaps();
  kernel["tensor_maps"][1]["swizzle"] = 16;
  EXPECT_NE(failure(kernel).find("a swizzle of 16 bytes (32, 64 or 128)"),
            std::string::npos)
      << failure(kernel);
  kernel = linearWithMaps();
  kernel.erase("fallback");
  EXPECT_NE(failure(kernel).find("takes tensor maps but names no fallback"),
            std::string::npos)
      << failure(kernel);
  kernel = linearWithMaps();
  kernel["fallback"]["block"] = {2048, 1, 1};
  EXPECT_NE(failure(kernel).find("is not launchable"), std::string::npos);
}
