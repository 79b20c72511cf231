//===- ReferenceForward.cpp - Qwen3's forward pass in float64 -------------===//

#include "ReferenceForward.h"

#include "qwen3/Bf16Conversion.h"

#include <algorithm>
#include <cmath>
#include <string>

using namespace qwen3;

namespace {

using Vector = std::vector<double>;
using Matrix = std::vector<Vector>;

/// Keys per step of the attention kernels' online softmax.
constexpr int64_t kKeyBlock = 64;

/// v rounded to bf16.
double bf16(double v) { return double(float(tile::bf16(float(v)))); }

/// A checkpoint tensor's elements, as rows of its last dimension.
Matrix rowsOf(const Checkpoint &checkpoint, const std::string &name) {
  const TensorInfo &tensor = checkpoint.tensor(name);
  std::vector<tile::bf16> values(static_cast<size_t>(tensor.numel()));
  copyToBf16(tensor, values);
  size_t width = size_t(tensor.shape.back());
  Matrix rows(values.size() / width, Vector(width));
  for (size_t i = 0; i < values.size(); ++i)
    rows[i / width][i % width] = double(float(values[i]));
  return rows;
}

Vector vectorOf(const Checkpoint &checkpoint, const std::string &name) {
  return rowsOf(checkpoint, name)[0];
}

/// The rotary embedding's frequency of each pair of a head's columns, and
/// the scale of its cos and sin.
struct Rotation {
  Vector frequencies;
  double scale = 1;

  /// theta^(-2i / d), or with YaRN (the paper's method, as Hugging Face's
  /// Qwen3 configures it): each pair's frequency divided by the factor in
  /// proportion to how few turns it makes over the original context (all
  /// of it below beta_slow turns, none above beta_fast), cos and sin scaled.
  static Rotation of(const Config &c) {
    Rotation rotation;
    double d = double(c.headDim);
    for (int64_t pair = 0; pair < c.headDim / 2; ++pair)
      rotation.frequencies.push_back(
          std::pow(c.ropeTheta, -2.0 * double(pair) / d));
    if (!c.yarn)
      return rotation;
    const Yarn &yarn = *c.yarn;
    // The column (of d) whose pair turns `turns` times over the context.
    auto columnOf = [&](double turns) {
      double wavelength = double(yarn.originalMaxPositionEmbeddings) / turns;
      return d / 2 * std::log(wavelength / (2 * M_PI)) / std::log(c.ropeTheta);
    };
    double first = columnOf(yarn.betaFast), last = columnOf(yarn.betaSlow);
    if (yarn.truncate) {
      first = std::floor(first);
      last = std::ceil(last);
    }
    first = std::max(first, 0.0);
    last = std::min(last, d - 1);
    if (first == last)
      last += 0.001;
    for (size_t pair = 0; pair < rotation.frequencies.size(); ++pair) {
      double stretched =
          std::min(1.0, std::max(0.0, (double(pair) - first) / (last - first)));
      double &frequency = rotation.frequencies[pair];
      frequency =
          frequency * (1 - stretched) + frequency / yarn.factor * stretched;
    }
    auto mscale = [&](double m) { return 0.1 * m * std::log(yarn.factor) + 1; };
    if (yarn.attentionFactor)
      rotation.scale = *yarn.attentionFactor;
    else if (yarn.mscale.value_or(0) != 0 && yarn.mscaleAllDim.value_or(0) != 0)
      rotation.scale = mscale(*yarn.mscale) / mscale(*yarn.mscaleAllDim);
    else
      rotation.scale = mscale(1);
    return rotation;
  }
};

/// The engine's arithmetic: where it stores a tensor (activations between
/// kernels, and its kernels' intermediate roundings) the values are rounded
/// to bf16, or kept as they are for an engine computing in f32.
struct Arithmetic {
  bool bf16Activations;

  /// v as the engine stores it.
  double stored(double v) const { return bf16Activations ? bf16(v) : v; }

  /// x W^T for W given as rows, each output stored as the engine stores it
  /// unless `exact`.
  Vector product(const Vector &x, const Matrix &w, bool exact = false) const {
    Vector out(w.size());
    for (size_t o = 0; o < w.size(); ++o) {
      double sum = 0;
      for (size_t i = 0; i < x.size(); ++i)
        sum += x[i] * w[o][i];
      out[o] = exact ? sum : stored(sum);
    }
    return out;
  }

  Vector rmsNorm(const Vector &x, const Vector &w, double eps) const {
    double squares = 0;
    for (double v : x)
      squares += v * v;
    double scale = 1.0 / std::sqrt(squares / double(x.size()) + eps);
    // Rounded as Hugging Face's model rounds: the normalized row, then
    // its product with the weights.
    Vector out(x.size());
    for (size_t i = 0; i < x.size(); ++i)
      out[i] = stored(stored(x[i] * scale) * w[i]);
    return out;
  }

  /// Per-head RMSNorm of `heads` heads of width d at `offset` in `x`, then
  /// neox rotary embedding at `position` by `rotation`.
  Vector normRope(const Vector &x, size_t offset, int64_t heads, int64_t d,
                  const Vector &w, double eps, const Rotation &rotation,
                  int64_t position) const {
    Vector out;
    for (int64_t h = 0; h < heads; ++h) {
      Vector head(x.begin() + long(offset + size_t(h * d)),
                  x.begin() + long(offset + size_t((h + 1) * d)));
      Vector normed = rmsNorm(head, w, eps);
      for (int64_t i = 0; i < d; ++i) {
        double angle =
            double(position) * rotation.frequencies[size_t(i % (d / 2))];
        double partner =
            i < d / 2 ? -normed[size_t(i + d / 2)] : normed[size_t(i - d / 2)];
        // The tables of cos and sin, each product with them and their sum
        // stored, as Hugging Face's model computes them.
        double cos = stored(std::cos(angle) * rotation.scale),
               sin = stored(std::sin(angle) * rotation.scale);
        out.push_back(
            stored(stored(normed[size_t(i)] * cos) + stored(partner * sin)));
      }
    }
    return out;
  }
};

} // namespace

std::vector<std::vector<double>>
qwen3::test::referenceLogits(const Checkpoint &checkpoint,
                             std::span<const int32_t> tokens,
                             int64_t prefillTokens, Activations activations) {
  const Config &c = checkpoint.config();
  Arithmetic engine{activations == Activations::Bf16};
  int64_t d = c.headDim, heads = c.numHeads, kvHeads = c.numKvHeads;
  int64_t group = heads / kvHeads;
  Rotation rotation = Rotation::of(c);
  auto n = int64_t(tokens.size());
  size_t count = tokens.size();
  Matrix embedding = rowsOf(checkpoint, "model.embed_tokens.weight");
  Matrix residual(count), normed(count);
  for (int64_t t = 0; t < n; ++t)
    residual[size_t(t)] = embedding[size_t(tokens[size_t(t)])];

  auto add = [&](Matrix &delta, const Vector &norm) {
    for (int64_t t = 0; t < n; ++t) {
      for (size_t i = 0; i < delta[size_t(t)].size(); ++i)
        residual[size_t(t)][i] =
            engine.stored(residual[size_t(t)][i] + delta[size_t(t)][i]);
      normed[size_t(t)] =
          engine.rmsNorm(residual[size_t(t)], norm, c.rmsNormEps);
    }
  };
  std::string first = "model.layers.0.input_layernorm.weight";
  for (int64_t t = 0; t < n; ++t)
    normed[size_t(t)] = engine.rmsNorm(
        residual[size_t(t)], vectorOf(checkpoint, first), c.rmsNormEps);

  for (int64_t layer = 0; layer < c.numLayers; ++layer) {
    std::string p = "model.layers." + std::to_string(layer) + ".";
    Matrix wq = rowsOf(checkpoint, p + "self_attn.q_proj.weight");
    Matrix wk = rowsOf(checkpoint, p + "self_attn.k_proj.weight");
    Matrix wv = rowsOf(checkpoint, p + "self_attn.v_proj.weight");
    Matrix wo = rowsOf(checkpoint, p + "self_attn.o_proj.weight");
    Vector qNorm = vectorOf(checkpoint, p + "self_attn.q_norm.weight");
    Vector kNorm = vectorOf(checkpoint, p + "self_attn.k_norm.weight");
    Matrix q(count), k(count), v(count);
    for (int64_t t = 0; t < n; ++t) {
      q[size_t(t)] =
          engine.normRope(engine.product(normed[size_t(t)], wq), 0, heads, d,
                          qNorm, c.rmsNormEps, rotation, t);
      k[size_t(t)] =
          engine.normRope(engine.product(normed[size_t(t)], wk), 0, kvHeads, d,
                          kNorm, c.rmsNormEps, rotation, t);
      v[size_t(t)] = engine.product(normed[size_t(t)], wv);
    }
    Matrix projected(count);
    for (int64_t t = 0; t < n; ++t) {
      Vector attended(size_t(heads * d));
      for (int64_t h = 0; h < heads; ++h) {
        size_t qAt = size_t(h * d), kvAt = size_t((h / group) * d);
        Vector scores(size_t(t + 1));
        for (int64_t j = 0; j <= t; ++j) {
          double s = 0;
          for (int64_t i = 0; i < d; ++i)
            s += q[size_t(t)][qAt + size_t(i)] * k[size_t(j)][kvAt + size_t(i)];
          scores[size_t(j)] = s / std::sqrt(double(d));
        }
        // The online softmax over blocks of keys; in prefill the weights
        // enter the product with the values as activations are stored.
        bool roundWeights = t < prefillTokens;
        double peak = -1e300, total = 0;
        Vector sum(size_t(d), 0.0);
        for (int64_t block = 0; block <= t; block += kKeyBlock) {
          int64_t end = std::min(t + 1, block + kKeyBlock);
          double newPeak = peak;
          for (int64_t j = block; j < end; ++j)
            newPeak = std::max(newPeak, scores[size_t(j)]);
          double rescale = std::exp(peak - newPeak);
          total *= rescale;
          for (double &value : sum)
            value *= rescale;
          for (int64_t j = block; j < end; ++j) {
            double weight = std::exp(scores[size_t(j)] - newPeak);
            total += weight;
            if (roundWeights)
              weight = engine.stored(weight);
            for (int64_t i = 0; i < d; ++i)
              sum[size_t(i)] += weight * v[size_t(j)][kvAt + size_t(i)];
          }
          peak = newPeak;
        }
        for (int64_t i = 0; i < d; ++i)
          attended[qAt + size_t(i)] = engine.stored(sum[size_t(i)] / total);
      }
      projected[size_t(t)] = engine.product(attended, wo);
    }
    add(projected, vectorOf(checkpoint, p + "post_attention_layernorm.weight"));

    Matrix gate = rowsOf(checkpoint, p + "mlp.gate_proj.weight");
    Matrix up = rowsOf(checkpoint, p + "mlp.up_proj.weight");
    Matrix down = rowsOf(checkpoint, p + "mlp.down_proj.weight");
    Matrix mlp(count);
    for (int64_t t = 0; t < n; ++t) {
      Vector g = engine.product(normed[size_t(t)], gate);
      Vector u = engine.product(normed[size_t(t)], up);
      Vector activation(g.size());
      for (size_t i = 0; i < g.size(); ++i)
        activation[i] =
            engine.stored(engine.stored(g[i] / (1 + std::exp(-g[i]))) * u[i]);
      mlp[size_t(t)] = engine.product(activation, down);
    }
    std::string next = layer + 1 < c.numLayers
                           ? "model.layers." + std::to_string(layer + 1) +
                                 ".input_layernorm.weight"
                           : "model.norm.weight";
    add(mlp, vectorOf(checkpoint, next));
  }
  Matrix head =
      rowsOf(checkpoint, c.tieWordEmbeddings ? "model.embed_tokens.weight"
                                             : "lm_head.weight");
  Matrix logits(count);
  for (int64_t t = 0; t < n; ++t)
    logits[size_t(t)] = engine.product(normed[size_t(t)], head, /*exact=*/true);
  return logits;
}
