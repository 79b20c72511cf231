//===- AddedVocabulary.cpp - Tokens matched before BPE --------------------===//

#include "AddedVocabulary.h"

#include "Utf8.h"

#include <algorithm>

namespace qwen3::detail {

void AddedVocabulary::add(AddedToken token) {
  auto index = static_cast<uint32_t>(tokens.size());
  auto &bucket = byFirstByte[static_cast<unsigned char>(token.content[0])];
  ++count[token.normalized];
  tokens.push_back(std::move(token));
  bucket.push_back(index);
  std::stable_sort(bucket.begin(), bucket.end(), [&](uint32_t a, uint32_t b) {
    return tokens[a].content.size() > tokens[b].content.size();
  });
}

bool AddedVocabulary::isSingleWord(std::string_view text, std::size_t start,
                                   std::size_t end) {
  if (start > 0 && isWordCharacter(previousCodePoint(text, start)))
    return false;
  std::size_t pos = end;
  return end == text.size() || !isWordCharacter(nextCodePoint(text, pos));
}

void AddedVocabulary::split(std::string_view text, bool normalized,
                            bool parseSpecial,
                            std::vector<Segment> &segments) const {
  if (count[normalized] == 0) {
    if (!text.empty())
      segments.push_back({text, -1});
    return;
  }
  std::size_t done = 0;
  for (std::size_t pos = 0; pos < text.size(); ++pos) {
    // The longest token of this kind that starts here.
    const AddedToken *found = nullptr;
    for (uint32_t index : byFirstByte[static_cast<unsigned char>(text[pos])]) {
      const AddedToken &token = tokens[index];
      if (token.normalized == normalized &&
          text.compare(pos, token.content.size(), token.content) == 0) {
        found = &token;
        break;
      }
    }
    if (!found)
      continue;
    std::size_t start = pos, end = pos + found->content.size();
    // One that may not match here stays text, all of it: no shorter token
    // starting here, nor one inside it, matches instead, as in Hugging
    // Face's tokenizers, which drop such a match after finding it.
    if ((found->special && !parseSpecial) ||
        (found->singleWord && !isSingleWord(text, start, end))) {
      pos = end - 1;
      continue;
    }
    if (found->lstrip) {
      while (start > done) {
        std::size_t before = codePointStartBefore(text, start);
        std::size_t at = before;
        if (!isWhitespace(nextCodePoint(text, at)))
          break;
        start = before;
      }
    }
    if (found->rstrip) {
      std::size_t next = end;
      while (next < text.size() && isWhitespace(nextCodePoint(text, next)))
        end = next;
    }
    if (start > done)
      segments.push_back({text.substr(done, start - done), -1});
    segments.push_back({text.substr(start, end - start), found->id});
    done = end;
    pos = end - 1;
  }
  if (done < text.size())
    segments.push_back({text.substr(done), -1});
}

} // namespace qwen3::detail
