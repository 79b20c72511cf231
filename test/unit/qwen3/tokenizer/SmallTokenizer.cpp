//===- SmallTokenizer.cpp - Hand-built tokenizer files --------------------===//

#include "SmallTokenizer.h"

#include "ByteLevel.h"
#include "TestSupport.h"

#include <unistd.h>

namespace qwen3::test {

using nlohmann::json;

json addedToken(const std::string &content, int32_t id, bool special,
                bool normalized) {
  return {{"id", id},          {"content", content}, {"single_word", false},
          {"lstrip", false},   {"rstrip", false},    {"normalized", normalized},
          {"special", special}};
}

json smallTokenizerJson() {
  json vocab = json::object();
  for (int byte = 0; byte < 256; ++byte)
    vocab[std::string(detail::byteLevelChar(byte))] = byte;
  json merges = json::array();
  for (auto [left, right] : {std::pair{"l", "l"},
                             {"h", "e"},
                             {"he", "ll"},
                             {"hell", "o"},
                             {"\u0120", "w"},
                             {"o", "r"},
                             {"\u0120w", "or"},
                             {"l", "d"},
                             {"\u0120wor", "ld"}}) {
    vocab[std::string(left) + right] = static_cast<int>(vocab.size());
    merges.push_back({left, right});
  }
  json byteLevel = {{"type", "ByteLevel"},
                    {"add_prefix_space", false},
                    {"trim_offsets", false},
                    {"use_regex", false}};
  return {{"version", "1.0"},
          {"truncation", nullptr},
          {"padding", nullptr},
          {"added_tokens",
           {addedToken("<|endoftext|>", small::END_OF_TEXT, true),
            addedToken("<|im_start|>", small::IM_START, true),
            addedToken("<|im_end|>", small::IM_END, true),
            addedToken("<think>", small::THINK),
            addedToken("</think>", small::THINK_END)}},
          {"normalizer", {{"type", "NFC"}}},
          {"pre_tokenizer",
           {{"type", "Sequence"},
            {"pretokenizers",
             {{{"type", "Split"},
               {"pattern",
                {{"Regex",
                  R"( ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)"}}},
               {"behavior", "Isolated"},
               {"invert", false}},
              byteLevel}}}},
          {"post_processor", byteLevel},
          {"decoder", byteLevel},
          {"model",
           {{"type", "BPE"},
            {"dropout", nullptr},
            {"unk_token", nullptr},
            {"continuing_subword_prefix", ""},
            {"end_of_word_suffix", ""},
            {"fuse_unk", false},
            {"byte_fallback", false},
            {"ignore_merges", false},
            {"vocab", vocab},
            {"merges", merges}}}};
}

json smallTokenizerConfig() {
  return {{"eos_token", "<|im_end|>"},
          {"pad_token", "<|endoftext|>"},
          {"bos_token", nullptr}};
}

void TokenizerFiles::SetUp() {
  dir = std::filesystem::temp_directory_path() /
        ("qwen3-tokenizer-test-" +
         std::string(
             ::testing::UnitTest::GetInstance()->current_test_info()->name()) +
         "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
}

void TokenizerFiles::TearDown() { std::filesystem::remove_all(dir); }

void TokenizerFiles::write(const json &tokenizer, const json &config) {
  writeFile(dir / "tokenizer.json", tokenizer.dump());
  if (!config.is_null())
    writeFile(dir / "tokenizer_config.json", config.dump());
}

Tokenizer TokenizerFiles::load(const json &tokenizer, const json &config) {
  write(tokenizer, config);
  return Tokenizer::load(dir);
}

std::string TokenizerFiles::loadError() {
  return errorOf([&] { Tokenizer::load(dir); });
}

std::string TokenizerFiles::loadError(const json &tokenizer,
                                      const json &config) {
  write(tokenizer, config);
  return loadError();
}

} // namespace qwen3::test
