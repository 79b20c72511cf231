//===- DecodeAttentionTest.cpp - Split decode attention in host mode ------===//

#include "tile/library/decode_attention.h"

#include "AttentionReference.h"
#include "RandomData.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace {

/// One decode step: query heads, key/value heads, cached positions that
/// count, the cache's capacity and the number of splits.
struct DecodeShape {
  int64_t heads;
  int64_t kvHeads;
  int64_t seqLen;
  int64_t maxSeq;
  int64_t splits;
};

class DecodeAttention : public ::testing::TestWithParam<DecodeShape> {};

/// Runs the split and merge kernels for head dimension Dim on random bf16
/// inputs and checks every output against a float64 softmax over the first
/// seqLen cached positions.
template <int Dim> void checkDecodeAttention(const DecodeShape &shape) {
  constexpr int64_t dim = Dim;
  constexpr int kBlock = 64, kMaxSplits = 32;
  auto [heads, kvHeads, seqLen, maxSeq, splits] = shape;
  std::vector<tile::bf16> q = randomBf16(heads * dim, 21);
  std::vector<tile::bf16> k = randomBf16(maxSeq * kvHeads * dim, 22);
  std::vector<tile::bf16> v = randomBf16(maxSeq * kvHeads * dim, 23);
  float scale = 1.0f / std::sqrt(float(dim));
  int64_t group = heads / kvHeads;

  std::vector<float> partialOut(heads * splits * dim, -99.0f);
  std::vector<float> partialLse(heads * splits, -99.0f);
  tile::View<tile::bf16, 3> kCache(k.data(), {maxSeq, kvHeads, dim});
  tile::View<tile::bf16, 3> vCache(v.data(), {maxSeq, kvHeads, dim});
  tile::host::launch(
      decode_attention_split<tile::bf16, kBlock, Dim>,
      tile::host::partition<1, 1, Dim>(partialOut.data(), {heads, splits, dim}),
      tile::host::partition<1, 1>(partialLse.data(), {heads, splits}),
      tile::View<tile::bf16, 2>(q.data(), {heads, dim}), kCache, vCache,
      int32_t(seqLen), int32_t(group), scale);
  std::vector<tile::bf16> out(heads * dim, tile::bf16(-99.0f));
  tile::host::launch(
      decode_attention_merge<tile::bf16, kMaxSplits, Dim>,
      tile::host::partition<1, Dim>(out.data(), {heads, dim}),
      tile::View<float, 3>(partialOut.data(), {heads, splits, dim}),
      tile::View<float, 2>(partialLse.data(), {heads, splits}),
      int32_t(splits));

  for (int64_t h = 0; h < heads; ++h) {
    int64_t kvHead = h / group;
    AttentionRow row = referenceAttention(
        &q[h * dim], dim, seqLen, scale,
        [&](int64_t j) { return &k[(j * kvHeads + kvHead) * dim]; },
        [&](int64_t j) { return &v[(j * kvHeads + kvHead) * dim]; });
    for (int64_t d = 0; d < dim; ++d)
      // Float accumulation, one rounding to bf16 at the end.
      ASSERT_NEAR(float(out[h * dim + d]), row.expected[d],
                  row.magnitude[d] / 128 + 1e-4)
          << "head " << h << " column " << d;
  }
}

} // namespace

TEST_P(DecodeAttention, HeadDim128) { checkDecodeAttention<128>(GetParam()); }

TEST_P(DecodeAttention, HeadDim64) { checkDecodeAttention<64>(GetParam()); }

// Lengths of one position, whole blocks, ragged blocks, more splits than
// blocks (empty splits), and one split holding everything.
INSTANTIATE_TEST_SUITE_P(Shapes, DecodeAttention,
                         ::testing::Values(DecodeShape{1, 1, 1, 1, 1},
                                           DecodeShape{4, 2, 64, 64, 4},
                                           DecodeShape{4, 2, 100, 128, 4},
                                           DecodeShape{8, 2, 130, 200, 32},
                                           DecodeShape{2, 1, 1000, 1024, 16},
                                           DecodeShape{4, 4, 777, 800, 1},
                                           DecodeShape{16, 8, 4095, 4096, 32}));
