//===- Model.cpp - Qwen3's forward pass over the kernel library -----------===//
//
// One decoder layer, for a chunk of m tokens (hidden h, heads nh and nkv of
// width d, MLP width i):
//
//   qkv      = x_norm W_qkv^T                  [m, (nh + 2 nkv) d]
//   q, k, v  = qk_norm_rope(qkv)               q [m, nh, d]; k, v -> cache
//   a        = attention(q, cache)             [m, nh, d]
//   x, x_norm = add_rms_norm(x, a W_o^T)       residual add, then the norm
//   g, u     = x_norm W_gate_up^T              [m, 2 i]
//   x, x_norm = add_rms_norm(x, swiglu(g, u) W_down^T)
//
// The last norm of a layer is the next layer's input norm (the final norm
// after the last layer), so each residual add is fused with the norm after
// it. Attention is one kernel over the chunk in prefill, and the split/merge
// pair in decode (one token), where the sequence is split so that even a
// short step fills the GPU.
//
//===----------------------------------------------------------------------===//

#include "qwen3/Model.h"

#include "KernelSet.h"
#include "Weights.h"

#include "qwen3/Error.h"

#include "tile/runtime/Blas.h"
#include "tile/runtime/Launch.h"
#include "tile/runtime/MemoryPool.h"

#include <algorithm>
#include <cmath>
#include <string>

using namespace qwen3;
using tile::rt::Device;
using tile::rt::GemmOptions;
using tile::rt::MemoryPool;
using tile::rt::Stream;
using tile::rt::Tensor;
using tile::rt::TensorView;

namespace {

/// Each layer's keys and values at every position, token-major
/// ([positions, kv_heads, head_dim]) as the attention kernels read them.
struct KvCache {
  std::vector<Tensor> keys, values;

  KvCache(Stream &stream, const Config &config, int64_t positions) {
    for (int64_t layer = 0; layer < config.numLayers; ++layer)
      for (std::vector<Tensor> *cache : {&keys, &values}) {
        Tensor tensor =
            Tensor::empty(stream.device(), "bf16",
                          {positions, config.numKvHeads, config.headDim});
        // Zeros: attention never reads past the filled positions, but a
        // stale NaN there could still reach a product through a zero weight.
        tensor.fill(stream, 0.0);
        cache->push_back(std::move(tensor));
      }
  }

  /// Positions [start, start + count) of `cache`, for a kernel to write, as
  /// [count, 2 kv_heads, head_dim / 2]: the cache tensor keeps owning the
  /// memory; the window keeps it alive while a launch writes it.
  static Tensor window(const Tensor &cache, int64_t start, int64_t count) {
    TensorView rows = cache.view().slice(0, start, start + count);
    return Tensor::borrow(cache.device(), rows.address(), "bf16",
                          {count, 2 * rows.shape()[1], rows.shape()[2] / 2}, {},
                          rows.memory());
  }
};

} // namespace

struct Model::State {
  Config config;
  int64_t maxSeqLen;
  Stream stream;
  MemoryPool pool;
  KernelSet kernels;
  Weights weights;
  KvCache cache;

  State(const Device &device, const Checkpoint &checkpoint, int64_t maxSeqLen,
        const KernelLocation &location)
      : config(checkpoint.config()), maxSeqLen(maxSeqLen), stream(device),
        pool(device), kernels(KernelSet::load(device, config, location)),
        weights(Weights::load(stream, checkpoint, config)),
        cache(stream, config, maxSeqLen) {}

  /// Queued work may still use the cache, the weights and the pool's
  /// memory: it finishes before they go.
  ~State() {
    try {
      stream.synchronize();
    } catch (...) {
      // A failure of queued work has no one left to report it to.
    }
  }

  Tensor temporary(tile::rt::DType dtype, std::vector<int64_t> shape) {
    return Tensor::temporary(pool, stream, dtype, std::move(shape));
  }

  /// x W^T for a weight matrix W [n, k], as out's dtype (bf16 or f32). One
  /// bf16 row (decode) is the kernel library's gemv, which reads the
  /// weights faster than cuBLAS; more rows are a cuBLAS product.
  Tensor product(const TensorView &x, const TensorView &w,
                 tile::rt::DType dtype = "bf16") {
    int64_t rows = x.shape()[0], n = w.shape()[0];
    if (rows == 1 && dtype == "bf16") {
      return tile::rt::launch(
                 stream, kernels.gemv,
                 temporary(dtype, {n, 1}).partition({KernelSet::kGemvRows, 1}),
                 w, x, int32_t(w.shape()[1]))
          .onStream()
          .reshape({1, n});
    }
    Tensor out = temporary(dtype, {rows, n});
    return tile::rt::gemm(stream, std::move(out), x, w,
                          GemmOptions{.transposeB = true})
        .onStream();
  }

  Tensor rmsNorm(const TensorView &x, const TensorView &weight) {
    int64_t width = kernels.normWidth;
    return tile::rt::launch(stream, kernels.rmsNorm,
                            temporary("bf16", x.shape()).partition({1, width}),
                            x, weight, int32_t(config.hiddenSize),
                            float(config.rmsNormEps))
        .onStream();
  }

  /// residual += x, then the norm of the sum with `weight`.
  Tensor addRmsNorm(Tensor &residual, const TensorView &x,
                    const TensorView &weight) {
    int64_t width = kernels.normWidth;
    auto [normed, sum] =
        tile::rt::launch(stream, kernels.addRmsNorm,
                         temporary("bf16", x.shape()).partition({1, width}),
                         std::move(residual).partition({1, width}), x, weight,
                         int32_t(config.hiddenSize), float(config.rmsNormEps))
            .onStream();
    residual = std::move(sum);
    return std::move(normed);
  }

  /// q as [m, 2 heads, head_dim / 2] (each head's two halves); the chunk's
  /// keys and values go to the layer's cache at their positions.
  Tensor attentionInputs(const Tensor &qkv, const LayerWeights &layer,
                         const Tensor &keyCache, const Tensor &valueCache,
                         const Tensor &positions, int64_t start) {
    int64_t m = qkv.shape()[0], half = config.headDim / 2;
    int64_t qRows = 2 * config.numHeads, kvRows = 2 * config.numKvHeads;
    auto outputs = tile::rt::launch(
        stream, kernels.qkNormRope,
        temporary("bf16", {m, qRows, half}).partition({1, qRows, half}),
        KvCache::window(keyCache, start, m).partition({1, kvRows, half}),
        KvCache::window(valueCache, start, m).partition({1, kvRows, half}),
        qkv.view().reshape({m, qRows + 2 * kvRows, half}), layer.qNorm.view(),
        layer.kNorm.view(), positions.view(), float(config.ropeTheta),
        float(config.rmsNormEps));
    return std::get<0>(std::move(outputs).onStream());
  }

  /// Causal attention of the chunk's queries [m, heads, head_dim] over the
  /// cache's first start + m positions: [m, heads, head_dim] ([heads,
  /// head_dim] for one token).
  Tensor attention(const TensorView &q, const Tensor &keyCache,
                   const Tensor &valueCache, int64_t start) {
    int64_t m = q.shape()[0], heads = config.numHeads, d = config.headDim;
    int64_t seen = start + m;
    TensorView keys = keyCache.view().slice(0, 0, seen);
    TensorView values = valueCache.view().slice(0, 0, seen);
    auto group = int32_t(heads / config.numKvHeads);
    float scale = 1.0f / std::sqrt(float(d));
    if (m > 1)
      return tile::rt::launch(
                 stream, kernels.prefillAttention,
                 temporary("bf16", {m, heads, d})
                     .partition({KernelSet::kPrefillQueries, 1, d}),
                 q, keys, values, int32_t(start), group, scale)
          .onStream();
    int64_t blocks =
        (seen + KernelSet::kDecodeBlock - 1) / KernelSet::kDecodeBlock;
    int64_t splits = std::min(blocks, KernelSet::kMaxDecodeSplits);
    auto [partial, lse] =
        tile::rt::launch(
            stream, kernels.decodeAttentionSplit,
            temporary("f32", {heads, splits, d}).partition({1, 1, d}),
            temporary("f32", {heads, splits}).partition({1, 1}),
            q.reshape({heads, d}), keys, values, int32_t(seen), group, scale)
            .onStream();
    return tile::rt::launch(stream, kernels.decodeAttentionMerge,
                            temporary("bf16", {heads, d}).partition({1, d}),
                            partial.view(), lse.view(), int32_t(splits))
        .onStream();
  }
};

Model::Model(std::unique_ptr<State> state) : state(std::move(state)) {}
Model::Model(Model &&) noexcept = default;
Model &Model::operator=(Model &&) noexcept = default;
Model::~Model() = default;

Model Model::load(const Device &device, const Checkpoint &checkpoint,
                  int64_t maxSeqLen, const KernelLocation &kernels) {
  const Config &config = checkpoint.config();
  checkpoint.validateQwen3(config);
  if (maxSeqLen < 1)
    throw Error("the KV cache needs at least one position (--max-seq-len " +
                std::to_string(maxSeqLen) + ")");
  return Model(std::make_unique<State>(device, checkpoint, maxSeqLen, kernels));
}

const Config &Model::config() const { return state->config; }
int64_t Model::maxSeqLen() const { return state->maxSeqLen; }
Stream &Model::stream() { return state->stream; }

Tensor Model::forward(std::span<const int32_t> tokens, int64_t start,
                      Logits rows) {
  State &s = *state;
  const Config &config = s.config;
  auto m = int64_t(tokens.size());
  if (m == 0)
    throw Error("a forward pass needs at least one token");
  if (start < 0 || start + m > s.maxSeqLen)
    throw Error("positions " + std::to_string(start) + " to " +
                std::to_string(start + m - 1) + " do not fit the KV cache of " +
                std::to_string(s.maxSeqLen) + " positions (--max-seq-len)");
  std::vector<int32_t> positionValues(static_cast<size_t>(m));
  for (int64_t t = 0; t < m; ++t)
    positionValues[size_t(t)] = int32_t(start + t);
  Tensor ids = Tensor::fromHost<int32_t>(s.stream, tokens, {m});
  Tensor positions = Tensor::fromHost<int32_t>(
      s.stream, std::span<const int32_t>(positionValues), {m});

  Tensor residual =
      tile::rt::launch(s.stream, s.kernels.embedding,
                       s.temporary("bf16", {m, config.hiddenSize})
                           .partition({1, KernelSet::kEmbeddingWidth}),
                       s.weights.embedding.view(), ids.view())
          .onStream();
  Tensor normed =
      s.rmsNorm(residual.view(), s.weights.layers[0].inputNorm.view());
  int64_t heads = config.numHeads, d = config.headDim;
  int64_t mlpWidth = config.intermediateSize;
  for (size_t i = 0; i < s.weights.layers.size(); ++i) {
    const LayerWeights &layer = s.weights.layers[i];
    const Tensor &keys = s.cache.keys[i], &values = s.cache.values[i];
    Tensor qkv = s.product(normed.view(), layer.qkv.view());
    Tensor q = s.attentionInputs(qkv, layer, keys, values, positions, start);
    Tensor attended =
        s.attention(q.view().reshape({m, heads, d}), keys, values, start);
    Tensor projected =
        s.product(attended.view().reshape({m, heads * d}), layer.output.view());
    normed = s.addRmsNorm(residual, projected.view(),
                          layer.postAttentionNorm.view());

    Tensor gateUp = s.product(normed.view(), layer.gateUp.view());
    Tensor activation =
        tile::rt::launch(s.stream, s.kernels.swiglu,
                         s.temporary("bf16", {m, mlpWidth})
                             .partition({1, KernelSet::kSwigluWidth}),
                         gateUp.view().slice(1, 0, mlpWidth),
                         gateUp.view().slice(1, mlpWidth, 2 * mlpWidth))
            .onStream();
    Tensor down = s.product(activation.view(), layer.down.view());
    const Tensor &nextNorm = i + 1 < s.weights.layers.size()
                                 ? s.weights.layers[i + 1].inputNorm
                                 : s.weights.finalNorm;
    normed = s.addRmsNorm(residual, down.view(), nextNorm.view());
  }
  TensorView last =
      rows == Logits::All ? normed.view() : normed.view().slice(0, m - 1, m);
  return s.product(last, s.weights.head(), "f32");
}

Tensor Model::argmax(const TensorView &logits) {
  State &s = *state;
  return tile::rt::launch(
             s.stream, s.kernels.argmax,
             s.temporary("i32", {logits.shape()[0], 1}).partition({1, 1}),
             logits, int32_t(logits.shape()[1]))
      .onStream();
}
