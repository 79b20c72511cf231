//===- ConfigTest.cpp - Reading config.json and generation_config.json ----===//

#include "qwen3/Config.h"
#include "qwen3/GenerationConfig.h"
#include "qwen3/Presets.h"

#include "TestFiles.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace qwen3 {
namespace {

using test::errorOf;

/// The small config with `key` set to `value` (JSON), or removed when
/// `value` is empty.
std::string withKey(const std::string &key, const std::string &value) {
  auto json = nlohmann::json::parse(test::smallConfigJson());
  if (value.empty())
    json.erase(key);
  else
    json[key] = nlohmann::json::parse(value);
  return json.dump();
}

std::string parseError(const std::string &json) {
  return errorOf([&] { Config::parse(json, "cfg.json"); });
}

TEST(Config, ParsesTheSmallConfig) {
  Config config = Config::parse(test::smallConfigJson(), "cfg.json");
  EXPECT_EQ(config.vocabSize, 512);
  EXPECT_EQ(config.hiddenSize, 64);
  EXPECT_EQ(config.intermediateSize, 128);
  EXPECT_EQ(config.numLayers, 2);
  EXPECT_EQ(config.numHeads, 4);
  EXPECT_EQ(config.numKvHeads, 2);
  EXPECT_EQ(config.headDim, 16);
  EXPECT_EQ(config.maxPositionEmbeddings, 256);
  EXPECT_EQ(config.ropeTheta, 1e6);
  EXPECT_EQ(config.rmsNormEps, 1e-6);
  EXPECT_DOUBLE_EQ(config.initializerRange, 0.02);
  EXPECT_TRUE(config.tieWordEmbeddings);
  EXPECT_EQ(config.bosTokenId, 1);
  EXPECT_EQ(config.eosTokenIds, std::vector<int32_t>{2});
  EXPECT_EQ(config.torchDtype, "bfloat16");
}

TEST(Config, EveryPresetLoads) {
  struct Expected {
    const char *name;
    int64_t hidden, intermediate, layers, heads, kvHeads;
    bool tied;
  };
  const Expected expected[] = {
      {"qwen3-0.6b", 1024, 3072, 28, 16, 8, true},
      {"qwen3-1.7b", 2048, 6144, 28, 16, 8, true},
      {"qwen3-4b", 2560, 9728, 36, 32, 8, true},
      {"qwen3-8b", 4096, 12288, 36, 32, 8, false},
      {"qwen3-14b", 5120, 17408, 40, 40, 8, false},
      {"qwen3-32b", 5120, 25600, 64, 64, 8, false},
      {"qwen3-tiny", 256, 768, 2, 4, 2, true},
  };
  EXPECT_EQ(presetNames().size(), std::size(expected));
  for (const Expected &preset : expected) {
    SCOPED_TRACE(preset.name);
    // The file in the source tree and the copy built into the library.
    Config config = Config::load(std::filesystem::path(QWEN3_PRESET_DIR) /
                                 (std::string(preset.name) + ".json"));
    ASSERT_TRUE(presetJson(preset.name));
    Config builtIn = Config::parse(*presetJson(preset.name), preset.name);
    for (const Config *c : {&config, &builtIn}) {
      EXPECT_EQ(c->vocabSize, 151936);
      EXPECT_EQ(c->hiddenSize, preset.hidden);
      EXPECT_EQ(c->intermediateSize, preset.intermediate);
      EXPECT_EQ(c->numLayers, preset.layers);
      EXPECT_EQ(c->numHeads, preset.heads);
      EXPECT_EQ(c->numKvHeads, preset.kvHeads);
      EXPECT_EQ(c->headDim, 128);
      EXPECT_EQ(c->tieWordEmbeddings, preset.tied);
      EXPECT_EQ(c->ropeTheta, 1e6);
      EXPECT_EQ(c->rmsNormEps, 1e-6);
      EXPECT_EQ(c->bosTokenId, 151643);
      EXPECT_EQ(c->eosTokenIds, std::vector<int32_t>{151645});
      EXPECT_EQ(c->torchDtype, "bfloat16");
      EXPECT_EQ(c->maxPositionEmbeddings,
                std::string(preset.name) == "qwen3-tiny" ? 4096 : 40960);
    }
  }
  EXPECT_FALSE(presetJson("qwen3-7b"));
}

TEST(Config, HeadDimDefaultsToHiddenOverHeads) {
  Config config = Config::parse(withKey("head_dim", ""), "cfg.json");
  EXPECT_EQ(config.headDim, 16);
  auto uneven = nlohmann::json::parse(withKey("head_dim", ""));
  uneven["hidden_size"] = 66;
  EXPECT_NE(parseError(uneven.dump()).find("no 'head_dim'"), std::string::npos);
}

TEST(Config, EosMayBeAListAndIdsMayBeAbsent) {
  Config list = Config::parse(withKey("eos_token_id", "[2, 3]"), "cfg.json");
  EXPECT_EQ(list.eosTokenIds, (std::vector<int32_t>{2, 3}));
  Config none = Config::parse(
      withKey("eos_token_id", "").insert(1, R"("bos_token_id": null,)"),
      "cfg.json");
  EXPECT_TRUE(none.eosTokenIds.empty());
  Config noDtype = Config::parse(withKey("torch_dtype", ""), "cfg.json");
  EXPECT_EQ(noDtype.torchDtype, "");
  Config newDtype = Config::parse(
      withKey("torch_dtype", "").insert(1, R"("dtype": "float32",)"),
      "cfg.json");
  EXPECT_EQ(newDtype.torchDtype, "float32");
}

TEST(Config, NullRopeScalingAndFalseOptionsAreAccepted) {
  auto json = nlohmann::json::parse(withKey("rope_scaling", "null"));
  json.merge_patch(nlohmann::json::parse(
      R"({"use_sliding_window": false, "sliding_window": null,
          "layer_types": ["full_attention", "full_attention"]})"));
  EXPECT_NO_THROW(Config::parse(json.dump(), "cfg.json"));
}

TEST(Config, RopeThetaMayBeInRopeParameters) {
  // As transformers 5 writes it.
  auto json = nlohmann::json::parse(withKey("rope_theta", ""));
  json["rope_parameters"] =
      nlohmann::json::parse(R"({"rope_type": "default", "rope_theta": 5e5})");
  EXPECT_EQ(Config::parse(json.dump(), "cfg.json").ropeTheta, 5e5);

  json["rope_parameters"]["rope_type"] = "linear";
  std::string message = parseError(json.dump());
  EXPECT_NE(message.find("rope_parameters: rope_type 'linear' is not "
                         "supported; expected 'yarn' or 'default'"),
            std::string::npos)
      << message;

  json["rope_parameters"] = nlohmann::json::parse(R"({"rope_theta": "big"})");
  message = parseError(json.dump());
  EXPECT_NE(message.find("must be a number"), std::string::npos) << message;
}

TEST(Config, ReadsYarn) {
  Config plain = Config::parse(test::smallConfigJson(), "cfg.json");
  EXPECT_FALSE(plain.yarn);
  Config defaults = Config::parse(
      withKey("rope_scaling", R"({"rope_type": "yarn", "factor": 4.0})"),
      "cfg.json");
  ASSERT_TRUE(defaults.yarn);
  EXPECT_EQ(defaults.yarn->factor, 4.0);
  EXPECT_EQ(defaults.yarn->originalMaxPositionEmbeddings, 256);
  EXPECT_EQ(defaults.yarn->betaFast, 32);
  EXPECT_EQ(defaults.yarn->betaSlow, 1);
  EXPECT_FALSE(defaults.yarn->attentionFactor);
  EXPECT_FALSE(defaults.yarn->mscale);
  EXPECT_FALSE(defaults.yarn->mscaleAllDim);
  EXPECT_TRUE(defaults.yarn->truncate);

  // The older key "type", and every option.
  Config options =
      Config::parse(withKey("rope_scaling", R"({"type": "yarn", "factor": 2,
          "original_max_position_embeddings": 64, "beta_fast": 16,
          "beta_slow": 2, "attention_factor": 1.5, "mscale": 0.7,
          "mscale_all_dim": 0.5, "truncate": false})"),
                    "cfg.json");
  ASSERT_TRUE(options.yarn);
  EXPECT_EQ(options.yarn->factor, 2.0);
  EXPECT_EQ(options.yarn->originalMaxPositionEmbeddings, 64);
  EXPECT_EQ(options.yarn->betaFast, 16);
  EXPECT_EQ(options.yarn->betaSlow, 2);
  EXPECT_EQ(options.yarn->attentionFactor, 1.5);
  EXPECT_EQ(options.yarn->mscale, 0.7);
  EXPECT_EQ(options.yarn->mscaleAllDim, 0.5);
  EXPECT_FALSE(options.yarn->truncate);

  // As transformers 5 writes it, with rope_theta beside.
  auto json = nlohmann::json::parse(withKey("rope_theta", ""));
  json["rope_parameters"] = nlohmann::json::parse(
      R"({"rope_type": "yarn", "rope_theta": 5e5, "factor": 4.0,
          "original_max_position_embeddings": 32})");
  Config fromParameters = Config::parse(json.dump(), "cfg.json");
  EXPECT_EQ(fromParameters.ropeTheta, 5e5);
  ASSERT_TRUE(fromParameters.yarn);
  EXPECT_EQ(fromParameters.yarn->originalMaxPositionEmbeddings, 32);

  Config defaultType = Config::parse(
      withKey("rope_scaling", R"({"rope_type": "default"})"), "cfg.json");
  EXPECT_FALSE(defaultType.yarn);
}

TEST(Config, YarnErrorsAreNamed) {
  const std::pair<const char *, const char *> cases[] = {
      {R"({"rope_type": "dynamic", "factor": 2.0})",
       "cfg.json: reading the Qwen3 config's rope_scaling: rope_type "
       "'dynamic' is not supported; expected 'yarn' or 'default'"},
      {R"({"factor": 2.0})", "rope_scaling: missing key 'rope_type'"},
      {R"({"rope_type": "yarn"})", "rope_scaling: missing key 'factor'"},
      {R"({"rope_type": "yarn", "factor": 0.5})",
       "'factor' must be at least 1, not 0.5"},
      {R"({"rope_type": "yarn", "factor": 2,
           "original_max_position_embeddings": 0})",
       "'original_max_position_embeddings' must be positive, not 0"},
      {R"({"rope_type": "yarn", "factor": 2, "beta_fast": -1})",
       "'beta_fast' must be positive, not -1"},
      {R"({"rope_type": "yarn", "factor": 2, "beta_slow": 0})",
       "'beta_slow' must be positive, not 0"},
      {R"({"rope_type": "yarn", "factor": 2, "attention_factor": 0})",
       "'attention_factor' must be positive, not 0"},
      {R"({"rope_type": "yarn", "factor": 2, "truncate": "yes"})", "truncate"},
      {R"("yarn")", "'rope_scaling' must be an object, not \"yarn\""},
  };
  for (const auto &[value, expected] : cases) {
    SCOPED_TRACE(value);
    std::string message = parseError(withKey("rope_scaling", value));
    EXPECT_NE(message.find(expected), std::string::npos) << message;
  }
}

TEST(Config, MissingKeysAreNamed) {
  for (const char *key :
       {"model_type", "vocab_size", "hidden_size", "intermediate_size",
        "num_hidden_layers", "num_attention_heads", "num_key_value_heads",
        "max_position_embeddings", "rope_theta", "rms_norm_eps"}) {
    SCOPED_TRACE(key);
    std::string message = parseError(withKey(key, ""));
    EXPECT_NE(message.find("cfg.json"), std::string::npos) << message;
    EXPECT_NE(message.find(std::string("missing key '") + key + "'"),
              std::string::npos)
        << message;
  }
}

TEST(Config, NonPositiveSizesAreRejected) {
  for (const char *key :
       {"vocab_size", "hidden_size", "intermediate_size", "num_hidden_layers",
        "num_attention_heads", "num_key_value_heads", "head_dim"}) {
    SCOPED_TRACE(key);
    for (const char *value : {"0", "-4"}) {
      std::string message = parseError(withKey(key, value));
      EXPECT_NE(message.find(std::string("'") + key + "' must be positive"),
                std::string::npos)
          << message;
    }
  }
  EXPECT_NE(parseError(withKey("rope_theta", "0")).find("rope_theta"),
            std::string::npos);
  EXPECT_NE(parseError(withKey("rms_norm_eps", "-1")).find("rms_norm_eps"),
            std::string::npos);
}

TEST(Config, AbsurdSizesAreRejected) {
  for (const char *key :
       {"vocab_size", "hidden_size", "intermediate_size", "num_hidden_layers",
        "num_attention_heads", "num_key_value_heads", "head_dim",
        "max_position_embeddings"}) {
    SCOPED_TRACE(key);
    std::string message = parseError(withKey(key, "1000000000000"));
    EXPECT_NE(message.find(std::string("'") + key + "' must be at most "),
              std::string::npos)
        << message;
  }
  EXPECT_NE(parseError(withKey("num_hidden_layers", "1000000000"))
                .find("'num_hidden_layers' must be at most 4096, not "
                      "1000000000"),
            std::string::npos);
}

TEST(Config, WrongTypesAreRejected) {
  EXPECT_NE(parseError(withKey("hidden_size", R"("64")"))
                .find("'hidden_size' must be an integer"),
            std::string::npos);
  EXPECT_NE(parseError(withKey("hidden_size", "64.5"))
                .find("'hidden_size' must be an integer"),
            std::string::npos);
  EXPECT_NE(parseError(withKey("tie_word_embeddings", "1"))
                .find("'tie_word_embeddings' must be true or false"),
            std::string::npos);
  EXPECT_NE(
      parseError(withKey("eos_token_id", R"(["x"])")).find("eos_token_id"),
      std::string::npos);
  EXPECT_NE(parseError(withKey("eos_token_id", "600")).find("vocabulary"),
            std::string::npos);
}

// nlohmann's parser throws out_of_range, not parse_error, for a number past
// a double's range; it escaped as a non-qwen3::Error (found by fuzzing).
TEST(Config, NumbersPastADoubleAreInvalidJson) {
  std::string json = withKey("rope_theta", "7");
  json.replace(json.find(":7"), 2, ":1e999");
  std::string message = parseError(json);
  EXPECT_NE(message.find("invalid JSON"), std::string::npos) << message;
  message = errorOf([] {
    GenerationConfig::parse(R"({"temperature": -1e999})", "gen.json");
  });
  EXPECT_NE(message.find("invalid JSON"), std::string::npos) << message;
}

TEST(Config, HeadsMustBeAMultipleOfKvHeads) {
  std::string message = parseError(withKey("num_key_value_heads", "3"));
  EXPECT_NE(message.find("num_attention_heads 4 is not a multiple of "
                         "num_key_value_heads 3"),
            std::string::npos)
      << message;
}

TEST(Config, OtherModelsAreRejected) {
  std::string message = parseError(withKey("model_type", R"("qwen2")"));
  EXPECT_NE(message.find("model_type 'qwen2' is not supported"),
            std::string::npos)
      << message;
  EXPECT_NE(
      parseError(withKey("model_type", R"("qwen3_moe")")).find("not supported"),
      std::string::npos);
  EXPECT_NE(parseError(withKey("architectures", R"(["Qwen2ForCausalLM"])"))
                .find("not supported"),
            std::string::npos);
}

TEST(Config, UnsupportedOptionsAreNamed) {
  const std::pair<const char *, const char *> cases[] = {
      {"attention_bias", "true"},
      {"rope_scaling", R"({"rope_type": "linear", "factor": 4.0})"},
      {"use_sliding_window", "true"},
      {"hidden_act", R"("gelu")"},
      {"layer_types", R"(["sliding_attention", "full_attention"])"},
      {"torch_dtype", R"("int8")"},
  };
  for (const auto &[key, value] : cases) {
    SCOPED_TRACE(key);
    std::string message = parseError(withKey(key, value));
    EXPECT_NE(message.find(key), std::string::npos) << message;
    EXPECT_NE(message.find("not supported"), std::string::npos) << message;
  }
}

TEST(Config, MalformedFilesAreRejected) {
  EXPECT_NE(parseError("{\"vocab_size\": ").find("invalid JSON"),
            std::string::npos);
  EXPECT_NE(parseError("[1, 2]").find("not a JSON object"), std::string::npos);
  std::string message =
      errorOf([] { Config::load("/nonexistent/dir/config.json"); });
  EXPECT_NE(message.find("/nonexistent/dir/config.json"), std::string::npos);
}

TEST(GenerationConfig, ReadsQwen3Defaults) {
  GenerationConfig config = GenerationConfig::parse(
      R"({"bos_token_id": 151643, "do_sample": true,
          "eos_token_id": [151645, 151643], "pad_token_id": 151643,
          "temperature": 0.6, "top_k": 20, "top_p": 0.95,
          "transformers_version": "4.51.0"})",
      "generation_config.json");
  EXPECT_EQ(config.bosTokenId, 151643);
  EXPECT_EQ(config.eosTokenIds, (std::vector<int32_t>{151645, 151643}));
  EXPECT_EQ(config.doSample, true);
  EXPECT_EQ(config.temperature, 0.6);
  EXPECT_EQ(config.topK, 20);
  EXPECT_EQ(config.topP, 0.95);
}

TEST(GenerationConfig, EverythingIsOptional) {
  GenerationConfig config = GenerationConfig::parse("{}", "g.json");
  EXPECT_FALSE(config.bosTokenId);
  EXPECT_TRUE(config.eosTokenIds.empty());
  EXPECT_FALSE(config.doSample);
  EXPECT_FALSE(config.temperature);
  EXPECT_FALSE(config.topK);
  EXPECT_FALSE(config.topP);
  EXPECT_EQ(
      GenerationConfig::parse(R"({"eos_token_id": 7})", "g.json").eosTokenIds,
      std::vector<int32_t>{7});
}

TEST(GenerationConfig, BadValuesAreRejected) {
  for (const char *json :
       {R"({"top_p": 1.5})", R"({"top_k": -1})", R"({"temperature": "hot"})",
        R"({"do_sample": "yes"})", "not json"}) {
    SCOPED_TRACE(json);
    std::string message =
        errorOf([&] { GenerationConfig::parse(json, "g.json"); });
    EXPECT_NE(message.find("g.json: reading the generation config"),
              std::string::npos)
        << message;
  }
}

} // namespace
} // namespace qwen3
