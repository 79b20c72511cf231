//===- LogitsCheck.h - The engine's logits against the reference -*- C++
//-*-===//
//
// The relative error of each position's logits against the float64
// reference, and what the tests allow of it.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_TEST_LOGITSCHECK_H
#define QWEN3_TEST_LOGITSCHECK_H

#include "qwen3/Model.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace qwen3::test {

/// ||logits - reference|| / ||reference|| allowed per position in bf16.
/// The engine stores activations in bf16 and the reference rounds where it
/// does: the two agree within 1e-7 (f32 against float64 logits) until one
/// element rounds the other way (f32 against float64 arithmetic), which
/// moves every output of the next product by a fraction of a bf16 step and
/// so flips a third of their roundings: such positions drift apart by 3e-3
/// to 6e-3 over two layers. A wrong rotation, head or weight shows as 1e-1
/// or more.
inline constexpr double kTolerance = 1.5e-2;

/// The same allowed in f32, where nothing rounds to bf16: what remains is
/// f32 against float64 arithmetic, 1e-6 at most on the tests' models.
inline constexpr double kF32Tolerance = 1e-4;

/// Expects each row of `logits` within `tolerance` of the reference rows
/// from `first` on.
inline void
expectNearReference(Model &model, const tile::rt::Tensor &logits,
                    const std::vector<std::vector<double>> &reference,
                    size_t first, double tolerance = kTolerance) {
  std::vector<float> values = logits.toHost<float>(model.stream());
  size_t rows = size_t(logits.shape()[0]), vocab = size_t(logits.shape()[1]);
  ASSERT_EQ(values.size(), rows * vocab);
  for (size_t r = 0; r < rows; ++r) {
    double error = 0, norm = 0;
    for (size_t i = 0; i < vocab; ++i) {
      double expected = reference[first + r][i];
      double difference = double(values[r * vocab + i]) - expected;
      ASSERT_FALSE(std::isnan(values[r * vocab + i]));
      error += difference * difference;
      norm += expected * expected;
    }
    EXPECT_LT(std::sqrt(error / norm), tolerance) << "position " << first + r;
  }
}

} // namespace qwen3::test

#endif // QWEN3_TEST_LOGITSCHECK_H
