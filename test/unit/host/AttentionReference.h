//===- AttentionReference.h - Float64 attention of the host tests -*- C++ -*-//

#ifndef TILE_TEST_HOST_ATTENTIONREFERENCE_H
#define TILE_TEST_HOST_ATTENTIONREFERENCE_H

#include <tile/kernel.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

/// One query's attention output in float64, per column: the expected value
/// and the softmax-weighted magnitude of the values, which bounds how far
/// roundings of the weights and values can move it.
struct AttentionRow {
  std::vector<double> expected;
  std::vector<double> magnitude;
};

/// Softmax attention of `query` (dim elements) over `count` positions whose
/// key and value rows are keyAt(j) and valueAt(j).
template <class KeyAt, class ValueAt>
AttentionRow referenceAttention(const tile::bf16 *query, int64_t dim,
                                int64_t count, float scale, KeyAt keyAt,
                                ValueAt valueAt) {
  std::vector<double> weights(count);
  for (int64_t j = 0; j < count; ++j) {
    const tile::bf16 *key = keyAt(j);
    double dot = 0;
    for (int64_t d = 0; d < dim; ++d)
      dot += double(float(query[d])) * float(key[d]);
    weights[j] = dot * scale;
  }
  double peak = *std::max_element(weights.begin(), weights.end()), sum = 0;
  for (double &w : weights)
    sum += (w = std::exp(w - peak));
  AttentionRow row{std::vector<double>(dim), std::vector<double>(dim)};
  for (int64_t d = 0; d < dim; ++d)
    for (int64_t j = 0; j < count; ++j) {
      double value = float(valueAt(j)[d]);
      row.expected[d] += weights[j] / sum * value;
      row.magnitude[d] += weights[j] / sum * std::abs(value);
    }
  return row;
}

#endif // TILE_TEST_HOST_ATTENTIONREFERENCE_H
