//===- EmbeddingTest.cpp - The embedding gather in host mode --------------===//

#include "tile/library/embedding.h"

#include "RandomData.h"

#include <gtest/gtest.h>

#include <climits>
#include <vector>

namespace {

template <class T> class Embedding : public ::testing::Test {};
using TableTypes = ::testing::Types<tile::bf16, tile::f16>;
TYPED_TEST_SUITE(Embedding, TableTypes);

/// Runs embedding<T, 1024> for `ids` over a random table of `vocab` rows of
/// `hidden` columns; rows of ids inside the table must be copies of the
/// table's, bit for bit, and rows of ids outside it zero.
template <class T>
void checkGather(int64_t vocab, int64_t hidden,
                 const std::vector<int32_t> &ids) {
  std::vector<T> table;
  for (float v : randomFloats(vocab * hidden, 31))
    table.push_back(T(v));
  int64_t tokens = int64_t(ids.size());
  std::vector<T> out(tokens * hidden, T(-99.0f));
  tile::host::launch(
      embedding<T, 1024>,
      tile::host::partition<1, 1024>(out.data(), {tokens, hidden}),
      tile::View<T, 2>(table.data(), {vocab, hidden}),
      tile::View<int32_t>(ids.data(), {tokens}));
  for (int64_t t = 0; t < tokens; ++t)
    for (int64_t c = 0; c < hidden; ++c) {
      uint16_t expected = ids[t] >= 0 && ids[t] < vocab
                              ? table[ids[t] * hidden + c].bits
                              : T(0.0f).bits;
      ASSERT_EQ(out[t * hidden + c].bits, expected)
          << "token " << t << " id " << ids[t] << " column " << c;
    }
}

} // namespace

// Qwen3-4B's hidden size, 2560, is not a multiple of the 1024-column chunk.
TYPED_TEST(Embedding, GathersRows) {
  checkGather<TypeParam>(1000, 2560, {0, 999, 17, 17, 512, 3, 998});
}

TYPED_TEST(Embedding, OneToken) { checkGather<TypeParam>(5, 1024, {4}); }

// Ids outside the table read zeros instead of memory past it.
TYPED_TEST(Embedding, IdsOutsideTheTableGiveZeroRows) {
  checkGather<TypeParam>(100, 300, {-1, 100, 7, INT32_MIN, INT32_MAX, 99});
}
