//===- ModelShapesTest.cpp - The engine on shapes of no preset ------------===//
//
// Small random Qwen3 models whose head counts and head_dim no preset has
// (any ratio of query to key/value heads, head_dim 64, 128 and 256), or
// with YaRN's rope_scaling, run by the engine in host mode on its
// attention-input kernel for any heads and rotary frequencies, and
// checked against the float64 reference: a prefill of two blocks of
// queries, then decode steps over the KV cache, in bf16 and in f32.
//
//===----------------------------------------------------------------------===//

#include "LogitsCheck.h"
#include "ReferenceForward.h"
#include "SmallCheckpoint.h"

#include "qwen3/Model.h"

#include <gtest/gtest.h>

#include <ostream>
#include <string>

using namespace qwen3;
using tile::rt::Device;

namespace {

/// A model's shapes, kept small: one or two layers of a narrow width.
struct Shapes {
  const char *name;
  int64_t heads, kvHeads, headDim, hidden, layers;
  bool tied;
  /// config.json's rope_scaling, if any.
  const char *ropeScaling = "null";

  std::string configJson() const {
    return R"({"model_type": "qwen3", "vocab_size": 300, "hidden_size": )" +
           std::to_string(hidden) +
           R"(, "intermediate_size": 96, "num_hidden_layers": )" +
           std::to_string(layers) + R"(, "num_attention_heads": )" +
           std::to_string(heads) + R"(, "num_key_value_heads": )" +
           std::to_string(kvHeads) + R"(, "head_dim": )" +
           std::to_string(headDim) +
           R"(, "max_position_embeddings": 128, "rope_theta": 10000.0,
               "rms_norm_eps": 1e-06, "tie_word_embeddings": )" +
           (tied ? "true" : "false") + R"(, "rope_scaling": )" + ropeScaling +
           "}";
  }
};

void PrintTo(const Shapes &shapes, std::ostream *out) { *out << shapes.name; }

class ModelShapesTest : public ::testing::TestWithParam<Shapes> {};

} // namespace

TEST_P(ModelShapesTest, PrefillAndDecodeMatchTheReference) {
  test::TemporaryCheckpoint written(GetParam().configJson(),
                                    std::string("shapes-") + GetParam().name);
  const Checkpoint &checkpoint = written.checkpoint();
  // 70 tokens of prefill: two blocks of queries, the second ragged.
  std::vector<int32_t> tokens = test::randomTokens(73, 7);
  for (int32_t &token : tokens)
    token %= 300;
  for (const char *dtype : {"bf16", "f32"}) {
    bool bf16 = std::string(dtype) == "bf16";
    auto reference = test::referenceLogits(checkpoint, tokens, 70,
                                           bf16 ? test::Activations::Bf16
                                                : test::Activations::F32);
    double tolerance = bf16 ? test::kTolerance : test::kF32Tolerance;
    Model model = Model::load(Device::host(), checkpoint, 80, {},
                              {.dtype = tile::rt::DType(dtype)});
    test::expectNearReference(
        model, model.forward(std::span(tokens).first(70), 0, Logits::All),
        reference, 0, tolerance);
    for (size_t t = 70; t < tokens.size(); ++t)
      test::expectNearReference(
          model, model.forward(std::span(tokens).subspan(t, 1), int64_t(t)),
          reference, t, tolerance);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Heads, ModelShapesTest,
    ::testing::Values(Shapes{"q6_kv2_d128", 6, 2, 128, 64, 2, true},
                      Shapes{"q12_kv4_d128", 12, 4, 128, 64, 1, false},
                      Shapes{"q4_kv1_d64", 4, 1, 64, 64, 2, false},
                      Shapes{"q16_kv2_d64", 16, 2, 64, 64, 1, true},
                      Shapes{"q3_kv3_d64", 3, 3, 64, 96, 1, true},
                      Shapes{"q4_kv2_d256", 4, 2, 256, 64, 2, true},
                      Shapes{"q40_kv5_d64", 40, 5, 64, 64, 1, false},
                      // YaRN over an original context of 32 positions, so
                      // that the tests' positions reach past it: the
                      // presets' heads, on the kernel for any.
                      Shapes{"yarn_q4_kv2_d128", 4, 2, 128, 64, 2, true,
                             R"({"rope_type": "yarn", "factor": 4.0,
                                 "original_max_position_embeddings": 32})"},
                      Shapes{"yarn_options_q6_kv2_d64", 6, 2, 64, 64, 1, true,
                             R"({"type": "yarn", "factor": 3.0,
                                 "original_max_position_embeddings": 40,
                                 "beta_fast": 16, "beta_slow": 2,
                                 "mscale": 1.0, "mscale_all_dim": 0.5,
                                 "truncate": false})"},
                      Shapes{"yarn_attention_factor_q4_kv4_d256", 4, 4, 256, 64,
                             1, false,
                             R"({"rope_type": "yarn", "factor": 2.0,
                                 "attention_factor": 1.25})"}),
    [](const ::testing::TestParamInfo<Shapes> &info) {
      return std::string(info.param.name);
    });
