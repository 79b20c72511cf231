//===- KernelListTest.cpp - Reading and checking an entry's kernels -------===//

#include "tile/formats/CacheEntry.h"
#include "tile/formats/Sha256.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace tile::formats;
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

const std::string kKey(64, 'a');

/// The JSON of entry kKey with the kernels `kernels`.
std::string entryWith(const json &kernels) {
  return json{{"format", 1},
              {"key", kKey},
              {"cubin", {{"size", 3}, {"sha256", sha256Hex("abc")}}},
              {"kernels", kernels}}
      .dump();
}

/// The kernels of entry kKey with the kernels `kernels`; fails the test if
/// they do not read.
std::vector<KernelRecord> readKernels(const json &kernels) {
  EntryRecord entry;
  EntryProblem problem = readEntry(entryWith(kernels), kKey, entry);
  EXPECT_FALSE(problem) << problem.reason;
  return entry.kernels;
}

/// The one kernel `kernel` describes.
KernelRecord readKernel(const json &kernel) {
  std::vector<KernelRecord> kernels = readKernels(json::array({kernel}));
  return kernels.empty() ? KernelRecord() : kernels.front();
}

/// What is wrong with the entry of the one kernel `kernel`, or "parsed".
std::string failure(const json &kernel) {
  EntryRecord entry;
  EntryProblem problem =
      readEntry(entryWith(json::array({kernel})), kKey, entry);
  if (!problem)
    return "parsed";
  EXPECT_EQ(problem.kind, CorruptionKind::MalformedKernels);
  return problem.reason;
}

} // namespace

TEST(KernelList, ParsesEveryField) {
  KernelRecord info = readKernel(saxpy());
  EXPECT_EQ(info.name, "saxpy<1024>");
  EXPECT_EQ(info.launch.entry, "saxpy_1024");
  EXPECT_EQ(info.launch.block, (std::array<unsigned, 3>{128, 1, 1}));
  EXPECT_EQ(info.launch.sharedBytes, 256u);
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
  EXPECT_FALSE(info.launch.gridDependency);
}

TEST(KernelList, ReadsWhetherTheKernelWaitsForTheGridBeforeIt) {
  json kernel = saxpy();
  kernel["grid_dependency"] = true;
  EXPECT_TRUE(readKernel(kernel).launch.gridDependency);
  kernel["grid_dependency"] = false;
  EXPECT_FALSE(readKernel(kernel).launch.gridDependency);
  kernel["grid_dependency"] = "yes";
  EXPECT_NE(failure(kernel).find("malformed kernel metadata for 'saxpy<1024>'"),
            std::string::npos)
      << failure(kernel);
}

TEST(KernelList, RejectsUnknownTypesAndKinds) {
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

TEST(KernelList, RejectsMissingAndMistypedFields) {
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

TEST(KernelList, RejectsUnlaunchableBlocks) {
  json kernel = saxpy();
  kernel["block"] = {0, 1, 1};
  EXPECT_NE(failure(kernel).find("is not launchable"), std::string::npos);
  kernel["block"] = {64, 32, 1};
  EXPECT_NE(failure(kernel).find("64x32x1 threads is not launchable"),
            std::string::npos);
  // Extents whose product wraps around 64 bits.
  kernel["block"] = {4294967295u, 4294967295u, 4294967295u};
  EXPECT_NE(failure(kernel).find("\"block\" of 4294967295 (0 to 1024)"),
            std::string::npos)
      << failure(kernel);
  kernel["block"] = {-1, 1, 1};
  EXPECT_NE(failure(kernel).find("\"block\" of -1"), std::string::npos)
      << failure(kernel);
  // The largest int64_t is an integer like others, out of range.
  kernel["block"] = {9223372036854775807u, 1, 1};
  EXPECT_NE(failure(kernel).find("\"block\" of 9223372036854775807 (0 to "
                                 "1024)"),
            std::string::npos)
      << failure(kernel);
  // The bounds themselves are in range.
  kernel["block"] = {1024, 1, 1};
  EXPECT_EQ(failure(kernel), "parsed");
  kernel["block"] = {128, 1};
  EXPECT_NE(failure(kernel).find("the block is not 3 extents"),
            std::string::npos)
      << failure(kernel);
}

TEST(KernelList, RejectsInconsistentPieces) {
  json kernel = saxpy();
  kernel["params"][0]["tile"] = {32, 32};
  EXPECT_NE(failure(kernel).find("has rank 1 but 2 tile extents"),
            std::string::npos)
      << failure(kernel);
  kernel["params"][0]["tile"] = {0};
  EXPECT_NE(failure(kernel).find("has a \"tile\" of 0"), std::string::npos)
      << failure(kernel);
  kernel["params"][0]["rank"] = 4;
  kernel["params"][0]["tile"] = {1, 1, 1, 1};
  EXPECT_NE(failure(kernel).find("a piece has 1 to 3 dimensions"),
            std::string::npos);
  kernel = saxpy();
  kernel["params"][1]["rank"] = 0;
  EXPECT_NE(failure(kernel).find("parameter 'x' has a \"rank\" of 0"),
            std::string::npos)
      << failure(kernel);
  kernel["params"][1]["rank"] = 4294967297;
  EXPECT_NE(failure(kernel).find("parameter 'x' has a \"rank\" of 4294967297"),
            std::string::npos)
      << failure(kernel);
  kernel["params"][1]["rank"] = 1.5;
  EXPECT_NE(failure(kernel).find("that is not an integer"), std::string::npos)
      << failure(kernel);
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

TEST(KernelList, ParsesTensorMapsAndTheFallbackEntry) {
  KernelRecord info = readKernel(linearWithMaps());
  ASSERT_EQ(info.tensorMaps.size(), 2u);
  EXPECT_EQ(info.tensorMaps[0].view, 1u);
  EXPECT_EQ(info.tensorMaps[0].box, (std::vector<uint32_t>{128, 64}));
  EXPECT_EQ(info.tensorMaps[1].view, 2u);
  EXPECT_EQ(info.tensorMaps[1].box, (std::vector<uint32_t>{256, 64}));
  EXPECT_EQ(info.tensorMaps[1].swizzle, 128u);
  ASSERT_TRUE(info.fallback);
  EXPECT_EQ(info.fallback->entry, "linear_copies");
  EXPECT_EQ(info.fallback->sharedBytes, 196608u);
  EXPECT_FALSE(info.fallback->gridDependency);
  // A kernel without maps has no fallback.
  EXPECT_FALSE(readKernel(saxpy()).fallback);
}

TEST(KernelList, ParsesTensorMapsOfViewsOfThreeDimensions) {
  json kernel = linearWithMaps();
  kernel["params"][2]["rank"] = 3;
  kernel["tensor_maps"][1]["box"] = {1, 64, 64};
  KernelRecord info = readKernel(kernel);
  ASSERT_EQ(info.tensorMaps.size(), 2u);
  EXPECT_EQ(info.tensorMaps[1].box, (std::vector<uint32_t>{1, 64, 64}));
}

TEST(KernelList, ReadsEverySwizzle) {
  for (unsigned swizzle : {32u, 64u, 128u}) {
    json kernel = linearWithMaps();
    kernel["tensor_maps"][0]["swizzle"] = swizzle;
    EXPECT_EQ(readKernel(kernel).tensorMaps[0].swizzle, swizzle);
  }
}

TEST(KernelList, RejectsTensorMapsThatDescribeNoView) {
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
  kernel["tensor_maps"][1]["box"] = {257, 64};
  EXPECT_NE(failure(kernel).find("a box extent of 257 (1 to 256)"),
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
  EXPECT_NE(failure(kernel).find("\"block\" of 2048 (0 to 1024)"),
            std::string::npos)
      << failure(kernel);
}

TEST(KernelList, ChecksTunedReplacements) {
  json written = saxpy();
  written["tuned"] = {
      {{"device", "NVIDIA H100 80GB HBM3"}, {"kernel", "saxpy<2048>"}}};
  json replacement = saxpy();
  replacement["name"] = "saxpy<2048>";
  replacement["entry"] = "saxpy_2048";
  replacement["params"][0]["tile"] = {2048};
  std::vector<KernelRecord> kernels =
      readKernels(json::array({written, replacement}));
  ASSERT_EQ(kernels.size(), 2u);
  ASSERT_EQ(kernels[0].tuned.size(), 1u);
  EXPECT_EQ(kernels[0].tuned[0].kernel, "saxpy<2048>");

  EntryRecord entry;
  EntryProblem lacks =
      readEntry(entryWith(json::array({written})), kKey, entry);
  EXPECT_EQ(lacks.kind, CorruptionKind::MalformedKernels);
  EXPECT_EQ(lacks.reason, "kernel 'saxpy<1024>' is replaced on NVIDIA H100 "
                          "80GB HBM3 by 'saxpy<2048>', which the entry lacks");
  replacement["params"][1]["dtype"] = "bf16";
  EntryProblem other =
      readEntry(entryWith(json::array({written, replacement})), kKey, entry);
  EXPECT_NE(other.reason.find("which the entry has with other parameters"),
            std::string::npos)
      << other.reason;
}

TEST(KernelList, RejectsScalarsOfTypeI1AndEightBitFloats) {
  json kernel = saxpy();
  kernel["params"][2]["dtype"] = "i1";
  EXPECT_NE(failure(kernel).find("is a scalar of type i1"), std::string::npos)
      << failure(kernel);
  kernel["params"][2]["dtype"] = "f8e4m3";
  EXPECT_NE(failure(kernel).find("is a scalar of type f8e4m3, which the ABI "
                                 "does not pass"),
            std::string::npos)
      << failure(kernel);
  kernel["params"][2]["dtype"] = "i8";
  EXPECT_EQ(failure(kernel), "parsed");
}

namespace {

/// histogram<4096>(Piece<const int32_t, 4096> x, Atomic<int32_t> counts,
/// int32_t bins): an input piece, an atomic output and a scalar.
json histogram() {
  return json::parse(R"({
    "name": "histogram<4096>", "entry": "histogram_4096",
    "block": [128, 1, 1],
    "params": [
      {"name": "x", "kind": "input_piece", "dtype": "i32", "rank": 1,
       "tile": [4096]},
      {"name": "counts", "kind": "atomic", "dtype": "i32", "rank": 1},
      {"name": "bins", "kind": "scalar", "dtype": "i32"}]})");
}

} // namespace

TEST(KernelList, NamesEveryKind) {
  EXPECT_STREQ(paramKindName(ParamKind::Piece), "piece");
  EXPECT_STREQ(paramKindName(ParamKind::InputPiece), "input_piece");
  EXPECT_STREQ(paramKindName(ParamKind::View), "view");
  EXPECT_STREQ(paramKindName(ParamKind::Atomic), "atomic");
  EXPECT_STREQ(paramKindName(ParamKind::Scalar), "scalar");
  // Input and output pieces give the grid; nothing else does.
  EXPECT_TRUE(isPartitioned(ParamKind::Piece));
  EXPECT_TRUE(isPartitioned(ParamKind::InputPiece));
  EXPECT_FALSE(isPartitioned(ParamKind::View));
  EXPECT_FALSE(isPartitioned(ParamKind::Atomic));
  EXPECT_FALSE(isPartitioned(ParamKind::Scalar));
}

TEST(KernelList, ParsesInputPiecesAndAtomicOutputs) {
  KernelRecord info = readKernel(histogram());
  ASSERT_EQ(info.params.size(), 3u);
  EXPECT_EQ(info.params[0].kind, ParamKind::InputPiece);
  EXPECT_EQ(info.params[0].dtype, "i32");
  EXPECT_EQ(info.params[0].rank, 1);
  EXPECT_EQ(info.params[0].tile, std::vector<int64_t>{4096});
  EXPECT_EQ(info.params[1].kind, ParamKind::Atomic);
  EXPECT_EQ(info.params[1].dtype, "i32");
  EXPECT_EQ(info.params[1].rank, 1);
  EXPECT_TRUE(info.params[1].tile.empty());
  // Every element type but i1, at every rank from 1 to 3.
  for (const char *dtype : {"f32", "f16", "bf16", "i32", "i64"})
    for (int rank : {1, 2, 3}) {
      json kernel = histogram();
      kernel["params"][1]["dtype"] = dtype;
      kernel["params"][1]["rank"] = rank;
      EXPECT_EQ(failure(kernel), "parsed") << dtype << " " << rank;
    }
  // An input piece of bool, as a mask, is read like any other.
  json masks = histogram();
  masks["params"][0]["dtype"] = "i1";
  masks["params"][0]["rank"] = 2;
  masks["params"][0]["tile"] = {8, 64};
  EXPECT_EQ(failure(masks), "parsed");
}

TEST(KernelList, WritesInputPiecesAndAtomicOutputsAsItReadsThem) {
  EntryRecord written;
  written.key = kKey;
  written.cubin = {3, sha256Hex("abc")};
  KernelRecord kernel;
  kernel.name = "histogram<64, 32>";
  kernel.launch = {"histogram_64_32", {128, 1, 1}, 0, true};
  kernel.params = {{"x", ParamKind::InputPiece, "bf16", 2, {64, 32}},
                   {"counts", ParamKind::Atomic, "f32", 3, {}}};
  written.kernels = {kernel};
  std::string text = writeEntryJson(written, JsonLayout::Compact);
  json params = json::parse(text)["kernels"][0]["params"];
  EXPECT_EQ(params[0],
            json::parse(R"({"name": "x", "kind": "input_piece", "dtype":
                            "bf16", "rank": 2, "tile": [64, 32]})"));
  // An atomic output has a rank and no tile.
  EXPECT_EQ(params[1], json::parse(R"({"name": "counts", "kind": "atomic",
                                       "dtype": "f32", "rank": 3})"));
  EntryRecord read;
  ASSERT_FALSE(readEntry(text, kKey, read)) << text;
  ASSERT_EQ(read.kernels.size(), 1u);
  const std::vector<ParamRecord> &back = read.kernels[0].params;
  ASSERT_EQ(back.size(), 2u);
  for (size_t i = 0; i < back.size(); ++i) {
    EXPECT_EQ(back[i].name, kernel.params[i].name);
    EXPECT_EQ(back[i].kind, kernel.params[i].kind);
    EXPECT_EQ(back[i].dtype, kernel.params[i].dtype);
    EXPECT_EQ(back[i].rank, kernel.params[i].rank);
    EXPECT_EQ(back[i].tile, kernel.params[i].tile);
  }
}

TEST(KernelList, RejectsMalformedAtomicOutputs) {
  json kernel = histogram();
  kernel["params"][1]["rank"] = 0;
  EXPECT_NE(failure(kernel).find("parameter 'counts' has a \"rank\" of 0 (1 "
                                 "to 3)"),
            std::string::npos)
      << failure(kernel);
  kernel["params"][1]["rank"] = 4;
  EXPECT_NE(failure(kernel).find("parameter 'counts' has a \"rank\" of 4 (1 "
                                 "to 3)"),
            std::string::npos)
      << failure(kernel);
  kernel = histogram();
  kernel["params"][1].erase("rank");
  EXPECT_NE(failure(kernel).find("malformed kernel metadata for "
                                 "'histogram<4096>'"),
            std::string::npos)
      << failure(kernel);
  kernel = histogram();
  kernel["params"][1]["dtype"] = "i1";
  EXPECT_NE(failure(kernel).find("parameter 'counts' is an atomic output of "
                                 "i1, which atomics do not update"),
            std::string::npos)
      << failure(kernel);
  for (const char *narrow : {"i8", "i16", "f8e5m2"}) {
    kernel["params"][1]["dtype"] = narrow;
    EXPECT_NE(failure(kernel).find(std::string("is an atomic output of ") +
                                   narrow + ", which atomics do not update"),
              std::string::npos)
        << failure(kernel);
  }
}

TEST(KernelList, RejectsMalformedInputPieces) {
  json kernel = histogram();
  kernel["params"][0].erase("tile");
  EXPECT_NE(failure(kernel).find("malformed kernel metadata for "
                                 "'histogram<4096>'"),
            std::string::npos)
      << failure(kernel);
  kernel = histogram();
  kernel["params"][0]["tile"] = {64, 64};
  EXPECT_NE(failure(kernel).find("parameter 'x' has rank 1 but 2 tile "
                                 "extents"),
            std::string::npos)
      << failure(kernel);
  kernel["params"][0]["tile"] = {0};
  EXPECT_NE(failure(kernel).find("parameter 'x' has a \"tile\" of 0"),
            std::string::npos)
      << failure(kernel);
  kernel["params"][0]["rank"] = 4;
  kernel["params"][0]["tile"] = {1, 1, 1, 1};
  EXPECT_NE(failure(kernel).find("parameter 'x' has rank 4; a piece has 1 to "
                                 "3 dimensions"),
            std::string::npos)
      << failure(kernel);
  kernel["params"][0]["rank"] = 0;
  kernel["params"][0]["tile"] = json::array();
  EXPECT_NE(failure(kernel).find("parameter 'x' has a \"rank\" of 0"),
            std::string::npos)
      << failure(kernel);
}

TEST(KernelList, ATunedReplacementKeepsEachParameterKind) {
  json written = histogram();
  written["tuned"] = {
      {{"device", "NVIDIA H100 80GB HBM3"}, {"kernel", "histogram<2048>"}}};
  json replacement = histogram();
  replacement["name"] = "histogram<2048>";
  replacement["entry"] = "histogram_2048";
  replacement["params"][0]["tile"] = {2048};
  EXPECT_EQ(readKernels(json::array({written, replacement})).size(), 2u);
  // An input piece is not an output piece, nor an atomic output a view.
  for (auto [index, kind] : {std::pair{0, "piece"}, std::pair{1, "view"}}) {
    json other = replacement;
    other["params"][index]["kind"] = kind;
    EntryRecord entry;
    EntryProblem problem =
        readEntry(entryWith(json::array({written, other})), kKey, entry);
    EXPECT_NE(problem.reason.find("which the entry has with other parameters"),
              std::string::npos)
        << problem.reason;
  }
}
