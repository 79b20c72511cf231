//===- CpuGemm.cpp - Matrix products on the CPU for host mode -------------===//

#include "CpuGemm.h"

#include "tile/kernel/scalar_types.h"

#include <cblas.h>

#include <algorithm>
#include <cstring>
#include <vector>

using namespace tile::rt;

namespace {

/// Columns [col, col + count) of row `row` of an f16 or bf16 `matrix`,
/// widened into `out`. The element type is looked at once per row, so that
/// the loop over the row is a plain conversion the compiler vectorizes.
void widenRow(const MatrixOperand &matrix, int64_t row, int64_t col,
              int64_t count, float *out) {
  const auto *at = reinterpret_cast<const uint16_t *>(matrix.address) +
                   row * matrix.leading + col;
  if (matrix.dtype == "bf16") {
    // A bf16 value is the top half of the f32 with the same bits.
    for (int64_t c = 0; c < count; ++c) {
      uint32_t bits = uint32_t(at[c]) << 16;
      std::memcpy(&out[c], &bits, sizeof bits);
    }
    return;
  }
  for (int64_t c = 0; c < count; ++c)
    out[c] = float(tile::f16::fromBits(at[c]));
}

/// Row `row` of `values` stored into an f16 or bf16 `matrix`, each rounded
/// to nearest, ties to even.
void narrowRow(const MatrixOperand &matrix, int64_t row, const float *values) {
  auto *at =
      reinterpret_cast<uint16_t *>(matrix.address) + row * matrix.leading;
  if (matrix.dtype == "bf16") {
    for (int64_t c = 0; c < matrix.cols; ++c)
      at[c] = tile::bf16(values[c]).bits;
    return;
  }
  for (int64_t c = 0; c < matrix.cols; ++c)
    at[c] = tile::f16(values[c]).bits;
}

/// A matrix as sgemm reads it: in place if it is f32, else a dense f32
/// copy.
struct FloatMatrix {
  explicit FloatMatrix(const MatrixOperand &matrix, bool copyValues = true) {
    if (matrix.dtype == "f32") {
      data = reinterpret_cast<float *>(matrix.address);
      leading = matrix.leading;
      return;
    }
    leading = std::max<int64_t>(matrix.cols, 1);
    widened.resize(size_t(matrix.rows * matrix.cols));
    if (copyValues)
      for (int64_t r = 0; r < matrix.rows; ++r)
        widenRow(matrix, r, 0, matrix.cols, &widened[size_t(r * matrix.cols)]);
    data = widened.data();
  }

  std::vector<float> widened;
  float *data = nullptr;
  int64_t leading = 0;
};

} // namespace

/// The f32 elements of B that a panel of C's columns [col, col + count)
/// needs go through one buffer of about this many, reused: widening the
/// whole of a wide B at once (a vocabulary's embedding matrix, for one
/// token's logits) spent more time on fresh memory than on the product.
constexpr int64_t kPanelElements = int64_t(1) << 20;

void tile::rt::cpuGemm(const GemmProblem &problem) {
  FloatMatrix a(problem.a);
  FloatMatrix c(problem.c, /*copyValues=*/problem.beta != 0.0f);
  const MatrixOperand &b = problem.b;
  int64_t m = problem.m(), n = problem.n(), k = problem.k();
  auto product = [&](const float *panel, int64_t panelLeading, int64_t col,
                     int64_t count) {
    cblas_sgemm(CblasRowMajor, problem.transposeA ? CblasTrans : CblasNoTrans,
                problem.transposeB ? CblasTrans : CblasNoTrans, int(m),
                int(count), int(k), problem.alpha, a.data, int(a.leading),
                panel, int(panelLeading), problem.beta, c.data + col,
                int(c.leading));
  };
  if (b.dtype == "f32") {
    product(reinterpret_cast<const float *>(b.address), b.leading, 0, n);
  } else {
    // op(B)'s columns [col, col + count) are B's rows there when B is
    // transposed (n x k), else its columns (k x n).
    int64_t columns = std::clamp<int64_t>(
        kPanelElements / std::max<int64_t>(k, 1), 1, std::max<int64_t>(n, 1));
    std::vector<float> panel(size_t(columns * k));
    for (int64_t col = 0; col < n; col += columns) {
      int64_t count = std::min(columns, n - col);
      if (problem.transposeB) {
        for (int64_t j = 0; j < count; ++j)
          widenRow(b, col + j, 0, k, &panel[size_t(j * k)]);
        product(panel.data(), std::max<int64_t>(k, 1), col, count);
      } else {
        for (int64_t r = 0; r < k; ++r)
          widenRow(b, r, col, count, &panel[size_t(r * count)]);
        product(panel.data(), count, col, count);
      }
    }
  }
  if (problem.c.dtype == "f32")
    return;
  for (int64_t r = 0; r < problem.c.rows; ++r)
    narrowRow(problem.c, r, &c.widened[size_t(r * problem.c.cols)]);
}
