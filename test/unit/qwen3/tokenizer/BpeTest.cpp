//===- BpeTest.cpp - Byte-pair merges over a word's bytes -----------------===//

#include "Bpe.h"

#include <gtest/gtest.h>

#include <numeric>

using qwen3::detail::Bpe;
using qwen3::detail::Merge;

namespace {

/// Single bytes are their own ids: 'a' is 97.
std::array<int32_t, 256> identityBytes() {
  std::array<int32_t, 256> ids;
  std::iota(ids.begin(), ids.end(), 0);
  return ids;
}

std::vector<int32_t> encode(const Bpe &bpe, std::string_view word) {
  std::vector<int32_t> ids;
  bpe.encode(word, ids);
  return ids;
}

} // namespace

TEST(Bpe, ARuleListedTwiceKeepsItsFirstRank) {
  // "bc" outranks "ab" by its first listing, not by its last.
  Bpe bpe(identityBytes(),
          {Merge{'b', 'c', 301}, Merge{'a', 'b', 300}, Merge{'b', 'c', 301}});
  EXPECT_EQ(encode(bpe, "abc"), (std::vector<int32_t>{'a', 301}));
}
