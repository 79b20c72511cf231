//===- StreamingDecoder.cpp - Incremental detokenization ------------------===//

#include "qwen3/StreamingDecoder.h"

#include "Utf8.h"

namespace qwen3 {

StreamingDecoder::StreamingDecoder(Tokenizer tokenizer, bool skipSpecial)
    : tokenizer(std::move(tokenizer)), skipSpecial(skipSpecial) {}

std::string StreamingDecoder::push(int32_t id) {
  std::string_view bytes = tokenizer.tokenBytes(id);
  if (skipSpecial && tokenizer.isSpecial(id))
    return {};
  pending.append(bytes);
  // Whatever precedes a started but unfinished character is final: no
  // later byte can change how it decodes, as the held-back part begins
  // with a lead byte.
  std::size_t keep = detail::incompleteUtf8Tail(pending);
  std::string text;
  detail::appendLossyUtf8(
      text, std::string_view(pending).substr(0, pending.size() - keep));
  pending.erase(0, pending.size() - keep);
  return text;
}

std::string StreamingDecoder::flush() {
  std::string text;
  detail::appendLossyUtf8(text, pending);
  pending.clear();
  return text;
}

} // namespace qwen3
