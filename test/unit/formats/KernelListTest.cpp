//===- KernelListTest.cpp - Reading and checking an entry's kernels -------===//

#include "tile/formats/CacheEntry.h"
#include "tile/formats/Sha256.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <limits>

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

TEST(KernelList, ReadsHowManyProgramsWalkThePieces) {
  json kernel = saxpy();
  EXPECT_EQ(readKernel(kernel).launch.persistent, 0u);
  kernel["persistent"] = 4;
  EXPECT_EQ(readKernel(kernel).launch.persistent, 4u);
  for (json bad : {json(0), json(33), json("1"), json(-1)}) {
    kernel["persistent"] = bad;
    EXPECT_NE(failure(kernel).find("\"persistent\""), std::string::npos)
        << failure(kernel);
  }
}

TEST(KernelList, RejectsUnknownTypesAndKinds) {
  json kernel = saxpy();
  kernel["params"][1]["dtype"] = "f128";
  EXPECT_NE(failure(kernel).find("malformed kernel metadata for "
                                 "'saxpy<1024>': parameter 'x' has an unknown "
                                 "element type 'f128'"),
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

TEST(KernelList, ReadsScalarsOfEveryIntegerAndFloatType) {
  // Unsigned C++ scalars are u8 ... u64, so that a launch with the other
  // signedness is refused.
  for (const char *dtype : {"f16", "bf16", "f32", "f64", "i8", "i16", "i32",
                            "i64", "u8", "u16", "u32", "u64"}) {
    json kernel = saxpy();
    kernel["params"][2]["dtype"] = dtype;
    EXPECT_EQ(failure(kernel), "parsed") << dtype;
  }
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
  // Every element type that atomics update, at every rank from 1 to 3.
  for (const char *dtype :
       {"f32", "f64", "f16", "bf16", "i32", "i64", "u32", "u64"})
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
  for (const char *narrow : {"i8", "i16", "u8", "u16", "f8e5m2"}) {
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

namespace {

/// scale<64>(Piece<float, 64> y, View<float, 2> x, int32_t n, float a) with
/// the precondition `n % 16 == 0`.
json scaleRequiring() {
  return json::parse(R"({
    "name": "scale<64>", "entry": "scale_64", "block": [64, 1, 1],
    "params": [
      {"name": "y", "kind": "piece", "dtype": "f32", "rank": 1, "tile": [64]},
      {"name": "x", "kind": "view", "dtype": "f32", "rank": 2},
      {"name": "n", "kind": "scalar", "dtype": "i32"},
      {"name": "a", "kind": "scalar", "dtype": "f32"}],
    "preconditions": [{"text": "n % 16 == 0", "nodes": [
      ["param", "i32", 2], ["const", "i32", 16], ["rem", "i32", 0, 1],
      ["const", "i32", 0], ["eq", "i1", 2, 3]]}]})");
}

/// scaleRequiring() with the one precondition `text`, of nodes `nodes`.
json scaleRequiring(const std::string &text, const json &nodes) {
  json kernel = scaleRequiring();
  kernel["preconditions"] = {{{"text", text}, {"nodes", nodes}}};
  return kernel;
}

/// What is wrong with the precondition `text` of nodes `nodes`, after the
/// kernel's name, or "parsed".
std::string preconditionFailure(const std::string &text, const json &nodes) {
  std::string message = failure(scaleRequiring(text, nodes));
  std::string prefix = "malformed kernel metadata for 'scale<64>': ";
  return message.starts_with(prefix) ? message.substr(prefix.size()) : message;
}

} // namespace

TEST(KernelList, ReadsPreconditions) {
  KernelRecord info = readKernel(scaleRequiring());
  ASSERT_EQ(info.preconditions.size(), 1u);
  const PreconditionRecord &precondition = info.preconditions[0];
  EXPECT_EQ(precondition.text, "n % 16 == 0");
  ASSERT_EQ(precondition.nodes.size(), 5u);
  EXPECT_EQ(precondition.nodes[0].op, "param");
  EXPECT_EQ(precondition.nodes[0].type, "i32");
  EXPECT_EQ(precondition.nodes[0].operands, std::vector<int64_t>{2});
  EXPECT_EQ(precondition.nodes[2].op, "rem");
  EXPECT_EQ(precondition.nodes[2].operands, (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(precondition.nodes[4].op, "eq");
  EXPECT_EQ(precondition.nodes[4].type, "i1");
  // A kernel without preconditions has none.
  EXPECT_TRUE(readKernel(saxpy()).preconditions.empty());
}

TEST(KernelList, WritesPreconditionsAsItReadsThem) {
  EntryRecord written;
  written.key = kKey;
  written.cubin = {3, sha256Hex("abc")};
  KernelRecord kernel = readKernel(scaleRequiring());
  // `x.size(1) == n ? n >> 2 != 0 : (int8_t)n < -1`, exercising every kind
  // of node: sizes, casts, shifts, selects, constants at their bounds.
  kernel.preconditions.push_back(
      {"x.size(1) == n ? n >> 2 != 0 : (int8_t)n < -1",
       {{"size", "i64", {1, 1}},
        {"param", "i32", {2}},
        {"cast", "i64", {1}},
        {"eq", "i1", {0, 2}},
        {"const", "i32", {2}},
        {"shr", "i32", {1, 4}},
        {"const", "i32", {0}},
        {"ne", "i1", {5, 6}},
        {"cast", "i8", {1}},
        {"const", "i8", {-1}},
        {"lt", "i1", {8, 9}},
        {"select", "i1", {3, 7, 10}},
        {"const", "i64", {std::numeric_limits<int64_t>::min()}},
        {"const", "i64", {std::numeric_limits<int64_t>::max()}},
        {"le", "i1", {12, 13}},
        {"not", "i1", {14}},
        {"xor", "i1", {11, 15}}}});
  written.kernels = {kernel, readKernel(saxpy())};
  std::string text = writeEntryJson(written, JsonLayout::Compact);
  json kernels = json::parse(text)["kernels"];
  EXPECT_EQ(kernels[0]["preconditions"][0],
            scaleRequiring()["preconditions"][0]);
  EXPECT_EQ(kernels[0]["preconditions"][1]["nodes"][0],
            json::parse(R"(["size", "i64", 1, 1])"));
  // No key for a kernel without preconditions.
  EXPECT_FALSE(kernels[1].contains("preconditions"));

  EntryRecord read;
  ASSERT_FALSE(readEntry(text, kKey, read)) << text;
  ASSERT_EQ(read.kernels.size(), 2u);
  const std::vector<PreconditionRecord> &back = read.kernels[0].preconditions;
  ASSERT_EQ(back.size(), kernel.preconditions.size());
  for (size_t p = 0; p < back.size(); ++p) {
    EXPECT_EQ(back[p].text, kernel.preconditions[p].text);
    ASSERT_EQ(back[p].nodes.size(), kernel.preconditions[p].nodes.size());
    for (size_t i = 0; i < back[p].nodes.size(); ++i) {
      EXPECT_EQ(back[p].nodes[i].op, kernel.preconditions[p].nodes[i].op);
      EXPECT_EQ(back[p].nodes[i].type, kernel.preconditions[p].nodes[i].type);
      EXPECT_EQ(back[p].nodes[i].operands,
                kernel.preconditions[p].nodes[i].operands);
    }
  }
  EXPECT_TRUE(read.kernels[1].preconditions.empty());
}

TEST(KernelList, RejectsPreconditionNodesOfUnknownOpsOrTypes) {
  EXPECT_EQ(
      failure(scaleRequiring("n ** 2 == 0", json::parse(R"([["param", "i32", 2],
                                     ["pow", "i32", 0, 0]])"))),
      "malformed kernel metadata for 'scale<64>': precondition `n ** 2 "
      "== 0`: node 1 has an unknown op 'pow'");
  EXPECT_EQ(preconditionFailure("n", json::parse(R"([["param", "u32", 2]])")),
            "precondition `n`: node 0 has an unknown type 'u32' (i1, i8, "
            "i16, i32 or i64)");
  EXPECT_EQ(preconditionFailure("1.5", json::parse(R"([["const", "f32", 1]])")),
            "precondition `1.5`: node 0 has an unknown type 'f32' (i1, i8, "
            "i16, i32 or i64)");
}

TEST(KernelList, RejectsMalformedPreconditionNodes) {
  EXPECT_EQ(preconditionFailure("n % 16", json::parse(R"([["param", "i32", 2],
              ["const", "i32", 16], ["rem", "i32", 0, 1, 1]])")),
            "precondition `n % 16`: node 2 ('rem') takes 2 operands, got 3");
  EXPECT_EQ(preconditionFailure("!n", json::parse(R"([["param", "i32", 2],
              ["not", "i32"]])")),
            "precondition `!n`: node 1 ('not') takes 1 operand, got 0");
  EXPECT_EQ(preconditionFailure("n", json::parse(R"([["param"]])")),
            "precondition `n`: node 0 is not [op, type, operands...]");
  EXPECT_EQ(preconditionFailure("n", json::parse(R"([{"op": "param"}])")),
            "precondition `n`: node 0 is not [op, type, operands...]");
  EXPECT_EQ(preconditionFailure("n", json::parse(R"([["param", "i32", "n"]])")),
            "precondition `n`: node 0 has an operand, \"n\", that is not a "
            "64-bit integer");
  EXPECT_EQ(preconditionFailure(
                "n", json::parse(R"([["const", "i64", 9223372036854775808]])")),
            "precondition `n`: node 0 has an operand, 9223372036854775808, "
            "that is not a 64-bit integer");
  EXPECT_EQ(preconditionFailure("true", json::array()),
            "precondition `true` has no nodes");
  json kernel = scaleRequiring();
  kernel["preconditions"] = {{"text", "n"}};
  EXPECT_NE(failure(kernel).find("its \"preconditions\" is not a list"),
            std::string::npos)
      << failure(kernel);
  kernel = scaleRequiring();
  kernel["preconditions"][0].erase("text");
  EXPECT_NE(failure(kernel).find("malformed kernel metadata for 'scale<64>'"),
            std::string::npos)
      << failure(kernel);
}

TEST(KernelList, RejectsPreconditionNodesThatReadNoEarlierNode) {
  EXPECT_EQ(preconditionFailure("n == 16", json::parse(R"([
              ["param", "i32", 2], ["eq", "i1", 0, 2], ["const", "i32", 16]])")),
            "precondition `n == 16`: node 1 ('eq', i1) reads node 2, which "
            "does not come before it");
  EXPECT_EQ(preconditionFailure("!b", json::parse(R"([["not", "i1", 0]])")),
            "precondition `!b`: node 0 ('not', i1) reads node 0, which does "
            "not come before it");
  EXPECT_EQ(preconditionFailure("!b", json::parse(R"([["const", "i1", 0],
              ["not", "i1", -1]])")),
            "precondition `!b`: node 1 ('not', i1) reads node -1, which does "
            "not come before it");
}

TEST(KernelList, RejectsPreconditionOperandsOfOtherTypes) {
  // n is i32, x.size(1) i64: C++ would have cast n.
  EXPECT_EQ(preconditionFailure("x.size(1) + n > 0", json::parse(R"([
              ["size", "i64", 1, 1], ["param", "i32", 2],
              ["add", "i64", 0, 1]])")),
            "precondition `x.size(1) + n > 0`: node 2 ('add', i64) reads "
            "node 1 of type i32, not i64");
  EXPECT_EQ(preconditionFailure("x.size(1) == n", json::parse(R"([
              ["size", "i64", 1, 1], ["param", "i32", 2], ["eq", "i1", 0, 1]])")),
            "precondition `x.size(1) == n`: node 2 ('eq', i1) compares node "
            "0 of type i64 with node 1 of type i32");
  EXPECT_EQ(preconditionFailure("n == n", json::parse(R"([
              ["param", "i32", 2], ["eq", "i32", 0, 0]])")),
            "precondition `n == n`: node 1 ('eq', i32) is not i1, the type "
            "of a comparison");
  EXPECT_EQ(preconditionFailure("n ? n : n", json::parse(R"([
              ["param", "i32", 2], ["select", "i32", 0, 0, 0]])")),
            "precondition `n ? n : n`: node 1 ('select', i32) reads node 0 "
            "of type i32, not i1");
  EXPECT_EQ(preconditionFailure("b ? n : 1", json::parse(R"([
              ["const", "i1", 1], ["param", "i32", 2], ["const", "i64", 1],
              ["select", "i32", 0, 1, 2]])")),
            "precondition `b ? n : 1`: node 3 ('select', i32) reads node 2 "
            "of type i64, not i32");
  EXPECT_EQ(preconditionFailure("~n", json::parse(R"([
              ["param", "i32", 2], ["not", "i64", 0]])")),
            "precondition `~n`: node 1 ('not', i64) reads node 0 of type i32, "
            "not i64");
  // A cast takes any integer type to any.
  EXPECT_EQ(preconditionFailure("(bool)x.size(0)", json::parse(R"([
              ["size", "i64", 1, 0], ["cast", "i1", 0]])")),
            "parsed");
}

TEST(KernelList, RejectsPreconditionsOnParametersTheyCannotRead) {
  EXPECT_EQ(preconditionFailure("a", json::parse(R"([["param", "f32", 3]])")),
            "precondition `a`: node 0 has an unknown type 'f32' (i1, i8, "
            "i16, i32 or i64)");
  EXPECT_EQ(preconditionFailure("a", json::parse(R"([["param", "i32", 3]])")),
            "precondition `a`: node 0 ('param', i32) reads parameter 'a', a "
            "scalar of f32; 'param' reads an integer scalar");
  EXPECT_EQ(preconditionFailure("x", json::parse(R"([["param", "i64", 1]])")),
            "precondition `x`: node 0 ('param', i64) reads parameter 'x' of "
            "kind 'view'; 'param' reads an integer scalar");
  EXPECT_EQ(preconditionFailure("n", json::parse(R"([["param", "i64", 2]])")),
            "precondition `n`: node 0 ('param', i64) reads parameter 'n' of "
            "type i32; the node has its parameter's type");
  EXPECT_EQ(preconditionFailure("m", json::parse(R"([["param", "i32", 4]])")),
            "precondition `m`: node 0 ('param', i32) reads parameter 4; the "
            "kernel has 4");
  EXPECT_EQ(preconditionFailure("n.size(0)",
                                json::parse(R"([["size", "i64", 2, 0]])")),
            "precondition `n.size(0)`: node 0 ('size', i64) reads parameter "
            "'n' of kind 'scalar'; 'size' reads a tensor");
  EXPECT_EQ(preconditionFailure("x.size(2)",
                                json::parse(R"([["size", "i64", 1, 2]])")),
            "precondition `x.size(2)`: node 0 ('size', i64) reads dimension "
            "2 of parameter 'x', which has rank 2");
  EXPECT_EQ(preconditionFailure("x.size(-1)",
                                json::parse(R"([["size", "i64", 1, -1]])")),
            "precondition `x.size(-1)`: node 0 ('size', i64) reads dimension "
            "-1 of parameter 'x', which has rank 2");
  EXPECT_EQ(preconditionFailure("x.size(0)",
                                json::parse(R"([["size", "i32", 1, 0]])")),
            "precondition `x.size(0)`: node 0 ('size', i32) is not i64, the "
            "type of a size");
  // A piece's sizes are read like a view's.
  EXPECT_EQ(preconditionFailure("y.size(0) > 0", json::parse(R"([
              ["size", "i64", 0, 0], ["const", "i64", 0], ["gt", "i1", 0, 1]])")),
            "parsed");
}

TEST(KernelList, RejectsPreconditionConstantsOutsideTheirType) {
  EXPECT_EQ(preconditionFailure("c", json::parse(R"([["const", "i8", 128],
              ["cast", "i1", 0]])")),
            "precondition `c`: node 0 ('const', i8) holds 128, which is not "
            "an i8 (-128 to 127)");
  EXPECT_EQ(preconditionFailure("c", json::parse(R"([["const", "i32",
              -2147483649], ["cast", "i1", 0]])")),
            "precondition `c`: node 0 ('const', i32) holds -2147483649, "
            "which is not an i32 (-2147483648 to 2147483647)");
  EXPECT_EQ(preconditionFailure("c", json::parse(R"([["const", "i1", 2]])")),
            "precondition `c`: node 0 ('const', i1) holds 2, which is not an "
            "i1 (0 to 1)");
  EXPECT_EQ(preconditionFailure("c", json::parse(R"([["const", "i1", -1]])")),
            "precondition `c`: node 0 ('const', i1) holds -1, which is not an "
            "i1 (0 to 1)");
  // The bounds themselves are in range.
  EXPECT_EQ(preconditionFailure("c", json::parse(R"([["const", "i8", -128],
              ["const", "i16", 32767], ["const", "i1", 1]])")),
            "parsed");
}

TEST(KernelList, RejectsAPreconditionWhoseConditionIsNotI1) {
  EXPECT_EQ(preconditionFailure("n % 16", json::parse(R"([["param", "i32", 2],
              ["const", "i32", 16], ["rem", "i32", 0, 1]])")),
            "precondition `n % 16`: its last node, the condition, is i32, not "
            "i1");
}
