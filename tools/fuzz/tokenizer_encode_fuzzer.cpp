//===- tokenizer_encode_fuzzer.cpp - libFuzzer target over encode ---------===//
//
// Each input is text for Qwen3's tokenizer (the real one, from
// QWEN3_TOKENIZER_DIR). The bytes are encoded as they are, with and without
// special tokens: text that is not UTF-8 must be rejected with a
// qwen3::TokenizerError. Then the bytes made UTF-8 (each ill-formed
// sequence replaced by U+FFFD) are encoded, which must succeed with ids of
// the vocabulary; decoding them gives the text in NFC, and that text must
// encode and decode to itself. A crash, a sanitizer report, another
// exception or a broken round trip is a bug (docs/engine.md, Fuzzing).
//
//===----------------------------------------------------------------------===//

#include "FuzzFiles.h"

#include "qwen3/Tokenizer.h"

#include "Utf8.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

/// Longer inputs only make runs slower: the seeds are all under 2 KiB.
constexpr size_t kMaxInputSize = 4096;

const qwen3::Tokenizer &tokenizer() {
  static const qwen3::Tokenizer loaded =
      qwen3::Tokenizer::load(QWEN3_TOKENIZER_DIR);
  return loaded;
}

/// Encodes `text`, which must be UTF-8, checking that every id is a token.
std::vector<int32_t> encodeValid(std::string_view text, bool parseSpecial) {
  std::vector<int32_t> ids = tokenizer().encode(text, parseSpecial);
  for (int32_t id : ids)
    if (!tokenizer().hasToken(id))
      std::abort();
  return ids;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > kMaxInputSize)
    return -1;
  std::string_view bytes = tile::fuzz::asText(data, size);
  for (bool parseSpecial : {true, false}) {
    try {
      (void)tokenizer().encode(bytes, parseSpecial);
    } catch (const qwen3::TokenizerError &) {
      if (!qwen3::detail::findInvalidUtf8(bytes))
        std::abort();
    }
  }

  std::string text;
  qwen3::detail::appendLossyUtf8(text, bytes);
  for (bool parseSpecial : {true, false}) {
    std::string normalized =
        tokenizer().decode(encodeValid(text, parseSpecial));
    if (tokenizer().decode(encodeValid(normalized, parseSpecial)) !=
        normalized) {
      std::fprintf(stderr, "encode and decode change their own output\n");
      std::abort();
    }
  }
  return 0;
}
