//===- ModelTest.cpp - The engine's forward pass in host mode -------------===//
//
// A small random Qwen3 (two layers, four query and two key/value heads of
// width 128, the shapes the engine's tiny default has) written as a
// checkpoint, run by the engine in host mode, and checked against the
// float64 reference: prefill of a chunk longer than one attention block,
// prefill in chunks, and decode one token at a time over the KV cache; in
// bf16 against a reference that rounds where the engine does, and in f32
// against the model's exact arithmetic.
//
//===----------------------------------------------------------------------===//

#include "LogitsCheck.h"
#include "ReferenceForward.h"
#include "SmallCheckpoint.h"

#include "qwen3/Error.h"
#include "qwen3/Model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>

using namespace qwen3;
using tile::rt::Device;
using tile::rt::Tensor;

namespace {

constexpr int64_t kVocab = test::kSmallVocab;

using test::kF32Tolerance;
using test::kTolerance;

class ModelTest : public ::testing::Test {
protected:
  Model load(int64_t maxSeqLen, tile::rt::DType dtype = "bf16",
             Products products = Products::Library) {
    return Model::load(Device::host(), checkpoint, maxSeqLen, {},
                       {.dtype = dtype, .products = products});
  }

  static void expectNear(Model &model, const Tensor &logits,
                         const std::vector<std::vector<double>> &reference,
                         size_t first, double tolerance = kTolerance) {
    test::expectNearReference(model, logits, reference, first, tolerance);
  }

  const Checkpoint &checkpoint = test::smallCheckpoint();
};

/// An element type the engine computes in and whose products of several
/// rows it runs, with the reference it answers to and the error allowed
/// against it.
struct Precision {
  const char *name;
  const char *dtype;
  Products products;
  test::Activations activations;
  double tolerance;
};

class ModelAccuracyTest : public ModelTest,
                          public ::testing::WithParamInterface<Precision> {};

} // namespace

TEST_P(ModelAccuracyTest, PrefillMatchesTheFloat64Reference) {
  // 70 tokens: two blocks of queries, the second ragged.
  std::vector<int32_t> tokens = test::randomTokens(70, 1);
  auto reference =
      test::referenceLogits(checkpoint, tokens, 70, GetParam().activations);
  Model model = load(128, GetParam().dtype, GetParam().products);
  Tensor logits = model.forward(tokens, 0, Logits::All);
  ASSERT_EQ(logits.shape(), (std::vector<int64_t>{70, kVocab}));
  expectNear(model, logits, reference, 0, GetParam().tolerance);
}

TEST_P(ModelAccuracyTest, ChunkedPrefillAndDecodeMatchTheReference) {
  std::vector<int32_t> tokens = test::randomTokens(24, 2);
  auto reference =
      test::referenceLogits(checkpoint, tokens, 16, GetParam().activations);
  Model model = load(32, GetParam().dtype, GetParam().products);
  double tolerance = GetParam().tolerance;
  // 9 tokens, then 7 after them, then one at a time.
  Tensor first = model.forward(std::span(tokens).first(9), 0, Logits::All);
  expectNear(model, first, reference, 0, tolerance);
  Tensor second =
      model.forward(std::span(tokens).subspan(9, 7), 9, Logits::All);
  expectNear(model, second, reference, 9, tolerance);
  for (size_t position = 16; position < tokens.size(); ++position) {
    Tensor step = model.forward(std::span(tokens).subspan(position, 1),
                                int64_t(position));
    expectNear(model, step, reference, position, tolerance);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Dtypes, ModelAccuracyTest,
    ::testing::Values(Precision{"bf16", "bf16", Products::Library,
                                test::Activations::Bf16, kTolerance},
                      Precision{"bf16_blas", "bf16", Products::Blas,
                                test::Activations::Bf16, kTolerance},
                      Precision{"f32", "f32", Products::Library,
                                test::Activations::F32, kF32Tolerance}),
    [](const ::testing::TestParamInfo<Precision> &info) {
      return std::string(info.param.name);
    });

TEST_F(ModelTest, F32RoundsNoActivation) {
  // The f32 engine against the reference that rounds as bf16 does: further
  // off than against the exact one, so the mode does not round to bf16.
  std::vector<int32_t> tokens = test::randomTokens(24, 6);
  auto rounded = test::referenceLogits(checkpoint, tokens, 24);
  auto exact =
      test::referenceLogits(checkpoint, tokens, 24, test::Activations::F32);
  Model model = load(32, "f32");
  std::vector<float> values =
      model.forward(tokens, 0, Logits::All).toHost<float>(model.stream());
  auto error = [&](const std::vector<std::vector<double>> &reference) {
    double squares = 0, norm = 0;
    for (size_t t = 0; t < tokens.size(); ++t)
      for (size_t i = 0; i < size_t(kVocab); ++i) {
        double difference =
            double(values[t * size_t(kVocab) + i]) - reference[t][i];
        squares += difference * difference;
        norm += reference[t][i] * reference[t][i];
      }
    return std::sqrt(squares / norm);
  };
  EXPECT_LT(100 * error(exact), error(rounded));
}

TEST_F(ModelTest, RejectsDtypesItDoesNotComputeIn) {
  try {
    load(8, "f16");
    FAIL() << "f16 is not a dtype of the engine";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("bf16 or f32, not f16"),
              std::string::npos)
        << e.what();
  }
}

TEST_F(ModelTest, LastLogitsAreTheLastRow) {
  std::vector<int32_t> tokens = test::randomTokens(5, 3);
  Model model = load(8);
  Tensor all = model.forward(tokens, 0, Logits::All);
  Tensor last = model.forward(tokens, 0, Logits::Last);
  ASSERT_EQ(last.shape(), (std::vector<int64_t>{1, kVocab}));
  std::vector<float> allValues = all.toHost<float>(model.stream());
  std::vector<float> lastValues = last.toHost<float>(model.stream());
  // The same products, but BLAS may sum a one-row product in another order.
  for (size_t i = 0; i < size_t(kVocab); ++i)
    ASSERT_NEAR(lastValues[i], allValues[4 * size_t(kVocab) + i], 1e-5) << i;
}

// The roofline's bytes: each position the step reads adds its keys and
// values; the first step reads every weight but the embedding table's rows
// it does not look up (the small checkpoint's LM head is its own).
TEST_F(ModelTest, ADecodeStepReadsItsWeightsAndTheCacheToItsPosition) {
  Model model = load(8);
  const Config &config = checkpoint.config();
  double kvBytesPerPosition = 2.0 * double(config.numLayers) *
                              double(config.numKvHeads) *
                              double(config.headDim) * 2.0;
  EXPECT_DOUBLE_EQ(model.decodeStepBytes(5) - model.decodeStepBytes(4),
                   kvBytesPerPosition);
  // Every weight in bf16, less the embedding table unless it is the head.
  double weights = 0;
  for (const SafeTensorsFile &file : checkpoint.files())
    for (const TensorInfo &tensor : file.tensors())
      weights += double(tensor.numel()) * 2;
  double embedding =
      config.tieWordEmbeddings
          ? 0
          : double(config.vocabSize) * double(config.hiddenSize) * 2;
  EXPECT_DOUBLE_EQ(model.decodeStepBytes(0),
                   weights - embedding + kvBytesPerPosition);
}

TEST_F(ModelTest, DeviceArgmaxPicksTheLargestLogit) {
  std::vector<int32_t> tokens = test::randomTokens(6, 4);
  Model model = load(8);
  Tensor logits = model.forward(tokens, 0, Logits::All);
  std::vector<float> values = logits.toHost<float>(model.stream());
  std::vector<int32_t> ids =
      model.argmax(logits.view()).toHost<int32_t>(model.stream());
  ASSERT_EQ(ids.size(), 6u);
  for (size_t r = 0; r < 6; ++r) {
    auto row = values.begin() + long(r * size_t(kVocab));
    EXPECT_EQ(ids[r], int32_t(std::max_element(row, row + kVocab) - row));
  }
}

TEST_F(ModelTest, TopKCandidatesHoldTheLargestLogits) {
  std::vector<int32_t> tokens = test::randomTokens(3, 5);
  Model model = load(8);
  Tensor logits = model.forward(tokens, 0, Logits::All);
  std::vector<float> values = logits.toHost<float>(model.stream());
  auto [candidateValues, candidateIds] = model.topKCandidates(logits.view());
  std::vector<float> found = candidateValues.toHost<float>(model.stream());
  std::vector<int32_t> ids = candidateIds.toHost<int32_t>(model.stream());
  size_t places = ids.size() / 3;
  for (size_t r = 0; r < 3; ++r) {
    const float *row = &values[r * size_t(kVocab)];
    std::vector<float> sorted(row, row + kVocab);
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    std::vector<float> kept;
    for (size_t i = 0; i < places; ++i) {
      int32_t id = ids[r * places + i];
      if (id < 0)
        continue;
      ASSERT_LT(id, kVocab);
      ASSERT_EQ(found[r * places + i], row[id]);
      kept.push_back(row[id]);
    }
    std::sort(kept.begin(), kept.end(), std::greater<>());
    ASSERT_GE(kept.size(), size_t(Model::kMaxTopK));
    for (size_t i = 0; i < size_t(Model::kMaxTopK); ++i)
      EXPECT_EQ(kept[i], sorted[i]) << "row " << r << ", place " << i;
  }
}

TEST_F(ModelTest, ProfilesEveryKernelOfItsPasses) {
  Model model = load(8);
  std::vector<int32_t> tokens = test::randomTokens(6, 6);
  model.startProfile();
  model.forward(std::span(tokens).first(5), 0);
  model.forward(std::span(tokens).subspan(5, 1), 5);
  std::vector<KernelTime> times = model.takeProfile();
  auto find = [&](const std::string &name) -> const KernelTime * {
    for (const KernelTime &time : times)
      if (time.name == name)
        return &time;
    return nullptr;
  };
  // Two passes of two layers: the prefill's four products per layer on the
  // library's linear, the decode step's on gemv (the tiny model's outputs
  // are all narrow: two rows per program), and the logits of the last token
  // of each on BLAS (in host mode; gemv_f32 on a GPU).
  ASSERT_NE(find("linear<tile::bf16, 128, 256, 64, 16>"), nullptr);
  EXPECT_EQ(find("linear<tile::bf16, 128, 256, 64, 16>")->calls, 8);
  EXPECT_EQ(find("BLAS product, bf16 out"), nullptr);
  ASSERT_NE(find("embedding<tile::bf16, 1024>"), nullptr);
  EXPECT_EQ(find("embedding<tile::bf16, 1024>")->calls, 2);
  ASSERT_NE(find("gemv<tile::bf16, 2, 1024>"), nullptr);
  EXPECT_EQ(find("gemv<tile::bf16, 2, 1024>")->calls, 8);
  ASSERT_NE(find("BLAS product, f32 out"), nullptr);
  EXPECT_EQ(find("BLAS product, f32 out")->calls, 2);
  ASSERT_NE(find("prefill_attention<tile::bf16, 64, 64, 128>"), nullptr);
  EXPECT_EQ(find("prefill_attention<tile::bf16, 64, 64, 128>")->calls, 2);
  ASSERT_NE(find("decode_attention_split<tile::bf16, 64, 128>"), nullptr);
  EXPECT_EQ(find("decode_attention_split<tile::bf16, 64, 128>")->calls, 2);
  for (size_t i = 0; i < times.size(); ++i) {
    EXPECT_GE(times[i].milliseconds, 0.0) << times[i].name;
    if (i > 0)
      EXPECT_GE(times[i - 1].milliseconds, times[i].milliseconds);
  }
  // Taking the profile ends it.
  model.forward(std::span(tokens).subspan(5, 1), 5);
  EXPECT_TRUE(model.takeProfile().empty());
}

TEST_F(ModelTest, BlasProductsRunThePrefillsProductsOnTheBlas) {
  Model model = load(8, "bf16", Products::Blas);
  std::vector<int32_t> tokens = test::randomTokens(5, 6);
  model.startProfile();
  model.forward(tokens, 0);
  std::vector<KernelTime> times = model.takeProfile();
  auto calls = [&](const std::string &name) {
    for (const KernelTime &time : times)
      if (time.name == name)
        return time.calls;
    return int64_t(0);
  };
  EXPECT_EQ(calls("BLAS product, bf16 out"), 8);
  EXPECT_EQ(calls("linear<tile::bf16, 128, 256, 64, 16>"), 0);
}

TEST_F(ModelTest, RejectsPositionsPastTheCache) {
  Model model = load(8);
  std::vector<int32_t> tokens = test::randomTokens(9, 5);
  try {
    model.forward(tokens, 0);
    FAIL() << "nine tokens fit a cache of eight positions";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("--max-seq-len"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(model.forward(std::span(tokens).first(1), 8), Error);
  EXPECT_THROW(model.forward(std::span(tokens).first(0), 0), Error);
}

TEST_F(ModelTest, ACacheThatDoesNotFitIsAClearError) {
  // 512 GB a tensor: more than the machine has, which the allocation says
  // unless the kernel hands out memory it does not have (and the fill would
  // meet the out-of-memory killer instead).
  std::ifstream overcommit("/proc/sys/vm/overcommit_memory");
  int policy = 0;
  if (overcommit >> policy && policy == 1)
    GTEST_SKIP() << "the kernel overcommits memory without limit";
  try {
    load(1'000'000'000);
    FAIL() << "a cache of a billion positions was allocated";
  } catch (const Error &e) {
    std::string message = e.what();
    EXPECT_NE(message.find("KV cache of 1000000000 positions"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("--max-seq-len"), std::string::npos) << message;
  }
  EXPECT_THROW(load(0), Error);
  EXPECT_THROW(load(int64_t(1) << 31), Error);
}

TEST_F(ModelTest, RunsFewerHeadsThanItsKernelsTile) {
  // Two query heads on the kernel for four, as Qwen3-14B's 40 run on 64.
  test::TemporaryCheckpoint twoHeads(R"({
    "model_type": "qwen3", "vocab_size": 300, "hidden_size": 256,
    "intermediate_size": 512, "num_hidden_layers": 2,
    "num_attention_heads": 2, "num_key_value_heads": 2, "head_dim": 128,
    "max_position_embeddings": 64, "rope_theta": 1000000.0,
    "rms_norm_eps": 1e-06, "tie_word_embeddings": false})",
                                     "model-test-2-heads");
  std::vector<int32_t> tokens = {7, 299, 0, 150, 42, 42, 3};
  auto reference = test::referenceLogits(twoHeads.checkpoint(), tokens, 5);
  Model model = Model::load(Device::host(), twoHeads.checkpoint(), 16, {});
  expectNear(model, model.forward(std::span(tokens).first(5), 0, Logits::All),
             reference, 0);
  for (size_t t = 5; t < tokens.size(); ++t)
    expectNear(model,
               model.forward(std::span(tokens).subspan(t, 1), int64_t(t)),
               reference, t);
}

namespace {

/// The message of loading a random checkpoint of `configJson` in host mode.
std::string loadError(const std::string &configJson, const std::string &name) {
  test::TemporaryCheckpoint written(configJson, name);
  try {
    Model::load(Device::host(), written.checkpoint(), 8, {});
  } catch (const Error &e) {
    return e.what();
  }
  return "(loaded)";
}

} // namespace

TEST_F(ModelTest, RejectsHeadDimsWithoutKernels) {
  std::string message = loadError(R"({
    "model_type": "qwen3", "vocab_size": 64, "hidden_size": 64,
    "intermediate_size": 64, "num_hidden_layers": 1,
    "num_attention_heads": 2, "num_key_value_heads": 1, "head_dim": 96,
    "max_position_embeddings": 64, "rope_theta": 10000.0,
    "rms_norm_eps": 1e-06})",
                                  "model-test-head96");
  EXPECT_NE(message.find("head_dim 96 is not supported: the engine's "
                         "attention kernels are compiled for head_dim 64, "
                         "128 and 256"),
            std::string::npos)
      << message;
}

TEST_F(ModelTest, RejectsMoreQueryHeadsThanItsKernelsTile) {
  std::string message = loadError(R"({
    "model_type": "qwen3", "vocab_size": 64, "hidden_size": 64,
    "intermediate_size": 64, "num_hidden_layers": 1,
    "num_attention_heads": 72, "num_key_value_heads": 8, "head_dim": 64,
    "max_position_embeddings": 64, "rope_theta": 10000.0,
    "rms_norm_eps": 1e-06})",
                                  "model-test-72-heads");
  EXPECT_NE(message.find("the engine runs models of up to 64 query heads, "
                         "not 72 (num_attention_heads)"),
            std::string::npos)
      << message;
}
