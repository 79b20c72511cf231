//===- SmallTokenizer.h - Hand-built tokenizer files ------------*- C++ -*-===//
//
// A byte-level BPE tokenizer small enough to work out by hand, written as
// tokenizer.json and tokenizer_config.json into a fresh directory, so that
// a test can change one part of it and load it.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_TEST_TOKENIZER_SMALLTOKENIZER_H
#define QWEN3_TEST_TOKENIZER_SMALLTOKENIZER_H

#include "qwen3/Tokenizer.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

namespace qwen3::test {

/// The ids of the small tokenizer: each single byte is its own id (' ' is
/// 32, 'a' 97), then nine merged tokens that spell "hello" and " world",
/// then the five added tokens that the loader requires. A word that is
/// none of these falls apart into its bytes.
namespace small {
enum : int32_t {
  LL = 256,
  HE,
  HELL,
  HELLO,
  SPACE_W, // "Ġw"
  OR,
  SPACE_WOR,
  LD,
  SPACE_WORLD,
  END_OF_TEXT, // <|endoftext|>, special
  IM_START,    // <|im_start|>, special
  IM_END,      // <|im_end|>, special
  THINK,       // <think>, added but not special
  THINK_END,   // </think>, added but not special
  /// The first id past the small tokenizer's.
  NEXT
};
} // namespace small

/// The small tokenizer's tokenizer.json: NFC, a Split on a GPT-2-like
/// regex, then ByteLevel (no regex of its own), BPE, the ByteLevel
/// decoder.
nlohmann::json smallTokenizerJson();

/// An entry of tokenizer.json's added_tokens, all flags off but those
/// given.
nlohmann::json addedToken(const std::string &content, int32_t id,
                          bool special = false, bool normalized = false);

/// The small tokenizer's tokenizer_config.json: <|im_end|> ends a
/// sequence, <|endoftext|> pads, no beginning-of-sequence token.
nlohmann::json smallTokenizerConfig();

/// A fresh directory for tokenizer files, removed at the end of the test.
class TokenizerFiles : public ::testing::Test {
protected:
  void SetUp() override;
  void TearDown() override;

  /// Writes tokenizer.json (and tokenizer_config.json, unless null) into
  /// the directory.
  void write(const nlohmann::json &tokenizer,
             const nlohmann::json &config = smallTokenizerConfig());

  /// Writes `tokenizer` and `config` and loads them.
  Tokenizer load(const nlohmann::json &tokenizer = smallTokenizerJson(),
                 const nlohmann::json &config = smallTokenizerConfig());

  /// The message of the TokenizerError that loading the directory throws;
  /// fails the test when loading succeeds.
  std::string loadError();

  /// Writes `tokenizer` and `config` and returns loadError().
  std::string loadError(const nlohmann::json &tokenizer,
                        const nlohmann::json &config = smallTokenizerConfig());

  std::filesystem::path dir;
};

} // namespace qwen3::test

#endif // QWEN3_TEST_TOKENIZER_SMALLTOKENIZER_H
