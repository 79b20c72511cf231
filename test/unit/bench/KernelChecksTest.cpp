//===- KernelChecksTest.cpp - The spec of the GPU harnesses' cases --------===//

#include "KernelChecks.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <functional>

using namespace tile::bench;
using Json = nlohmann::ordered_json;

namespace {

/// A small spec of two cases, one per harness, that the tests change.
Json smallSpec() {
  return Json::parse(R"({
    "tolerance": {"f32": 1e-5, "bf16": 1e-2},
    "shapes": {
      "rows": {"dims": ["rows", "columns"], "benchmark": [[1024, 4096]],
               "check": [[1, 1], [7, 4097]]}
    },
    "cases": [
      {"name": "norm", "harnesses": ["gpu_examples", "torch_harness"],
       "manifest": "norms", "kernels": ["norm<4096>"], "shapes": "rows",
       "seed": 10, "exact": ["gpu_examples"],
       "reads": [["bf16", "rows", "columns"], ["bf16", "columns"]],
       "writes": [["bf16", "rows", "columns"]]},
      {"name": "top", "harnesses": ["torch_harness"], "manifest": "top",
       "kernels": ["top<2048>"], "shapes": "rows", "seed": 20,
       "fixed": {"k": 64}, "timed": false,
       "reads": [["f32", "rows", "columns"]],
       "writes": [["i32", "rows", {"ceil_div": ["columns", 2048]}, "k"]],
       "flops": [[2, "rows", "columns"], ["k"]]}
    ]})");
}

/// The message with which `spec` is refused.
std::string refusal(const Json &spec) {
  try {
    KernelChecks::parse(spec.dump(), "spec.json");
  } catch (const std::exception &e) {
    return e.what();
  }
  return "(accepted)";
}

std::string refusal(const std::function<void(Json &)> &change) {
  Json spec = smallSpec();
  change(spec);
  return refusal(spec);
}

TEST(KernelChecks, ReadsCasesShapesAndModels) {
  KernelChecks checks = KernelChecks::parse(smallSpec().dump(), "spec.json");
  ASSERT_EQ(checks.cases.size(), 2u);
  const KernelCase &norm = checks.cases[0];
  EXPECT_EQ(norm.kernels, std::vector<std::string>{"norm<4096>"});
  ASSERT_EQ(norm.benchmark.size(), 1u);
  EXPECT_EQ(norm.benchmark[0].str(), "rows=1024 columns=4096");
  EXPECT_EQ(norm.check[1]["columns"], 4097);
  EXPECT_EQ(norm.bytesAt(norm.check[1]), 2.0 * (7 * 4097 * 2 + 4097));
  EXPECT_EQ(norm.flopsAt(norm.check[1]), 0);
  EXPECT_TRUE(norm.exactIn("gpu_examples"));
  EXPECT_FALSE(norm.exactIn("torch_harness"));
  EXPECT_EQ(checks.tolerance("bf16"), 1e-2);
  EXPECT_EQ(checks.tolerance("f16"), 0) << "no tolerance: exact";

  // Fixed dimensions join every shape; untimed cases have no benchmark.
  const KernelCase &top = checks.cases[1];
  EXPECT_TRUE(top.benchmark.empty());
  EXPECT_EQ(top.check[1].str(), "rows=7 columns=4097 k=64");
  EXPECT_EQ(top.bytesAt(top.check[1]), 4.0 * 7 * 4097 + 4.0 * 7 * 3 * 64);
  EXPECT_EQ(top.flopsAt(top.check[1]), 2.0 * 7 * 4097 + 64);
  EXPECT_EQ(checks.casesOf("gpu_examples").size(), 1u);
  EXPECT_EQ(checks.casesOf("torch_harness").size(), 2u);
}

TEST(KernelChecks, ShapeNamesAMissingDimension) {
  KernelChecks checks = KernelChecks::parse(smallSpec().dump(), "spec.json");
  try {
    (void)checks.cases[0].check[0]["tokens"];
    FAIL() << "no error";
  } catch (const std::exception &e) {
    EXPECT_STREQ(e.what(),
                 "the shape rows=1 columns=1 has no dimension 'tokens'");
  }
}

TEST(KernelChecks, CoverageProblemsNameBothSides) {
  KernelChecks checks = KernelChecks::parse(smallSpec().dump(), "spec.json");
  EXPECT_TRUE(
      checks.coverageProblems("torch_harness", {"norm", "top"}).empty());
  EXPECT_EQ(checks.coverageProblems("gpu_examples", {"top", "extra"}),
            (std::vector<std::string>{
                "case 'norm' names gpu_examples, which has no such case",
                "gpu_examples has case 'extra', which is not in spec.json",
                "gpu_examples has case 'top', which is not in spec.json for "
                "gpu_examples"}));
}

TEST(KernelChecks, RefusesMalformedSpecs) {
  EXPECT_EQ(refusal([](Json &s) { s.erase("cases"); }),
            "spec.json: missing \"cases\"");
  EXPECT_EQ(refusal([](Json &s) { s["case"] = 1; }),
            "spec.json: unknown key \"case\" (known: tolerance, shapes, "
            "cases, about)");
  EXPECT_EQ(refusal([](Json &s) { s["tolerance"]["f8"] = 0.5; }),
            "spec.json: tolerance: unknown element type \"f8\" (types: f32, "
            "f64, f16, bf16, f8e4m3, f8e5m2, i8, i16, i32, i64, u8, u16, u32, "
            "u64, i1)");
  EXPECT_EQ(refusal([](Json &s) {
              s["shapes"]["rows"]["check"][1] = Json::array({7});
            }),
            "spec.json: shape set \"rows\": check[1]: expected 2 values, one "
            "per dimension (rows, columns), found 1");
  EXPECT_EQ(refusal([](Json &s) { s["shapes"]["rows"]["check"][0][0] = -1; }),
            "spec.json: shape set \"rows\": check[0]: expected a whole number "
            ">= 0, found the number -1");
  EXPECT_EQ(
      refusal([](Json &s) { s["shapes"]["unused"] = s["shapes"]["rows"]; }),
      "spec.json: shape set \"unused\" is used by no case");
  EXPECT_EQ(refusal([](Json &s) { s["cases"][0]["shapes"] = "row"; }),
            "spec.json: case 'norm': shapes: expected the name of a shape set "
            "(rows), found the string \"row\"");
  EXPECT_EQ(
      refusal([](Json &s) { s["cases"][0]["harnesses"] = Json::array(); }),
      "spec.json: case 'norm': harnesses: expected at least one string");
  EXPECT_EQ(refusal([](Json &s) { s["cases"][1]["exact"] = {"gpu_examples"}; }),
            "spec.json: case 'top': exact names gpu_examples, which does not "
            "run the case");
  EXPECT_EQ(refusal([](Json &s) { s["cases"][0]["reads"][1][1] = "cols"; }),
            "spec.json: case 'norm': reads[1]: \"cols\" is not a dimension of "
            "the case's shapes (rows, columns)");
  EXPECT_EQ(refusal([](Json &s) { s["cases"][0]["writes"][0][0] = "float"; }),
            "spec.json: case 'norm': writes[0]: the first entry is the element "
            "type, one of f32, f64, f16, bf16, f8e4m3, f8e5m2, i8, i16, i32, "
            "i64, u8, u16, u32, u64, i1; "
            "found the string "
            "\"float\"");
  EXPECT_EQ(refusal([](Json &s) { s["cases"][1]["flops"][0][0] = 2.5; }),
            "spec.json: case 'top': flops[0]: a factor is a number >= 0, a "
            "dimension or {\"ceil_div\": [dimension, number]}, found the "
            "number 2.5");
  EXPECT_EQ(refusal([](Json &s) { s["cases"][1]["fixed"]["rows"] = 3; }),
            "spec.json: case 'top': fixed: \"rows\" is a dimension of shape "
            "set \"rows\" already");
  EXPECT_EQ(refusal([](Json &s) { s["cases"][1]["seed"] = 10; }),
            "spec.json: case 'top': seed 10 is taken by case 'norm'; give "
            "each case its own");
  EXPECT_EQ(refusal([](Json &s) { s["cases"][1]["name"] = "norm"; }),
            "spec.json: case 'norm': a second case of that name");
  EXPECT_EQ(refusal([](Json &s) { s["cases"][0]["timed"] = 1; }),
            "spec.json: case 'norm': timed: expected true or false");
  EXPECT_EQ(refusal([](Json &s) { s["cases"][0].erase("name"); }),
            "spec.json: cases[0]: missing \"name\"");
  try {
    KernelChecks::parse("{\"cases\": [", "spec.json");
    FAIL() << "no error";
  } catch (const std::exception &e) {
    EXPECT_EQ(std::string(e.what()).rfind("spec.json: not JSON: ", 0), 0u)
        << e.what();
  }
}

TEST(KernelChecks, ReadsTheRepositorysSpec) {
  KernelChecks checks = KernelChecks::load(TILE_KERNEL_CHECKS_SPEC);
  EXPECT_FALSE(checks.casesOf("gpu_examples").empty());
  EXPECT_FALSE(checks.casesOf("torch_harness").empty());
  for (const KernelCase &c : checks.cases)
    for (const Shape &shape : c.check)
      EXPECT_GT(c.bytesAt(shape), 0) << c.name << " " << shape.str();
}

} // namespace
