// Mixture-of-experts routing: given the expert each token goes to, list the
// tokens grouped by expert, in token order within each expert (a stable
// sort of the tokens by expert), as a grouped product of the experts'
// weights reads them. Two kernels, one program per block of Tokens tokens:
//
//  - route_count: each block counts its tokens per expert (a one-hot
//    matrix summed over its tokens) into its own row of block_counts, and
//    adds them into the total counts with atomic adds;
//  - route_scatter: each block finds where each expert's tokens start
//    (an exclusive prefix sum of the total counts, summed from the blocks'
//    rows 64 at a time), adds the tokens of the blocks before it and each
//    token's rank among its block's tokens of the same expert (an exclusive
//    prefix sum down the one-hot matrix), and writes the token's index there: a
//    scatter into an atomic output, where every slot receives exactly one token
//    (`order` starts at -1).
//
// Expert ids outside [0, Experts) route nowhere.
#ifndef TILE_EXAMPLES_MOE_ROUTING_H
#define TILE_EXAMPLES_MOE_ROUTING_H

#include <tile/kernel.h>

/// The [Tokens, Experts] matrix whose row t is one at column experts[t],
/// zero past the tokens' end, for the block of tokens at `block`.
template <int Tokens, int Experts>
tile::Tile<int32_t, Tokens, Experts>
routing_one_hot(const tile::Tile<int32_t, Tokens> &ids, int block,
                int64_t tokens) {
  auto position = tile::iota<int64_t, Tokens>() + int64_t(block) * Tokens;
  auto valid = tile::broadcast<Tokens, Experts>(
      tile::reshape<Tokens, 1>(position < tokens));
  auto column = tile::broadcast<Tokens, Experts>(
      tile::reshape<1, Experts>(tile::iota<int32_t, Experts>()));
  auto chosen =
      tile::broadcast<Tokens, Experts>(tile::reshape<Tokens, 1>(ids)) == column;
  return tile::select(valid && chosen, tile::full<int32_t, Tokens, Experts>(1),
                      tile::full<int32_t, Tokens, Experts>(0));
}

template <int Tokens, int Experts>
TILE_KERNEL void route_count(tile::Piece<int32_t, 1, Experts> block_counts,
                             tile::View<int32_t> experts,
                             tile::Atomic<int32_t> counts) {
  int block = tile::program_id(0);
  auto one_hot = routing_one_hot<Tokens, Experts>(
      tile::load<Tokens>(experts, block), block, experts.size(0));
  auto mine = tile::reduce_sum<0>(one_hot);
  block_counts.store(mine);
  counts.add(tile::reshape<Experts>(mine), tile::iota<int32_t, Experts>());
}

template <int Tokens, int Experts>
TILE_KERNEL void route_scatter(tile::Piece<const int32_t, Tokens> experts,
                               tile::View<int32_t, 2> block_counts,
                               tile::Atomic<int32_t> order) {
  int block = tile::program_id(0);
  // The tokens of each expert in all blocks, and in the blocks before
  // this one, summed over 64 blocks' rows at a time.
  constexpr int Rows = 64;
  auto total = tile::full<int32_t, 1, Experts>(0);
  auto before = tile::full<int32_t, 1, Experts>(0);
  auto none = tile::full<int32_t, Rows, Experts>(0);
  int chunks = int((block_counts.size(0) + Rows - 1) / Rows);
  for (int c = 0; c < chunks; ++c) {
    auto rows = tile::load<Rows, Experts>(block_counts, c, 0);
    auto index = tile::iota<int64_t, Rows>() + int64_t(c) * Rows;
    auto earlier = tile::broadcast<Rows, Experts>(
        tile::reshape<Rows, 1>(index < int64_t(block)));
    total = total + tile::reduce_sum<0>(rows);
    before = before + tile::reduce_sum<0>(tile::select(earlier, rows, none));
  }
  auto start = tile::exclusive_cumsum<1>(total) + before;
  auto one_hot =
      routing_one_hot<Tokens, Experts>(experts.load(), block, experts.size(0));
  auto rank = tile::exclusive_cumsum<0>(one_hot);
  // Each token's slot: its expert's start plus its rank; the one-hot row
  // picks the token's expert.
  auto slot = tile::reshape<Tokens>(tile::reduce_sum<1>(
      one_hot * (tile::broadcast<Tokens, Experts>(start) + rank)));
  auto routed = tile::reshape<Tokens>(tile::reduce_sum<1>(one_hot)) == 1;
  auto token = tile::cast<int32_t>(tile::iota<int64_t, Tokens>() +
                                   int64_t(block) * Tokens);
  order.max(token, slot, routed);
}

#endif // TILE_EXAMPLES_MOE_ROUTING_H
