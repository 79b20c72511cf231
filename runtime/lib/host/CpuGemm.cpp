//===- CpuGemm.cpp - Matrix products on the CPU for host mode -------------===//

#include "CpuGemm.h"

#include "tile/kernel/scalar_types.h"

#include <cblas.h>

#include <algorithm>
#include <cstring>
#include <vector>

using namespace tile::rt;

namespace {

/// Element (row, col) of `matrix` as a float.
float element(const MatrixOperand &matrix, int64_t row, int64_t col) {
  const auto *at =
      reinterpret_cast<const unsigned char *>(matrix.address) +
      (row * matrix.leading + col) * (matrix.dtype == "f32" ? 4 : 2);
  if (matrix.dtype == "f32") {
    float value;
    std::memcpy(&value, at, sizeof value);
    return value;
  }
  uint16_t bits;
  std::memcpy(&bits, at, sizeof bits);
  return matrix.dtype == "f16" ? float(tile::f16::fromBits(bits))
                               : float(tile::bf16::fromBits(bits));
}

/// Stores `value`, rounded to the matrix's element type, at (row, col).
void store(const MatrixOperand &matrix, int64_t row, int64_t col, float value) {
  auto *at = reinterpret_cast<unsigned char *>(matrix.address) +
             (row * matrix.leading + col) * 2;
  uint16_t bits =
      matrix.dtype == "f16" ? tile::f16(value).bits : tile::bf16(value).bits;
  std::memcpy(at, &bits, sizeof bits);
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
        for (int64_t c = 0; c < matrix.cols; ++c)
          widened[size_t(r * matrix.cols + c)] = element(matrix, r, c);
    data = widened.data();
  }

  std::vector<float> widened;
  float *data = nullptr;
  int64_t leading = 0;
};

} // namespace

void tile::rt::cpuGemm(const GemmProblem &problem) {
  FloatMatrix a(problem.a), b(problem.b);
  FloatMatrix c(problem.c, /*copyValues=*/problem.beta != 0.0f);
  cblas_sgemm(CblasRowMajor, problem.transposeA ? CblasTrans : CblasNoTrans,
              problem.transposeB ? CblasTrans : CblasNoTrans, int(problem.m()),
              int(problem.n()), int(problem.k()), problem.alpha, a.data,
              int(a.leading), b.data, int(b.leading), problem.beta, c.data,
              int(c.leading));
  if (problem.c.dtype == "f32")
    return;
  for (int64_t r = 0; r < problem.c.rows; ++r)
    for (int64_t col = 0; col < problem.c.cols; ++col)
      store(problem.c, r, col, c.widened[size_t(r * problem.c.cols + col)]);
}
