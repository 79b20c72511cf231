// Every rearrangement of tiles, each into its own rows of the output: cat
// along rows and along columns, slice, pad, shift and roll, on large tiles
// that fill the program's threads (32 x 64, 64 x 64) and on small ones
// whose elements several threads hold (2 x 8, 1 x 32, 1 x 1), on int32,
// float and bf16. Slice offsets, shifts and rolls come from `amounts`
// (row p for program p), so they may be negative, zero, or past the tile's
// extent; outside the source, slices read zero and pads and shifts their
// fill. Program p reads the block of x that starts at row 32 p (and a few
// rows past it) and writes rows [256 p, 256 p + 256) of each output:
//
//   rows       what                                              amounts
//   0-63       cat<0> of two 32 x 64 tiles
//   64-95      cat<1> of two 32 x 32 tiles, right half first
//   96         cat<1> of two 1 x 32 tiles
//   97         cat<1> of two 1 x 1 tiles, padded to 1 x 64
//   98-99      cat<1> of two 2 x 8 tiles, padded to 2 x 64
//   100-103    cat<1> of cat<0>s of 2 x 8 tiles and of 1 x 1 tiles, padded
//   104-111    slice<8, 64> of the 32 x 64 block                    0, 1
//   112-113    slice<2, 64> of a 2 x 8 tile (larger than it)        2, 3
//   114-115    slices of a 4 x 8 cat and of the block, joined       6, 7
//   116-119    slice<4, 64> of a transposed 64 x 8 tile             4, 5
//   120-127    pad<8, 64> of a 4 x 16 tile
//   128-135    pad<8, 64> of an 8 x 32 tile (rows unchanged)
//   136-143    shift<1> of an 8 x 64 tile                           8
//   144-151    shift<0> of it                                       9
//   152-159    shift<1> by 3, then shift<0> by -1
//   160-191    shift<0> of the 32 x 64 block                        11
//   192-193    shift<1> of a 2 x 8 tile, padded                     10
//   194-195    roll<1> of a 2 x 8 tile, padded                      14
//   196-199    roll<1> of a 4 x 16 cat, padded                      13
//   200-207    roll<1> of the 8 x 64 tile                           12
//   208-215    roll<0> of it                                        13
//   216-223    roll<0> by -3, then roll<1> by 70
//   224-255    roll<0> of the 32 x 64 block                         15
//
// Every element of the 256 x 64 piece is written.
#ifndef TILE_EXAMPLES_REARRANGE_TILES_H
#define TILE_EXAMPLES_REARRANGE_TILES_H

#include <tile/kernel.h>

/// The rows of one output, of element type T, from the block of x that
/// program p reads; `fill` and `edge` are what pads and shifts put outside
/// their source.
template <class T, int Rows, int Columns>
void rearrangeTiles(tile::Piece<T, Rows, Columns> &out, tile::View<T, 2> x,
                    tile::View<int32_t, 2> amounts, T fill, T edge) {
  constexpr int C = Columns, H = Columns / 2;
  int p = tile::program_id(0);
  int64_t r0 = int64_t(p) * 32;
  auto amount = [&](int i) { return tile::load_scalar(amounts, p, i); };

  // Cats of tiles that fill the threads: the new bit is a register.
  auto big = tile::load_at<32, C>(x, r0, 0);
  out.store_at(tile::cat<0>(tile::load_at<32, C>(x, r0 + 5, 0), big), 0, 0);
  out.store_at(tile::cat<1>(tile::load_at<32, H>(x, r0, H),
                            tile::load_at<32, H>(x, r0 + 1, 0)),
               2, 0);

  // Cats of tiles with replicas: the new bit is a lane or a warp.
  auto a = tile::load_at<2, 8>(x, r0, 3);
  auto b = tile::load_at<2, 8>(x, r0 + 7, C - 14);
  auto e = tile::load_at<1, 1>(x, r0 + 2, C - 1);
  auto f = tile::load_at<1, 1>(x, r0 + 3, 0);
  out.store_at(tile::cat<1>(tile::load_at<1, H>(x, r0 + 4, H + 1),
                            tile::load_at<1, H>(x, r0 + 4, 0)),
               96, 0);
  out.store_at(tile::pad<1, C>(tile::cat<1>(e, f), fill), 97, 0);
  out.store_at(tile::pad<2, C>(tile::cat<1>(a, b), fill), 49, 0);
  auto stacked = tile::cat<0>(a, b);
  auto square = tile::cat<1>(stacked, tile::cat<0>(b, a));
  auto column = tile::cat<0>(tile::cat<0>(e, f), tile::cat<0>(f, e));
  out.store_at(tile::cat<1>(tile::pad<4, H>(square, fill),
                            tile::pad<4, H>(column, fill)),
               25, 0);

  // Slices at offsets from data, of any sign and size.
  out.store_at(tile::slice<8, C>(big, amount(0), amount(1)), 13, 0);
  out.store_at(tile::slice<2, C>(a, amount(2), amount(3)), 56, 0);
  out.store_at(tile::cat<1>(tile::slice<2, H>(stacked, amount(6), amount(7)),
                            tile::slice<2, H>(big, amount(7), amount(6))),
               57, 0);
  auto across = tile::permute<1, 0>(tile::load_at<C, 8>(x, r0, 8));
  out.store_at(tile::slice<4, C>(across, amount(4), amount(5)), 29, 0);

  // Pads with a fill that is not zero.
  out.store_at(tile::pad<8, C>(tile::load_at<4, 16>(x, r0 + 3, 5), fill), 15,
               0);
  out.store_at(tile::pad<8, C>(tile::load_at<8, H>(x, r0 + 9, 1), edge), 16, 0);

  // Shifts along each axis, by amounts from data and by constants.
  auto block = tile::load_at<8, C>(x, r0 + 16, 0);
  out.store_at(tile::shift<1>(block, amount(8), edge), 17, 0);
  out.store_at(tile::shift<0>(block, amount(9), edge), 18, 0);
  out.store_at(tile::shift<0>(tile::shift<1>(block, 3, fill), -1, edge), 19, 0);
  out.store_at(tile::shift<0>(big, amount(11), fill), 5, 0);
  out.store_at(tile::pad<2, C>(tile::shift<1>(a, amount(10), edge), fill), 96,
               0);

  // Rolls, which wrap around: amounts modulo the extent.
  out.store_at(tile::pad<2, C>(tile::roll<1>(a, amount(14)), fill), 97, 0);
  out.store_at(tile::pad<4, C>(tile::roll<1>(square, amount(13)), fill), 49, 0);
  out.store_at(tile::roll<1>(block, amount(12)), 25, 0);
  out.store_at(tile::roll<0>(block, amount(13)), 26, 0);
  out.store_at(tile::roll<1>(tile::roll<0>(block, -3), 70), 27, 0);
  out.store_at(tile::roll<0>(big, amount(15)), 7, 0);
}

template <int Rows, int Columns>
TILE_KERNEL void
rearrange_tiles(tile::Piece<int32_t, Rows, Columns> ints,
                tile::Piece<float, Rows, Columns> floats,
                tile::Piece<tile::bf16, Rows, Columns> halves,
                tile::View<int32_t, 2> xi, tile::View<float, 2> xf,
                tile::View<tile::bf16, 2> xh, tile::View<int32_t, 2> amounts) {
  static_assert(Rows == 256 && Columns == 64,
                "rearrange_tiles writes its rows for pieces of 256 x 64");
  rearrangeTiles(ints, xi, amounts, int32_t(-7), int32_t(1 << 30));
  rearrangeTiles(floats, xf, amounts, -1.5f, 1000.0f);
  rearrangeTiles(halves, xh, amounts, tile::bf16(3.25f), tile::bf16(-0.125f));
}

#endif // TILE_EXAMPLES_REARRANGE_TILES_H
