//===- BpeTest.cpp - Byte-pair merges over a word's bytes -----------------===//
//
// Hugging Face's tokenizers (0.23) merge the same way: each expectation
// below is what its BPE model gives for the same merges, written with
// letters for the ids.
//
//===----------------------------------------------------------------------===//

#include "Bpe.h"

#include <gtest/gtest.h>

#include <numeric>

using qwen3::detail::Bpe;
using qwen3::detail::Merge;
using Ids = std::vector<int32_t>;

namespace {

/// Single bytes are their own ids: 'a' is 97.
std::array<int32_t, 256> identityBytes() {
  std::array<int32_t, 256> ids;
  std::iota(ids.begin(), ids.end(), 0);
  return ids;
}

Ids encode(const Bpe &bpe, std::string_view word) {
  Ids ids;
  bpe.encode(word, ids);
  return ids;
}

// Ids of merged tokens, past the single bytes.
enum : int32_t { AA = 300, AB, BC, CD, ABC, BCD, AAAA, LL, HE, HELL, HELLO };

TEST(Bpe, WithoutMergesGivesTheIdOfEachByte) {
  std::array<int32_t, 256> byteIds;
  std::iota(byteIds.begin(), byteIds.end(), 1000);
  Bpe bpe(byteIds, {});
  EXPECT_EQ(encode(bpe, "a"), (Ids{1000 + 'a'}));
  EXPECT_EQ(encode(bpe, "ab c"),
            (Ids{1000 + 'a', 1000 + 'b', 1000 + ' ', 1000 + 'c'}));
  EXPECT_EQ(encode(bpe, "\xC3\xA9"), (Ids{1000 + 0xC3, 1000 + 0xA9}));
  EXPECT_EQ(encode(bpe, "\xFF"), (Ids{1000 + 0xFF}));
}

TEST(Bpe, AnEmptyWordHasNoTokens) {
  Bpe bpe(identityBytes(), {Merge{'a', 'b', AB}});
  EXPECT_EQ(encode(bpe, ""), Ids{});
}

TEST(Bpe, AppendsToTheIdsThereAre) {
  Bpe bpe(identityBytes(), {Merge{'a', 'b', AB}});
  Ids ids = {7};
  bpe.encode("abc", ids);
  bpe.encode("b", ids);
  EXPECT_EQ(ids, (Ids{7, AB, 'c', 'b'}));
}

TEST(Bpe, TheRuleOfLowestRankAppliesFirst) {
  Bpe bcFirst(identityBytes(), {Merge{'b', 'c', BC}, Merge{'a', 'b', AB}});
  EXPECT_EQ(encode(bcFirst, "abc"), (Ids{'a', BC}));
  Bpe abFirst(identityBytes(), {Merge{'a', 'b', AB}, Merge{'b', 'c', BC}});
  EXPECT_EQ(encode(abFirst, "abc"), (Ids{AB, 'c'}));
}

TEST(Bpe, EqualRanksApplyLeftmostFirst) {
  Bpe bpe(identityBytes(), {Merge{'a', 'a', AA}});
  EXPECT_EQ(encode(bpe, "aa"), (Ids{AA}));
  EXPECT_EQ(encode(bpe, "aaa"), (Ids{AA, 'a'}));
  EXPECT_EQ(encode(bpe, "aaaa"), (Ids{AA, AA}));
  EXPECT_EQ(encode(bpe, "aaaaa"), (Ids{AA, AA, 'a'}));
}

TEST(Bpe, MergedTokensMergeFurther) {
  Bpe pairs(identityBytes(), {Merge{'a', 'a', AA}, Merge{AA, AA, AAAA}});
  EXPECT_EQ(encode(pairs, "aaaa"), (Ids{AAAA}));
  EXPECT_EQ(encode(pairs, "aaaaaa"), (Ids{AAAA, AA}));
  Bpe hello(identityBytes(), {Merge{'l', 'l', LL}, Merge{'h', 'e', HE},
                              Merge{HE, LL, HELL}, Merge{HELL, 'o', HELLO}});
  EXPECT_EQ(encode(hello, "hello"), (Ids{HELLO}));
  EXPECT_EQ(encode(hello, "hell"), (Ids{HELL}));
  EXPECT_EQ(encode(hello, "hallo"), (Ids{'h', 'a', LL, 'o'}));
}

TEST(Bpe, AMergeOffersPairsWithBothNeighbours) {
  // With its left neighbour...
  Bpe left(identityBytes(), {Merge{'b', 'c', BC}, Merge{'a', BC, ABC}});
  EXPECT_EQ(encode(left, "abc"), (Ids{ABC}));
  // ...and with its right one.
  Bpe right(identityBytes(), {Merge{'a', 'b', AB}, Merge{AB, 'c', ABC}});
  EXPECT_EQ(encode(right, "abc"), (Ids{ABC}));
}

TEST(Bpe, APairAMergeMakesOutranksOlderCandidates) {
  // "ab" waits from the start; "b"+"cd", which only the merge of "cd" makes,
  // ranks before it.
  Bpe bpe(identityBytes(),
          {Merge{'c', 'd', CD}, Merge{'b', CD, BCD}, Merge{'a', 'b', AB}});
  EXPECT_EQ(encode(bpe, "abcd"), (Ids{'a', BCD}));
}

TEST(Bpe, APairThatAMergeTookApartIsNoLongerMerged) {
  // "bc" merges first; "ab" was a candidate but "b" is gone.
  Bpe bpe(identityBytes(), {Merge{'b', 'c', BC}, Merge{'a', 'b', AB}});
  EXPECT_EQ(encode(bpe, "abcab"), (Ids{'a', BC, AB}));
}

TEST(Bpe, ARuleListedTwiceTakesItsLastRank) {
  // "bc" ranks after "ab" by its last listing, not before it by its first.
  Bpe bpe(identityBytes(),
          {Merge{'b', 'c', BC}, Merge{'a', 'b', AB}, Merge{'b', 'c', BC}});
  EXPECT_EQ(encode(bpe, "abc"), (Ids{AB, 'c'}));
}

} // namespace
