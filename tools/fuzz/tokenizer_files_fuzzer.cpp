//===- tokenizer_files_fuzzer.cpp - libFuzzer target over tokenizer files -===//
//
// Each input is a tokenizer.json, optionally followed by a NUL byte and a
// tokenizer_config.json (without one, a config naming <|im_end|> as the end
// of a turn). Tokenizer::load reads the pair from a directory; a tokenizer
// it accepts then encodes and decodes a short chat turn. A
// qwen3::TokenizerError is a clean rejection; a crash, a sanitizer report
// or another exception is a bug (docs/engine.md, Fuzzing).
//
//===----------------------------------------------------------------------===//

#include "FuzzFiles.h"

#include "qwen3/Tokenizer.h"

#include <cstdint>
#include <cstdlib>
#include <vector>

namespace {
/// The tokenizer_config.json of inputs without one.
constexpr std::string_view kDefaultConfig = R"({"eos_token": "<|im_end|>"})";

/// Longer inputs only make runs slower: the seeds are all under 6 KiB.
constexpr size_t kMaxInputSize = 16384;
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > kMaxInputSize)
    return -1;
  static tile::fuzz::ScratchDirectory dir("tokenizer-files");
  bool hasConfig = false;
  auto [tokenizerJson, configJson] =
      tile::fuzz::splitAtNul(tile::fuzz::asText(data, size), hasConfig);
  dir.write("tokenizer.json", tokenizerJson);
  dir.write("tokenizer_config.json", hasConfig ? configJson : kDefaultConfig);
  try {
    qwen3::Tokenizer tokenizer = qwen3::Tokenizer::load(dir.path());
    std::vector<int32_t> ids =
        tokenizer.encode("<|im_start|>user\nHello, world! 123<|im_end|>");
    (void)tokenizer.decode(ids);
    (void)tokenizer.decode(ids, /*skipSpecial=*/true);
  } catch (const qwen3::TokenizerError &) {
  }
  return 0;
}
