// The example kernels in host mode against scalar reference loops, on
// random data whose sizes do and do not divide into whole pieces.
#include "cast_bf16.h"
#include "compact_rows.h"
#include "cross_entropy.h"
#include "cumsum_rows.h"
#include "dropout.h"
#include "early_exit.h"
#include "gemv_split_k.h"
#include "hash_u32.h"
#include "histogram.h"
#include "math_functions.h"
#include "moe_routing.h"
#include "nearest_centroid.h"
#include "quantized_gemv.h"
#include "rearrange_tiles.h"
#include "row_combiners.h"
#include "row_stencil.h"
#include "saxpy.h"
#include "silu_mul.h"
#include "sort_rows.h"
#include "stencil3x3.h"
#include "top_p.h"
#include "vector_add.h"

#include "RandomData.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <random>
#include <utility>
#include <vector>

namespace {

constexpr int64_t kPadding = 16; // sentinel elements past each output

std::vector<tile::f16> randomHalves(int64_t n, unsigned seed) {
  std::vector<tile::f16> values;
  for (float v : randomFloats(n, seed))
    values.push_back(tile::f16(v));
  return values;
}

class ExampleKernels : public ::testing::TestWithParam<int64_t> {};

} // namespace

TEST_P(ExampleKernels, VectorAdd) {
  int64_t n = GetParam();
  auto x = randomFloats(n, 1), y = randomFloats(n, 2);
  std::vector<float> z(n + kPadding, -99.0f);
  tile::host::launch(
      vector_add<2048>, tile::host::partition<2048>(z.data(), {n}),
      tile::View<float>(x.data(), {n}), tile::View<float>(y.data(), {n}));
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(z[i], x[i] + y[i]) << "at " << i;
  for (int64_t i = n; i < n + kPadding; ++i)
    ASSERT_EQ(z[i], -99.0f) << "past the end at " << i;
}

TEST_P(ExampleKernels, Saxpy) {
  int64_t n = GetParam();
  auto x = randomFloats(n, 3), y = randomFloats(n, 4);
  float a = 1.7f;
  std::vector<float> expected(n);
  for (int64_t i = 0; i < n; ++i) {
    volatile float product = a * x[i]; // two roundings, as the source says
    expected[i] = product + y[i];
  }
  y.resize(n + kPadding, -99.0f);
  tile::host::launch(saxpy<2048>, tile::host::partition<2048>(y.data(), {n}),
                     tile::View<float>(x.data(), {n}), a);
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(y[i], expected[i]) << "at " << i;
  for (int64_t i = n; i < n + kPadding; ++i)
    ASSERT_EQ(y[i], -99.0f) << "past the end at " << i;
}

TEST_P(ExampleKernels, SiluMul) {
  int64_t n = GetParam();
  auto x = randomHalves(n, 5), y = randomHalves(n, 6);
  std::vector<tile::f16> out(n + kPadding, tile::f16::fromBits(0x7E00));
  tile::host::launch(silu_mul<4096>,
                     tile::host::partition<4096>(out.data(), {n}),
                     tile::View<tile::f16>(x.data(), {n}),
                     tile::View<tile::f16>(y.data(), {n}));
  for (int64_t i = 0; i < n; ++i) {
    double xv = static_cast<float>(x[i]), yv = static_cast<float>(y[i]);
    double expected = xv / (1.0 + std::exp(-xv)) * yv;
    double got = static_cast<float>(out[i]);
    // Half an f16 ulp is 2^-11 relative (2^-25 absolute for subnormals);
    // allow 1e-3 relative.
    ASSERT_NEAR(got, expected, 1e-3 * std::fabs(expected) + 0x1p-24)
        << "at " << i << ": silu(" << xv << ") * " << yv;
  }
  for (int64_t i = n; i < n + kPadding; ++i)
    ASSERT_EQ(out[i].bits, 0x7E00) << "past the end at " << i;
}

TEST_P(ExampleKernels, CastBf16) {
  int64_t n = GetParam();
  auto x = randomFloats(n, 7);
  std::vector<tile::bf16> out(n + kPadding, tile::bf16::fromBits(0x1234));
  tile::host::launch(cast_bf16<4096>,
                     tile::host::partition<4096>(out.data(), {n}),
                     tile::View<float>(x.data(), {n}));
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i].bits, tile::bf16(x[i]).bits) << "at " << i;
  for (int64_t i = n; i < n + kPadding; ++i)
    ASSERT_EQ(out[i].bits, 0x1234) << "past the end at " << i;
}

TEST_P(ExampleKernels, Dropout) {
  int64_t n = GetParam();
  auto x = randomFloats(n, 8);
  int64_t seed = 0x5eed1234abcd;
  float p = 0.25f, scale = 4.0f / 3.0f;
  std::vector<float> out(n + kPadding, -99.0f);
  tile::host::launch(dropout<2048>,
                     tile::host::partition<2048>(out.data(), {n}),
                     tile::View<float>(x.data(), {n}), seed, p, scale);
  int64_t kept = 0;
  for (int64_t i = 0; i < n; ++i) {
    // The 64-bit xorshift of index ^ seed, written with scalar shifts.
    uint64_t h = uint64_t(i ^ seed);
    h ^= h << 13;
    h = h ^ uint64_t(int64_t(h) >> 7); // arithmetic, as the kernel's >>
    h ^= h << 17;
    float uniform =
        std::bit_cast<float>(uint32_t(h & 0x7fffff) | 0x3f800000u) - 1.0f;
    bool keep = uniform >= p;
    kept += keep;
    ASSERT_EQ(out[i], keep ? x[i] * scale : 0.0f) << "at " << i;
  }
  // A quarter dropped, within 5 sigma of the binomial's spread.
  if (n >= 10000) {
    EXPECT_NEAR(double(kept) / n, 0.75, 5 * std::sqrt(0.1875 / n));
  }
  for (int64_t i = n; i < n + kPadding; ++i)
    ASSERT_EQ(out[i], -99.0f) << "past the end at " << i;
}

TEST_P(ExampleKernels, MathFunctions) {
  int64_t n = GetParam();
  auto x = randomFloats(n, 9);
  std::vector<float> out(16 * n, -99.0f);
  tile::host::launch(math_functions<1024>,
                     tile::host::partition<16, 1024>(out.data(), {16, n}),
                     tile::View<float>(x.data(), {n}));
  for (int64_t i = 0; i < n; ++i) {
    float v = x[i], m = std::fabs(v);
    // Each row's function, computed in float as the kernel computes it.
    const float expected[16] = {std::floor(v * 4.0f),
                                std::ceil(v * 4.0f),
                                std::round(std::floor(v * 8.0f) * 0.5f),
                                std::trunc(v * 4.0f),
                                std::log2(m + 1.0f),
                                std::tan(std::tanh(v)),
                                std::sinh(v),
                                std::cosh(v),
                                std::erf(v),
                                std::pow(m, 1.5f),
                                std::atan2(v, 0.5f - v),
                                std::fmod(v * 4.0f, 1.5f),
                                std::exp2(v),
                                std::sqrt(m),
                                std::log(m + 1.0f),
                                1.0f / std::sqrt(m + 1.0f)};
    for (int k = 0; k < 16; ++k)
      ASSERT_EQ(out[k * n + i], expected[k]) << "row " << k << " at " << i;
  }
}

// The stencil against a double-precision loop that skips the neighbours
// outside the image, on images smaller than one piece, one piece, and
// ragged along both dimensions; sentinel columns past each row (a pitched
// output) stay untouched.
TEST_P(ExampleKernels, HashU32) {
  int64_t n = GetParam();
  // Values over the whole uint32_t range, half of them 2^31 or more.
  std::mt19937 random(12);
  std::vector<uint32_t> x(n);
  for (uint32_t &v : x)
    v = uint32_t(random());
  uint32_t seed = 0x9e3779b9u;
  std::vector<uint32_t> out(n + kPadding, 0xdeadbeefu);
  tile::host::launch(hash_u32<2048>,
                     tile::host::partition<2048>(out.data(), {n}),
                     tile::View<uint32_t>(x.data(), {n}), seed);
  for (int64_t i = 0; i < n; ++i) {
    // Marsaglia's xorshift32, its right shift bringing in zeros.
    uint32_t h = x[i] ^ seed;
    h ^= h << 13;
    h ^= h >> 17;
    h ^= h << 5;
    ASSERT_EQ(out[i], h) << "at " << i;
  }
  for (int64_t i = n; i < n + kPadding; ++i)
    ASSERT_EQ(out[i], 0xdeadbeefu) << "past the end at " << i;
}

TEST(ExampleKernelsGrid, Stencil3x3ReadsNeighboursAcrossPieces) {
  for (auto [rows, cols] :
       {std::pair<int64_t, int64_t>{1, 1}, {16, 64}, {3, 70}, {37, 129}}) {
    auto x = randomFloats(rows * cols, unsigned(rows * 131 + cols));
    auto weights = randomFloats(9, 77);
    int64_t pitch = cols + 3;
    std::vector<float> out(rows * pitch, -99.0f);
    tile::host::launch(
        stencil3x3<16, 64>,
        tile::host::partition<16, 64>(out.data(), {rows, cols}, {pitch, 1}),
        tile::View<float, 2>(x.data(), {rows, cols}),
        tile::View<float>(weights.data(), {9}));
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < pitch; ++c) {
        if (c >= cols) {
          ASSERT_EQ(out[r * pitch + c], -99.0f) << "past row " << r;
          continue;
        }
        double expected = 0, magnitude = 0;
        for (int dr = 0; dr < 3; ++dr)
          for (int dc = 0; dc < 3; ++dc) {
            int64_t i = r + dr - 1, j = c + dc - 1;
            if (i >= 0 && i < rows && j >= 0 && j < cols) {
              double term = double(weights[3 * dr + dc]) * x[i * cols + j];
              expected += term;
              magnitude += std::abs(term);
            }
          }
        // Nine float roundings of partial sums at most |terms| in size.
        ASSERT_NEAR(out[r * pitch + c], expected, 1e-6 * magnitude + 1e-30)
            << rows << "x" << cols << " at " << r << ", " << c;
      }
  }
}

// The row stencil against a double-precision loop that skips the
// neighbours past the row's ends, on rows of one element, shorter than the
// piece and as wide as it, and a ragged last block of rows.
TEST(ExampleKernelsGrid, RowStencilShiftsWithinRows) {
  for (auto [rows, cols] :
       {std::pair<int64_t, int64_t>{1, 1}, {4, 1024}, {3, 1000}, {9, 37}}) {
    auto x = randomFloats(rows * cols, unsigned(rows * 89 + cols));
    auto weights = randomFloats(3, 41);
    std::vector<float> out(rows * cols, -99.0f);
    tile::host::launch(row_stencil<4, 1024>,
                       tile::host::partition<4, 1024>(out.data(), {rows, cols}),
                       tile::View<float, 2>(x.data(), {rows, cols}),
                       tile::View<float>(weights.data(), {3}));
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c) {
        double expected = 0, magnitude = 0;
        for (int d = 0; d < 3; ++d)
          if (int64_t j = c + d - 1; j >= 0 && j < cols) {
            double term = double(weights[d]) * x[r * cols + j];
            expected += term;
            magnitude += std::abs(term);
          }
        ASSERT_NEAR(out[r * cols + c], expected, 1e-6 * magnitude + 1e-30)
            << rows << "x" << cols << " at " << r << ", " << c;
      }
  }
}

namespace {

/// Row `row`, column `j` of rearrange_tiles's piece for a program whose
/// input reads `x(r, c)` from row r and column c of its block (zero outside
/// the input) and whose amounts are `k(i)`, written out from the table in
/// rearrange_tiles.h element by element.
template <class T, class Read, class Amount>
T rearrangedElement(int row, int j, const Read &x, const Amount &k, T fill,
                    T edge) {
  auto mod = [](int64_t v, int64_t m) { return ((v % m) + m) % m; };
  auto within = [](int64_t v, int64_t extent) { return v >= 0 && v < extent; };
  // The source tiles, zero outside their shapes (as slices read them).
  auto big = [&](int64_t i, int64_t c) {
    return within(i, 32) && within(c, 64) ? x(i, c) : T{};
  };
  auto a = [&](int64_t i, int64_t c) {
    return within(i, 2) && within(c, 8) ? x(i, 3 + c) : T{};
  };
  auto b = [&](int64_t i, int64_t c) { return x(7 + i, 50 + c); };
  auto stacked = [&](int64_t i, int64_t c) {
    if (!within(i, 4) || !within(c, 8))
      return T{};
    return i < 2 ? a(i, c) : b(i - 2, c);
  };
  auto square = [&](int64_t i, int64_t c) {
    if (c < 8)
      return stacked(i, c);
    return i < 2 ? b(i, c - 8) : a(i - 2, c - 8);
  };
  auto across = [&](int64_t i, int64_t c) {
    return within(i, 8) && within(c, 64) ? x(c, 8 + i) : T{};
  };
  auto block = [&](int64_t i, int64_t c) { return x(16 + i, c); };
  T e = x(2, 63), f = x(3, 0);

  if (row < 64)
    return row < 32 ? x(5 + row, j) : x(row - 32, j);
  if (row < 96) {
    int i = row - 64;
    return j < 32 ? x(i, 32 + j) : x(i + 1, j - 32);
  }
  if (row == 96)
    return j < 32 ? x(4, 33 + j) : x(4, j - 32);
  if (row == 97)
    return j == 0 ? e : j == 1 ? f : fill;
  if (row < 100) {
    int i = row - 98;
    return j < 8 ? a(i, j) : j < 16 ? b(i, j - 8) : fill;
  }
  if (row < 104) {
    int i = row - 100;
    T column[] = {e, f, f, e};
    return j < 16 ? square(i, j) : j == 32 ? column[i] : fill;
  }
  if (row < 112)
    return big(row - 104 + int64_t(k(0)), j + int64_t(k(1)));
  if (row < 114)
    return a(row - 112 + int64_t(k(2)), j + int64_t(k(3)));
  if (row < 116) {
    int i = row - 114;
    return j < 32 ? stacked(i + int64_t(k(6)), j + int64_t(k(7)))
                  : big(i + int64_t(k(7)), j - 32 + int64_t(k(6)));
  }
  if (row < 120)
    return across(row - 116 + int64_t(k(4)), j + int64_t(k(5)));
  if (row < 128) {
    int i = row - 120;
    return i < 4 && j < 16 ? x(3 + i, 5 + j) : fill;
  }
  if (row < 136)
    return j < 32 ? x(9 + row - 128, 1 + j) : edge;
  if (row < 144) {
    int64_t from = j - int64_t(k(8));
    return within(from, 64) ? block(row - 136, from) : edge;
  }
  if (row < 152) {
    int64_t from = row - 144 - int64_t(k(9));
    return within(from, 8) ? block(from, j) : edge;
  }
  if (row < 160) {
    int from = row - 152 + 1;
    return from >= 8 ? edge : j >= 3 ? block(from, j - 3) : fill;
  }
  if (row < 192) {
    int64_t from = row - 160 - int64_t(k(11));
    return within(from, 32) ? big(from, j) : fill;
  }
  if (row < 194) {
    int64_t from = j - int64_t(k(10));
    return j >= 8 ? fill : within(from, 8) ? a(row - 192, from) : edge;
  }
  if (row < 196)
    return j < 8 ? a(row - 194, mod(j - int64_t(k(14)), 8)) : fill;
  if (row < 200)
    return j < 16 ? square(row - 196, mod(j - int64_t(k(13)), 16)) : fill;
  if (row < 208)
    return block(row - 200, mod(j - int64_t(k(12)), 64));
  if (row < 216)
    return block(mod(row - 208 - int64_t(k(13)), 8), j);
  if (row < 224)
    return block(mod(row - 216 + 3, 8), mod(j - 70, 64));
  return big(mod(row - 224 - int64_t(k(15)), 32), j);
}

template <class T> uint32_t bitsOf(T value) {
  if constexpr (sizeof(T) == 2)
    return std::bit_cast<uint16_t>(value);
  else
    return std::bit_cast<uint32_t>(value);
}

} // namespace

// Every rearrangement of rearrange_tiles against its row of the table in
// the header, bit for bit, on int32, float and bf16: six programs, whose
// amounts are zero (the last, past the amounts' rows), small of either
// sign, one short of, at and past the extents, and the 32-bit extremes;
// the last blocks read past the end of the input.
TEST(ExampleKernelsGrid, RearrangeTilesMovesEachElementWhereTheTableSays) {
  constexpr int kMin = INT32_MIN, kMax = INT32_MAX;
  const std::vector<std::array<int32_t, 16>> table = {
      {3, -5, 1, 2, -1, 60, 1, -3, 5, -2, 3, 7, 9, 2, -1, 33},
      {-40, 100, -2, -8, 7, -64, 3, 6, -5, 3, -9, -31, -1, -7, 5, -33},
      {31, 63, 2, 8, -4, 65, -4, -8, 64, 8, 8, 32, 64, 8, 8, 32},
      {kMax, kMin, kMin, kMax, 1000, -1000, kMax, kMin, kMin, kMax, kMin, kMax,
       kMin, kMax, kMin + 1, kMax},
      {-32, -64, 0, -16, 0, 0, -4, 16, -64, -8, -8, -32, -65, -9, 1000, -1000}};
  const int64_t programs = 6, inputRows = programs * 32 - 20, columns = 64;
  std::vector<int32_t> amounts;
  for (const auto &row : table)
    amounts.insert(amounts.end(), row.begin(), row.end());
  int64_t n = inputRows * columns;
  std::vector<int32_t> xi(n);
  std::vector<float> xf = randomFloats(n, 97);
  std::vector<tile::bf16> xh(n);
  for (int64_t i = 0; i < n; ++i) {
    xi[i] = int32_t(i + 1) * (i % 3 ? 1 : -1);
    xh[i] = tile::bf16::fromBits(
        uint16_t(0x3000 + i * 37 % 0x2000 + (i % 2 ? 0x8000 : 0)));
  }
  const int64_t outRows = programs * 256;
  std::vector<int32_t> ints(outRows * columns, -99);
  std::vector<float> floats(outRows * columns, -99.0f);
  std::vector<tile::bf16> halves(outRows * columns, tile::bf16(-99.0f));
  tile::host::launch(
      rearrange_tiles<256, 64>,
      tile::host::partition<256, 64>(ints.data(), {outRows, columns}),
      tile::host::partition<256, 64>(floats.data(), {outRows, columns}),
      tile::host::partition<256, 64>(halves.data(), {outRows, columns}),
      tile::View<int32_t, 2>(xi.data(), {inputRows, columns}),
      tile::View<float, 2>(xf.data(), {inputRows, columns}),
      tile::View<tile::bf16, 2>(xh.data(), {inputRows, columns}),
      tile::View<int32_t, 2>(amounts.data(), {int64_t(table.size()), 16}));

  auto check = [&](const char *type, const auto &x, const auto &out, auto fill,
                   auto edge) {
    using T = std::decay_t<decltype(fill)>;
    for (int64_t p = 0; p < programs; ++p) {
      auto read = [&](int64_t r, int64_t c) {
        int64_t at = p * 32 + r;
        return at >= 0 && at < inputRows && c >= 0 && c < columns
                   ? x[at * columns + c]
                   : T{};
      };
      auto amount = [&](int i) {
        return p < int64_t(table.size()) ? table[p][i] : 0;
      };
      for (int row = 0; row < 256; ++row)
        for (int j = 0; j < 64; ++j) {
          T expected = rearrangedElement<T>(row, j, read, amount, fill, edge);
          T got = out[(p * 256 + row) * columns + j];
          ASSERT_EQ(bitsOf(got), bitsOf(expected))
              << type << ": program " << p << ", row " << row << ", column "
              << j << ": got " << float(got) << ", expected "
              << float(expected);
        }
    }
  };
  check("int32", xi, ints, int32_t(-7), int32_t(1 << 30));
  check("float", xf, floats, -1.5f, 1000.0f);
  check("bf16", xh, halves, tile::bf16(3.25f), tile::bf16(-0.125f));
}

// Rows shorter than one chunk, of one chunk and ragged across chunks, up to
// the piece's width, against a double-precision running sum.
TEST(ExampleKernelsGrid, CumsumRowsCarriesAcrossChunks) {
  for (auto [rows, cols] :
       {std::pair<int64_t, int64_t>{1, 1}, {3, 1024}, {5, 3000}, {2, 8192}}) {
    auto x = randomFloats(rows * cols, unsigned(rows * 17 + cols));
    std::vector<float> out(rows * cols, -99.0f);
    tile::host::launch(cumsum_rows<1, 1024, 8>,
                       tile::host::partition<1, 8192>(out.data(), {rows, cols}),
                       tile::View<float, 2>(x.data(), {rows, cols}));
    for (int64_t r = 0; r < rows; ++r) {
      double running = 0, magnitude = 0;
      for (int64_t c = 0; c < cols; ++c) {
        running += x[r * cols + c];
        magnitude += std::abs(x[r * cols + c]);
        ASSERT_NEAR(out[r * cols + c], running, 1e-6 * magnitude + 1e-30)
            << rows << "x" << cols << " at " << r << ", " << c;
      }
    }
  }
}

// Rows of one element, ragged and whole, with kept elements anywhere: the
// kept ones in order at each row's front, zeros after them, nothing past
// the row written.
TEST(ExampleKernelsGrid, CompactRowsPacksKeptElementsInOrder) {
  for (auto [rows, cols] :
       {std::pair<int64_t, int64_t>{1, 1}, {3, 4096}, {5, 1000}, {4, 3001}}) {
    auto x = randomFloats(rows * cols, unsigned(rows * 31 + cols));
    const float threshold = 0.25f;
    std::vector<float> out(rows * cols + kPadding, -99.0f);
    tile::host::launch(compact_rows<4096>,
                       tile::host::partition<1, 4096>(out.data(), {rows, cols}),
                       tile::View<float, 2>(x.data(), {rows, cols}), threshold);
    for (int64_t r = 0; r < rows; ++r) {
      std::vector<float> expected;
      for (int64_t c = 0; c < cols; ++c)
        if (x[r * cols + c] > threshold)
          expected.push_back(x[r * cols + c]);
      expected.resize(cols, 0.0f);
      for (int64_t c = 0; c < cols; ++c)
        ASSERT_EQ(out[r * cols + c], expected[c])
            << rows << "x" << cols << " at " << r << ", " << c;
    }
    for (int64_t i = rows * cols; i < rows * cols + kPadding; ++i)
      ASSERT_EQ(out[i], -99.0f);
  }
}

// Rows of one element, ragged and whole, with ties and NaNs: each row's
// values in ascending order (NaN last), the columns they came from in
// stable order, nothing past the row written.
TEST(ExampleKernelsGrid, SortRowsMatchesAStableSort) {
  for (auto [rows, cols] :
       {std::pair<int64_t, int64_t>{1, 1}, {3, 1024}, {5, 1000}, {4, 777}}) {
    auto x = randomFloats(rows * cols, unsigned(rows * 37 + cols));
    // Ties and NaNs.
    for (int64_t i = 0; i < rows * cols; i += 7)
      x[i] = 0.5f;
    for (int64_t i = 3; i < rows * cols; i += 97)
      x[i] = std::numeric_limits<float>::quiet_NaN();
    std::vector<float> sorted(rows * cols + kPadding, -99.0f);
    std::vector<int32_t> order(rows * cols + kPadding, -99);
    tile::host::launch(
        sort_rows<1024>,
        tile::host::partition<1, 1024>(sorted.data(), {rows, cols}),
        tile::host::partition<1, 1024>(order.data(), {rows, cols}),
        tile::View<float, 2>(x.data(), {rows, cols}));
    for (int64_t r = 0; r < rows; ++r) {
      std::vector<int32_t> expected(cols);
      std::iota(expected.begin(), expected.end(), 0);
      const float *row = x.data() + r * cols;
      std::stable_sort(expected.begin(), expected.end(), [&](int a, int b) {
        return !std::isnan(row[a]) && (std::isnan(row[b]) || row[a] < row[b]);
      });
      for (int64_t c = 0; c < cols; ++c) {
        ASSERT_EQ(order[r * cols + c], expected[c])
            << rows << "x" << cols << " at " << r << ", " << c;
        float want = row[expected[c]], got = sorted[r * cols + c];
        ASSERT_TRUE(std::isnan(want) ? std::isnan(got) : got == want)
            << rows << "x" << cols << " at " << r << ", " << c;
      }
    }
    for (int64_t i = rows * cols; i < rows * cols + kPadding; ++i) {
      ASSERT_EQ(sorted[i], -99.0f);
      ASSERT_EQ(order[i], -99);
    }
  }
}

// Values inside and outside the bins, over ragged pieces, against a count:
// one atomic update per value, and one per bin of each program's counts.
TEST(ExampleKernelsGrid, HistogramCountsEveryValueOnce) {
  for (int64_t n :
       {int64_t(1), int64_t(4096), int64_t(10000), int64_t(20000)}) {
    const int64_t bins = 100;
    std::mt19937 engine{unsigned(n)};
    std::uniform_int_distribution<int32_t> dist(-5, 104);
    std::vector<int32_t> x(n);
    for (int32_t &v : x)
      v = dist(engine);
    std::vector<int32_t> expected(bins, 0);
    for (int32_t v : x)
      if (v >= 0 && v < bins)
        ++expected[v];
    auto check = [&](auto kernel, auto pieces) {
      std::vector<int32_t> counts(bins + kPadding, 0);
      tile::host::launch(kernel, pieces,
                         tile::Atomic<int32_t>(counts.data(), {bins}));
      for (int64_t b = 0; b < bins; ++b)
        ASSERT_EQ(counts[b], expected[b]) << n << " values, bin " << b;
      for (int64_t b = bins; b < bins + kPadding; ++b)
        ASSERT_EQ(counts[b], 0) << "past the bins";
    };
    check(histogram<4096>,
          tile::host::partition<4096>(std::as_const(x).data(), {n}));
    check(histogram_bins<8192, 256>,
          tile::host::partition<8192>(std::as_const(x).data(), {n}));
  }
}

// More bins than the kernel counts: the launch is refused.
TEST(ExampleKernelsGrid, HistogramBinsRefusesMoreBinsThanItCounts) {
  std::vector<int32_t> x(10, 3), counts(257, 0);
  EXPECT_THROW(tile::host::launch(
                   histogram_bins<8192, 256>,
                   tile::host::partition<8192>(std::as_const(x).data(), {10}),
                   tile::Atomic<int32_t>(counts.data(), {257})),
               std::invalid_argument);
}

// Ragged row and column blocks, added onto y's starting values, against a
// double-precision product.
TEST(ExampleKernelsGrid, GemvSplitKSumsTheColumnBlocks) {
  for (auto [rows, cols] :
       {std::pair<int64_t, int64_t>{1, 1}, {16, 1024}, {37, 2500}}) {
    auto w = randomBf16(rows * cols, unsigned(rows + cols));
    auto x = randomBf16(cols, unsigned(rows * cols));
    std::vector<float> y(rows + kPadding, 0.25f);
    tile::host::launch(
        gemv_split_k<16, 1024>,
        tile::host::partition<16, 1024>(std::as_const(w).data(), {rows, cols}),
        tile::View<tile::bf16>(x.data(), {cols}),
        tile::Atomic<float>(y.data(), {rows}));
    for (int64_t r = 0; r < rows; ++r) {
      double expected = 0.25, magnitude = 0.25;
      for (int64_t c = 0; c < cols; ++c) {
        double term = double(float(w[r * cols + c])) * float(x[c]);
        expected += term;
        magnitude += std::abs(term);
      }
      ASSERT_NEAR(y[r], expected, 1e-6 * magnitude)
          << rows << "x" << cols << " at row " << r;
    }
    for (int64_t r = rows; r < rows + kPadding; ++r)
      ASSERT_EQ(y[r], 0.25f) << "past the rows";
  }
}

// Rows shorter and longer than a chunk, targets inside and outside the
// classes (ignored: a loss of 0), against a double-precision logsumexp.
TEST(ExampleKernelsGrid, CrossEntropyOfEachRow) {
  for (auto [rows, classes] :
       {std::pair<int64_t, int64_t>{1, 1}, {3, 4096}, {5, 10000}}) {
    auto logits = randomBf16(rows * classes, unsigned(rows + classes));
    std::vector<int32_t> targets(rows);
    for (int64_t r = 0; r < rows; ++r)
      targets[r] = r == 2 ? -100 : int32_t((r * 7919) % classes);
    std::vector<float> loss(rows + kPadding, -99.0f);
    tile::host::launch(
        cross_entropy<2048>,
        tile::host::partition<1, 1>(loss.data(), {rows, 1}),
        tile::View<tile::bf16, 2>(logits.data(), {rows, classes}),
        tile::View<int32_t>(targets.data(), {rows}));
    for (int64_t r = 0; r < rows; ++r) {
      double peak = -INFINITY, sum = 0;
      for (int64_t c = 0; c < classes; ++c)
        peak = std::max(peak, double(float(logits[r * classes + c])));
      for (int64_t c = 0; c < classes; ++c)
        sum += std::exp(double(float(logits[r * classes + c])) - peak);
      double expected =
          targets[r] < 0 ? 0.0
                         : std::log(sum) + peak -
                               double(float(logits[r * classes + targets[r]]));
      ASSERT_NEAR(loss[r], expected, 1e-5 * (1 + std::abs(expected)))
          << rows << "x" << classes << " at row " << r;
    }
    for (int64_t r = rows; r < rows + kPadding; ++r)
      ASSERT_EQ(loss[r], -99.0f) << "past the rows";
  }
}

/// The nucleus of `row` by the definition: sorted from the most probable,
/// the fewest whose sum (in double) reaches p, and every class tied with
/// the last of them; the others are zeroed. p of 1 keeps every class.
std::vector<float> nucleus(std::vector<float> row, double p) {
  if (p >= 1.0)
    return row;
  std::vector<float> sorted = row;
  std::sort(sorted.begin(), sorted.end(), std::greater<float>());
  double mass = 0;
  float threshold = 0.0f;
  for (float value : sorted) {
    mass += value;
    threshold = value;
    if (mass >= p)
      break;
  }
  for (float &value : row)
    if (value < threshold)
      value = 0.0f;
  return row;
}

// Rows shorter than the tile, one class, and p from small to 1 (every
// class), against the sorted definition.
TEST(ExampleKernelsGrid, TopPKeepsTheNucleus) {
  for (auto [rows, classes] :
       {std::pair<int64_t, int64_t>{1, 1}, {4, 1000}, {3, 4096}}) {
    for (float p : {0.05f, 0.5f, 0.9f, 1.0f}) {
      std::vector<float> probs(rows * classes);
      std::mt19937 engine{unsigned(rows * classes + int(p * 100))};
      std::exponential_distribution<float> dist(1.0f);
      for (int64_t r = 0; r < rows; ++r) {
        float total = 0;
        for (int64_t c = 0; c < classes; ++c)
          total += probs[r * classes + c] = std::pow(dist(engine), 3.0f);
        for (int64_t c = 0; c < classes; ++c)
          probs[r * classes + c] /= total;
      }
      std::vector<float> out(rows * classes + kPadding, -99.0f);
      tile::host::launch(
          top_p<4096>, tile::host::partition<1, 4096>(out.data(), {rows, classes}),
          tile::View<float, 2>(probs.data(), {rows, classes}), p);
      for (int64_t r = 0; r < rows; ++r) {
        auto expected = nucleus(
            std::vector<float>(probs.begin() + r * classes,
                               probs.begin() + (r + 1) * classes),
            p);
        for (int64_t c = 0; c < classes; ++c)
          ASSERT_EQ(out[r * classes + c], expected[c])
              << rows << "x" << classes << " p " << p << " at " << r << ", "
              << c;
      }
      for (int64_t i = rows * classes; i < rows * classes + kPadding; ++i)
        ASSERT_EQ(out[i], -99.0f) << "past the rows";
    }
  }
}

// int8 weights with per-row scales, over ragged row and column blocks,
// against a double-precision product of the same values.
TEST(ExampleKernelsGrid, GemvInt8ScalesEachRow) {
  for (auto [rows, cols] :
       {std::pair<int64_t, int64_t>{1, 1}, {8, 1024}, {37, 2500}}) {
    std::mt19937 engine{unsigned(rows * 7 + cols)};
    std::uniform_int_distribution<int> byte(-128, 127);
    std::vector<int8_t> w(rows * cols);
    for (int8_t &v : w)
      v = int8_t(byte(engine));
    auto scales = randomFloats(rows, unsigned(rows + 1));
    auto x = randomBf16(cols, unsigned(cols));
    std::vector<float> y(rows + kPadding, -99.0f);
    tile::host::launch(gemv_int8<2, 2048>,
                       tile::host::partition<2, 1>(y.data(), {rows, 1}),
                       tile::View<int8_t, 2>(w.data(), {rows, cols}),
                       tile::View<float>(scales.data(), {rows}),
                       tile::View<tile::bf16>(x.data(), {cols}));
    for (int64_t r = 0; r < rows; ++r) {
      double sum = 0, magnitude = 0;
      for (int64_t c = 0; c < cols; ++c) {
        double term = double(w[r * cols + c]) * float(x[c]);
        sum += term;
        magnitude += std::abs(term);
      }
      ASSERT_NEAR(y[r], sum * scales[r], 1e-6 * magnitude * std::abs(scales[r]))
          << rows << "x" << cols << " at row " << r;
    }
    for (int64_t r = rows; r < rows + kPadding; ++r)
      ASSERT_EQ(y[r], -99.0f) << "past the rows";
  }
}

// fp8 weights with a scale per block of 128 x 128, rows of a ragged last
// block, against a double-precision product of the same values.
TEST(ExampleKernelsGrid, GemvFp8ScalesEachBlock) {
  for (auto [rows, cols] :
       {std::pair<int64_t, int64_t>{1, 128}, {8, 512}, {300, 1152}}) {
    std::vector<tile::f8e4m3> w;
    for (float v : randomFloats(rows * cols, unsigned(rows + cols)))
      w.push_back(tile::f8e4m3(v * 40.0f));
    int64_t rowBlocks = (rows + 127) / 128, colBlocks = cols / 128;
    auto scales = randomFloats(rowBlocks * colBlocks, unsigned(rows));
    auto x = randomBf16(cols, unsigned(cols * 3));
    std::vector<float> y(rows + kPadding, -99.0f);
    tile::host::launch(
        gemv_fp8<16, 4>, tile::host::partition<16, 1>(y.data(), {rows, 1}),
        tile::View<tile::f8e4m3, 3>(w.data(), {rows, colBlocks, 128}),
        tile::View<float, 2>(scales.data(), {rowBlocks, colBlocks}),
        tile::View<tile::bf16, 3>(x.data(), {1, colBlocks, 128}));
    for (int64_t r = 0; r < rows; ++r) {
      double sum = 0, magnitude = 0;
      for (int64_t c = 0; c < cols; ++c) {
        double term = double(scales[(r / 128) * colBlocks + c / 128]) *
                      float(w[r * cols + c]) * float(x[c]);
        sum += term;
        magnitude += std::abs(term);
      }
      ASSERT_NEAR(y[r], sum, 1e-6 * magnitude)
          << rows << "x" << cols << " at row " << r;
    }
    for (int64_t r = rows; r < rows + kPadding; ++r)
      ASSERT_EQ(y[r], -99.0f) << "past the rows";
  }
}

// Tokens of a ragged last block, experts outside [0, 64), against a stable
// sort of the token indices by expert.
TEST(ExampleKernelsGrid, MoeRoutingSortsTokensByExpertStably) {
  for (int64_t tokens :
       {int64_t(1), int64_t(256), int64_t(1000), int64_t(20000)}) {
    const int64_t experts = 64;
    std::mt19937 engine{unsigned(tokens)};
    std::uniform_int_distribution<int32_t> dist(-2, 65);
    std::vector<int32_t> ids(tokens);
    for (int32_t &id : ids)
      id = dist(engine);
    int64_t blocks = (tokens + 255) / 256;
    std::vector<int32_t> blockCounts(blocks * experts, -1), counts(experts, 0);
    tile::host::launch(
        route_count<256, 64>,
        tile::host::partition<1, 64>(blockCounts.data(), {blocks, experts}),
        tile::View<int32_t>(ids.data(), {tokens}),
        tile::Atomic<int32_t>(counts.data(), {experts}));
    std::vector<int32_t> order(tokens + kPadding, -1);
    tile::host::launch(
        route_scatter<256, 64>,
        tile::host::partition<256>(std::as_const(ids).data(), {tokens}),
        tile::View<int32_t, 2>(blockCounts.data(), {blocks, experts}),
        tile::Atomic<int32_t>(order.data(), {tokens}));

    std::vector<int32_t> routed, expectedCounts(experts, 0);
    for (int32_t t = 0; t < int32_t(tokens); ++t)
      if (ids[t] >= 0 && ids[t] < experts) {
        routed.push_back(t);
        ++expectedCounts[ids[t]];
      }
    std::stable_sort(routed.begin(), routed.end(),
                     [&](int32_t a, int32_t b) { return ids[a] < ids[b]; });
    EXPECT_EQ(counts, expectedCounts) << tokens << " tokens";
    for (size_t k = 0; k < order.size(); ++k)
      ASSERT_EQ(order[k], k < routed.size() ? routed[k] : -1)
          << tokens << " tokens, slot " << k;
  }
}

// Fewer centroids than the kernel takes, a ragged last block and ties
// (integer points on a small grid), against a loop.
TEST(ExampleKernelsGrid, FirstTokenFindsTheFirstOccurrenceOrTheLength) {
  constexpr int32_t kToken = 7;
  for (auto [rows, columns] :
       {std::pair<int64_t, int64_t>{1, 1}, {5, 3000}, {64, 1024}, {3, 5000}}) {
    std::mt19937 engine{unsigned(rows * 31 + columns)};
    std::uniform_int_distribution<int32_t> id(0, 20);
    std::uniform_int_distribution<int64_t> where(0, columns + columns / 2);
    std::vector<int32_t> ids(rows * columns);
    for (int32_t &value : ids)
      value = id(engine) == kToken ? kToken + 1 : id(engine);
    // Each row holds the token at most a few times, from some column on,
    // or not at all (`where` past the end).
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = where(engine); c < columns; c += 1 + where(engine))
        ids[r * columns + c] = kToken;
    std::vector<int64_t> lengths(rows + kPadding, -1);
    tile::host::launch(
        first_token<1024>, tile::host::partition<1>(lengths.data(), {rows}),
        tile::View<int32_t, 2>(ids.data(), {rows, columns}), kToken);
    for (int64_t r = 0; r < rows; ++r) {
      auto row = ids.begin() + r * columns;
      int64_t expected = std::find(row, row + columns, kToken) - row;
      EXPECT_EQ(lengths[r], expected) << rows << "x" << columns << " row " << r;
    }
    EXPECT_EQ(lengths[rows], -1) << "wrote past the output";
  }
}

TEST(ExampleKernelsGrid, CollatzStepsCountsEachElementsSteps) {
  for (int64_t n : {1, 1000, 1024, 5000}) {
    std::mt19937 engine{unsigned(n)};
    std::uniform_int_distribution<int32_t> start(1, (1 << 20) - 1);
    std::vector<int32_t> x(n);
    for (int32_t &value : x)
      value = start(engine);
    // A tile where every element starts at 1 leaves at once.
    if (n >= 2048)
      std::fill(x.begin() + 1024, x.begin() + 2048, 1);
    std::vector<int32_t> steps(n + kPadding, -1);
    tile::host::launch(collatz_steps<1024>,
                       tile::host::partition<1024>(steps.data(), {n}),
                       tile::View<int32_t>(x.data(), {n}));
    for (int64_t i = 0; i < n; ++i) {
      int32_t expected = 0;
      for (int64_t v = x[i]; v != 1; v = v % 2 ? 3 * v + 1 : v / 2)
        ++expected;
      EXPECT_EQ(steps[i], expected) << "x = " << x[i];
    }
    EXPECT_EQ(steps[n], -1) << "wrote past the output";
  }
}

TEST(ExampleKernelsGrid, RowBitsOrsEachRow) {
  for (auto [rows, columns] :
       {std::pair<int64_t, int64_t>{1, 1}, {13, 256}, {16, 100}}) {
    std::mt19937 engine{unsigned(rows + columns)};
    // Sparse words: each bit is set in about one word in 40.
    std::uniform_int_distribution<int32_t> bit(0, 31 * 40);
    std::vector<int32_t> flags(rows * columns);
    for (int32_t &word : flags)
      word = bit(engine) < 31 ? int32_t(1) << bit(engine) % 31 : 0;
    std::vector<int32_t> bits(rows + kPadding, -1);
    tile::host::launch(row_bits<8, 256>,
                       tile::host::partition<8, 1>(bits.data(), {rows, 1}),
                       tile::View<int32_t, 2>(flags.data(), {rows, columns}));
    for (int64_t r = 0; r < rows; ++r) {
      int32_t expected = 0;
      for (int64_t c = 0; c < columns; ++c)
        expected |= flags[r * columns + c];
      EXPECT_EQ(bits[r], expected) << "row " << r;
    }
    EXPECT_EQ(bits[rows], -1) << "wrote past the output";
  }
}

TEST(ExampleKernelsGrid, PrefixGcdTakesEachPrefixsDivisor) {
  for (auto [rows, columns] :
       {std::pair<int64_t, int64_t>{1, 1}, {3, 1024}, {5, 700}}) {
    std::mt19937 engine{unsigned(rows * 3 + columns)};
    // Products of small primes, so that the divisors shrink slowly.
    std::uniform_int_distribution<int> prime(0, 5), count(1, 6);
    const int64_t primes[] = {2, 3, 5, 7, 11, 13};
    std::vector<int64_t> x(rows * columns);
    for (int64_t &v : x) {
      v = 720720;
      for (int k = count(engine); k > 0; --k)
        v *= primes[prime(engine)];
    }
    std::vector<int64_t> gcds(rows * columns + kPadding, -1);
    tile::host::launch(
        prefix_gcd<1024>,
        tile::host::partition<1, 1024>(gcds.data(), {rows, columns}),
        tile::View<int64_t, 2>(x.data(), {rows, columns}));
    for (int64_t r = 0; r < rows; ++r) {
      int64_t expected = 0;
      for (int64_t c = 0; c < columns; ++c) {
        expected = std::gcd(expected, x[r * columns + c]);
        EXPECT_EQ(gcds[r * columns + c], expected) << r << ", " << c;
      }
    }
    EXPECT_EQ(gcds[rows * columns], -1) << "wrote past the output";
  }
}

TEST(ExampleKernelsGrid, NearestCentroidTakesTheFirstOfTies) {
  for (auto [n, k] : {std::pair<int64_t, int64_t>{1, 1}, {300, 64}, {129, 5}}) {
    std::mt19937 engine{unsigned(n * 7 + k)};
    std::uniform_int_distribution<int32_t> dist(-20, 20);
    std::vector<int32_t> xs(n), ys(n), cxs(k), cys(k);
    for (auto *v : {&xs, &ys, &cxs, &cys})
      for (int32_t &value : *v)
        value = dist(engine);
    std::vector<int32_t> nearest(n + kPadding, -1);
    tile::host::launch(nearest_centroid<128, 64>,
                       tile::host::partition<128, 1>(nearest.data(), {n, 1}),
                       tile::View<int32_t>(xs.data(), {n}),
                       tile::View<int32_t>(ys.data(), {n}),
                       tile::View<int32_t>(cxs.data(), {k}),
                       tile::View<int32_t>(cys.data(), {k}));
    for (int64_t p = 0; p < n; ++p) {
      int64_t best = 0, bestDistance = INT64_MAX;
      for (int64_t c = 0; c < k; ++c) {
        int64_t dx = xs[p] - cxs[c], dy = ys[p] - cys[c];
        if (dx * dx + dy * dy < bestDistance) {
          bestDistance = dx * dx + dy * dy;
          best = c;
        }
      }
      ASSERT_EQ(nearest[p], best) << n << " points, " << k << ", point " << p;
    }
    for (int64_t p = n; p < n + kPadding; ++p)
      ASSERT_EQ(nearest[p], -1) << "past the points";
  }
}

TEST(ExampleKernelsGrid, RaggedSizesRunOneProgramPerPiece) {
  // 12289 elements in pieces of 4096: four programs, the last writing one
  // element.
  int64_t n = 12289;
  int programs = 0;
  std::vector<float> x(n, 1.0f);
  std::vector<tile::bf16> out(n);
  auto counting = [&](tile::Piece<tile::bf16, 4096> piece,
                      tile::View<float> in) {
    ++programs;
    EXPECT_EQ(tile::num_programs(0), 4);
    cast_bf16<4096>(std::move(piece), in);
  };
  tile::host::launch(counting, tile::host::partition<4096>(out.data(), {n}),
                     tile::View<float>(x.data(), {n}));
  EXPECT_EQ(programs, 4);
  EXPECT_EQ(out[n - 1].bits, 0x3F80);
}

INSTANTIATE_TEST_SUITE_P(Sizes, ExampleKernels,
                         ::testing::Values(0, 1, 1000, 2048, 4096, 12289,
                                           65536 + 3));
