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
// A decode step is captured once as a graph and replayed: only the token,
// its position (both read from device memory, copied in together), the
// cache rows the step writes and the sequence length attention reads
// change, through updates of two launches per layer, made for the next
// position while the device runs the current step.
//
//===----------------------------------------------------------------------===//

#include "qwen3/Model.h"

#include "KernelProfile.h"
#include "KernelSet.h"
#include "KvCache.h"
#include "MemoryFit.h"
#include "Rotary.h"
#include "Weights.h"

#include "qwen3/Error.h"

#include "tile/runtime/Blas.h"
#include "tile/runtime/Graph.h"
#include "tile/runtime/Launch.h"
#include "tile/runtime/MemoryPool.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>

using namespace qwen3;
using tile::rt::Device;
using tile::rt::GemmOptions;
using tile::rt::MemoryPool;
using tile::rt::Stream;
using tile::rt::Tensor;
using tile::rt::TensorView;

/// What a captured decode step's position-dependent launches need again
/// when they are updated: their index among the graph's launches and the
/// graph's own tensors they read and write.
struct LayerStep {
  size_t inputsLaunch = 0, attentionLaunch = 0;
  Tensor qkv, q, partialOut, partialLse;
};

/// One decode step as a graph: its inputs (token and position, copied in
/// together) and its logits live in tensors the graph owns.
struct DecodeGraph {
  Tensor inputs, ids, positions, logits;
  std::vector<LayerStep> layers;
  std::optional<tile::rt::Graph> graph;
  /// The position the captured step's updated launches are set for.
  int64_t position = -1;
};

struct Model::State {
  Config config;
  int64_t maxSeqLen;
  /// The element type of weights, activations and the KV cache.
  tile::rt::DType dtype;
  Stream stream;
  MemoryPool pool;
  KernelSet kernels;
  Weights weights;
  KvCache cache;
  /// What qk_norm_rope_any rotates by: the inverse frequencies on the
  /// device, and the factor of cos and sin.
  Tensor inverseFrequencies;
  float attentionFactor;
  DecodeGraph decode;
  /// Kernel launches queued, which number a captured graph's launches.
  size_t launches = 0;
  /// Times of the launches and products when profiling.
  KernelProfile profile;

  State(const Device &device, const Checkpoint &checkpoint, int64_t maxSeqLen,
        const KernelLocation &location, const LoadOptions &options)
      : config(checkpoint.config()), maxSeqLen(maxSeqLen), dtype(options.dtype),
        stream(device), pool(device),
        kernels(
            KernelSet::load(device, config, location, dtype, options.products)),
        weights(
            Weights::load(stream, checkpoint, config, dtype, options.check)),
        cache(stream, config, maxSeqLen, dtype) {
    Rotary rotary = Rotary::of(config);
    inverseFrequencies = Tensor::fromHost<float>(
        stream, std::span<const float>(rotary.inverseFrequencies),
        {int64_t(rotary.inverseFrequencies.size())});
    attentionFactor = rotary.attentionFactor;
  }

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

  /// Queues `kernel` and returns what it writes, for the next launches.
  template <class... Args>
  auto run(const tile::rt::Kernel &kernel, Args &&...args) {
    ++launches;
    return timing(kernel.info().name, [&] {
      return tile::rt::launch(stream, kernel, std::forward<Args>(args)...)
          .onStream();
    });
  }

  /// queue(), timed as `name` when profiling.
  template <class F> auto timing(std::string_view name, F &&queue) {
    return profile.time(stream, name, std::forward<F>(queue));
  }

  /// x W^T for a weight matrix W [n, k], as `outType` (the model's, or f32).
  /// One row (decode) is the kernel library's gemv, faster than cuBLAS at
  /// one row (docs/benchmarks.md), two rows per program for narrow outputs;
  /// more rows into bf16 are the library's linear where the kernel set has
  /// it (Products::Library), else the BLAS's product. In host mode OpenBLAS's
  /// f32 products are faster than gemv_f32's.
  Tensor product(const TensorView &x, const TensorView &w,
                 tile::rt::DType outType) {
    int64_t rows = x.shape()[0], n = w.shape()[0];
    if (rows == 1 && (outType == "bf16" || !stream.device().isHost())) {
      bool narrow = outType == "bf16" && n <= KernelSet::kNarrowOutputs;
      const tile::rt::Kernel &kernel = outType == "f32" ? kernels.gemvF32
                                       : narrow         ? kernels.gemvNarrow
                                                        : kernels.gemv;
      int64_t perProgram =
          narrow ? KernelSet::kGemvNarrowRows : KernelSet::kGemvRows;
      return run(kernel, temporary(outType, {n, 1}).partition({perProgram, 1}),
                 w, x)
          .reshape({1, n});
    }
    if (outType == "bf16" && kernels.linear)
      return run(
          *kernels.linear,
          temporary(outType, {rows, n})
              .partition({KernelSet::kLinearRows, KernelSet::kLinearColumns}),
          x, w, int32_t(w.shape()[1]));
    Tensor out = temporary(outType, {rows, n});
    const char *name =
        outType == "f32" ? "BLAS product, f32 out" : "BLAS product, bf16 out";
    return timing(name, [&] {
      return tile::rt::gemm(stream, std::move(out), x, w,
                            GemmOptions{.transposeB = true})
          .onStream();
    });
  }

  /// x W^T as the model's activations.
  Tensor product(const TensorView &x, const TensorView &w) {
    return product(x, w, dtype);
  }

  Tensor rmsNorm(const TensorView &x, const TensorView &weight) {
    int64_t width = kernels.normWidth;
    return run(kernels.rmsNorm,
               temporary(dtype, x.shape()).partition({1, width}), x, weight,
               int32_t(config.hiddenSize), float(config.rmsNormEps));
  }

  /// residual += x, then the norm of the sum with `weight`.
  Tensor addRmsNorm(Tensor &residual, const TensorView &x,
                    const TensorView &weight) {
    int64_t width = kernels.normWidth;
    auto [normed, sum] = run(
        kernels.addRmsNorm, temporary(dtype, x.shape()).partition({1, width}),
        std::move(residual).partition({1, width}), x, weight,
        int32_t(config.hiddenSize), float(config.rmsNormEps));
    residual = std::move(sum);
    return std::move(normed);
  }

  /// A launch, or with `update` the update of captured launch `update`,
  /// of `kernel` with `args`: the tensors it writes.
  template <class... Args>
  auto launchOrUpdate(std::optional<size_t> update,
                      const tile::rt::Kernel &kernel, Args &&...args) {
    if (update)
      return decode.graph->update(*update, std::forward<Args>(args)...);
    return run(kernel, std::forward<Args>(args)...);
  }

  /// The attention inputs: q [m, heads, head_dim] into `q` (as each head's
  /// two halves), the chunk's keys and values into the layer's cache at
  /// positions start, start + 1, ... Launched, or updated in the decode
  /// graph at launch `update`.
  Tensor attentionInputs(Tensor &&q, const TensorView &qkv, size_t layerIndex,
                         const Tensor &positions, int64_t start,
                         std::optional<size_t> update = std::nullopt) {
    int64_t m = qkv.shape()[0], half = config.headDim / 2;
    int64_t qRows = 2 * config.numHeads, kvRows = 2 * config.numKvHeads;
    const AttentionInputs &inputs = kernels.attentionInputs;
    // The kernel for any heads tiles key/value heads as query heads.
    int64_t qTileRows = 2 * inputs.heads,
            kvTileRows = inputs.kind == AttentionInputs::Kind::AnyHeads
                             ? qTileRows
                             : kvRows;
    const LayerWeights &layer = weights.layers[layerIndex];
    auto launch = [&](auto... rotation) {
      return launchOrUpdate(update, inputs.kernel,
                            std::move(q)
                                .reshape({m, qRows, half})
                                .partition({1, qTileRows, half}),
                            KvCache::window(cache.keys[layerIndex], start, m)
                                .partition({1, kvTileRows, half}),
                            KvCache::window(cache.values[layerIndex], start, m)
                                .partition({1, kvTileRows, half}),
                            qkv.reshape({m, qRows + 2 * kvRows, half}),
                            layer.qNorm.view(), layer.kNorm.view(),
                            positions.view(), rotation...,
                            float(config.rmsNormEps));
    };
    auto outputs = inputs.kind == AttentionInputs::Kind::AnyHeads
                       ? launch(inverseFrequencies.view(), attentionFactor,
                                int32_t(config.numKvHeads))
                       : launch(float(config.ropeTheta));
    return std::get<0>(std::move(outputs))
        .reshape({m, config.numHeads, config.headDim});
  }

  /// Causal attention of a chunk's queries [m, heads, head_dim] over the
  /// cache's first start + m positions: [m, heads, head_dim].
  Tensor prefillAttention(const TensorView &q, size_t layerIndex,
                          int64_t start) {
    int64_t m = q.shape()[0], heads = config.numHeads, d = config.headDim;
    return run(kernels.prefillAttention,
               temporary(dtype, {m, heads, d})
                   .partition({KernelSet::kPrefillQueries, 1, d}),
               q, cache.keys[layerIndex].view().slice(0, 0, start + m),
               cache.values[layerIndex].view().slice(0, 0, start + m),
               int32_t(start), group(), scale());
  }

  /// The split half of one token's attention over the cache's first
  /// `length` positions: every split's normalized output and log-sum-exp.
  /// The splits and the cache views do not depend on the length, so that a
  /// captured step can be updated to another one (at launch `update`).
  std::tuple<Tensor, Tensor>
  decodeAttentionSplit(Tensor &&partialOut, Tensor &&partialLse,
                       const TensorView &q, size_t layerIndex, int64_t length,
                       std::optional<size_t> update = std::nullopt) {
    int64_t d = config.headDim;
    return launchOrUpdate(
        update, kernels.decodeAttentionSplit,
        std::move(partialOut).partition({1, 1, d}),
        std::move(partialLse).partition({1, 1}),
        q.reshape({config.numHeads, d}), cache.keys[layerIndex].view(),
        cache.values[layerIndex].view(), int32_t(length), group(), scale());
  }

  int32_t group() const { return int32_t(config.numHeads / config.numKvHeads); }
  float scale() const { return 1.0f / std::sqrt(float(config.headDim)); }

  /// The forward pass of the tokens in `ids` at the positions in
  /// `positions` (start, start + 1, ...): the logits of `rows`. With `step`,
  /// a decode step being captured, records what its updates need.
  Tensor forward(const Tensor &ids, const Tensor &positions, int64_t start,
                 Logits rows, DecodeGraph *step = nullptr) {
    int64_t m = ids.shape()[0], heads = config.numHeads, d = config.headDim;
    int64_t mlpWidth = config.intermediateSize;
    Tensor residual = run(kernels.embedding,
                          temporary(dtype, {m, config.hiddenSize})
                              .partition({1, KernelSet::kEmbeddingWidth}),
                          weights.embedding.view(), ids.view());
    Tensor normed =
        rmsNorm(residual.view(), weights.layers[0].inputNorm.view());
    for (size_t i = 0; i < weights.layers.size(); ++i) {
      const LayerWeights &layer = weights.layers[i];
      Tensor qkv = product(normed.view(), layer.qkv.view());
      LayerStep record;
      record.inputsLaunch = launches;
      Tensor q = attentionInputs(temporary(dtype, {m, heads, d}), qkv.view(), i,
                                 positions, start);
      Tensor attended;
      if (m > 1) {
        attended = prefillAttention(q.view(), i, start);
      } else {
        record.attentionLaunch = launches;
        auto [partialOut, partialLse] = decodeAttentionSplit(
            temporary("f32", {heads, KernelSet::kMaxDecodeSplits, d}),
            temporary("f32", {heads, KernelSet::kMaxDecodeSplits}), q.view(), i,
            start + 1);
        attended = run(kernels.decodeAttentionMerge,
                       temporary(dtype, {heads, d}).partition({1, d}),
                       partialOut.view(), partialLse.view(),
                       int32_t(KernelSet::kMaxDecodeSplits));
        if (step) {
          record.partialOut = std::move(partialOut);
          record.partialLse = std::move(partialLse);
        }
      }
      Tensor projected =
          product(attended.view().reshape({m, heads * d}), layer.output.view());
      if (step) {
        record.qkv = std::move(qkv);
        record.q = std::move(q);
        step->layers.push_back(std::move(record));
      }
      normed = addRmsNorm(residual, projected.view(),
                          layer.postAttentionNorm.view());

      Tensor gateUp = product(normed.view(), layer.gateUp.view());
      Tensor activation = run(kernels.swiglu,
                              temporary(dtype, {m, mlpWidth})
                                  .partition({1, KernelSet::kSwigluWidth}),
                              gateUp.view().slice(1, 0, mlpWidth),
                              gateUp.view().slice(1, mlpWidth, 2 * mlpWidth));
      Tensor down = product(activation.view(), layer.down.view());
      const Tensor &nextNorm = i + 1 < weights.layers.size()
                                   ? weights.layers[i + 1].inputNorm
                                   : weights.finalNorm;
      normed = addRmsNorm(residual, down.view(), nextNorm.view());
    }
    TensorView last =
        rows == Logits::All ? normed.view() : normed.view().slice(0, m - 1, m);
    return product(last, weights.head(), "f32");
  }

  /// Points the captured decode step at `position`: the cache rows its
  /// attention inputs write, and the length its attention reads.
  void moveDecodeTo(int64_t position) {
    decode.position = position;
    for (size_t i = 0; i < decode.layers.size(); ++i) {
      LayerStep &step = decode.layers[i];
      step.q = attentionInputs(std::move(step.q), step.qkv.view(), i,
                               decode.positions, position, step.inputsLaunch);
      std::tie(step.partialOut, step.partialLse) = decodeAttentionSplit(
          std::move(step.partialOut), std::move(step.partialLse), step.q.view(),
          i, position + 1, step.attentionLaunch);
    }
  }

  /// The logits of one token at `position`, from the captured decode step
  /// (captured on first use). They stay in the graph's tensor, which the
  /// next step writes again.
  Tensor decodeStep(int32_t token, int64_t position) {
    std::array<int32_t, 2> inputs{token, int32_t(position)};
    if (!decode.graph) {
      decode.inputs = Tensor::fromHost<int32_t>(stream, inputs, {2});
      const TensorView &both = decode.inputs.view();
      auto element = [&](int64_t i) {
        return Tensor::borrow(both.device(), both.address() + 4 * i, "i32", {1},
                              {}, both.memory());
      };
      decode.ids = element(0);
      decode.positions = element(1);
      launches = 0;
      decode.graph = tile::rt::Graph::capture(stream, [&] {
        decode.logits = forward(decode.ids, decode.positions, position,
                                Logits::Last, &decode);
      });
      decode.position = position;
    } else {
      decode.inputs.copyFromHost<int32_t>(stream, inputs);
      if (decode.position != position)
        moveDecodeTo(position);
    }
    decode.graph->replay(stream);
    // The next step most likely follows this one: its updates are made now,
    // while the device runs this step (a replay keeps the arguments it was
    // queued with), instead of between the two steps.
    if (position + 1 < maxSeqLen)
      moveDecodeTo(position + 1);
    const TensorView &logits = decode.logits.view();
    return Tensor::borrow(logits.device(), logits.address(), logits.dtype(),
                          logits.shape(), {}, logits.memory());
  }
};

Model::Model(std::unique_ptr<State> state) : state(std::move(state)) {}
Model::Model(Model &&) noexcept = default;
Model &Model::operator=(Model &&) noexcept = default;
Model::~Model() = default;

Model Model::load(const Device &device, const Checkpoint &checkpoint,
                  int64_t maxSeqLen, const KernelLocation &kernels,
                  const LoadOptions &options) {
  const Config &config = checkpoint.config();
  tile::rt::DType dtype = options.dtype;
  checkpoint.validateQwen3(config);
  if (maxSeqLen < 1 || maxSeqLen > std::numeric_limits<int32_t>::max())
    throw Error("the KV cache needs 1 to 2^31 - 1 positions, not " +
                std::to_string(maxSeqLen) + " (--max-seq-len)");
  if (dtype != "bf16" && dtype != "f32")
    throw Error("the engine computes in bf16 or f32, not " +
                std::string(dtype.name()) + " (--dtype)");
  // The GPU's kernel cache holds the bf16 instantiations only.
  if (dtype == "f32" && !device.isHost())
    throw Error("f32 weights and activations run in host mode only "
                "(--device host); on " +
                device.name() + " the engine computes in bf16");
  if (std::optional<tile::rt::DeviceMemory> memory = device.memory())
    if (std::optional<std::string> shortfall =
            memoryShortfall(Weights::bytes(config, dtype),
                            KvCache::bytes(config, maxSeqLen, dtype), maxSeqLen,
                            *memory, device.name()))
      throw Error(*shortfall);
  return Model(
      std::make_unique<State>(device, checkpoint, maxSeqLen, kernels, options));
}

const Config &Model::config() const { return state->config; }
tile::rt::DType Model::dtype() const { return state->dtype; }
int64_t Model::maxSeqLen() const { return state->maxSeqLen; }
Stream &Model::stream() { return state->stream; }

double Model::decodeStepBytes(int64_t position) const {
  const Config &config = state->config;
  double embedding = config.tieWordEmbeddings
                         ? 0.0
                         : double(config.vocabSize) *
                               double(config.hiddenSize) *
                               double(state->dtype.bytes());
  return Weights::bytes(config, state->dtype) - embedding +
         KvCache::bytes(config, position + 1, state->dtype);
}

Tensor Model::forward(std::span<const int32_t> tokens, int64_t start,
                      Logits rows) {
  State &s = *state;
  auto m = int64_t(tokens.size());
  if (m == 0)
    throw Error("a forward pass needs at least one token");
  if (start < 0 || start + m > s.maxSeqLen)
    throw Error("positions " + std::to_string(start) + " to " +
                std::to_string(start + m - 1) + " do not fit the KV cache of " +
                std::to_string(s.maxSeqLen) + " positions (--max-seq-len)");
  if (m == 1 && !s.profile.on())
    return s.decodeStep(tokens[0], start);
  std::vector<int32_t> positionValues(static_cast<size_t>(m));
  for (int64_t t = 0; t < m; ++t)
    positionValues[size_t(t)] = int32_t(start + t);
  Tensor ids = Tensor::fromHost<int32_t>(s.stream, tokens, {m});
  Tensor positions = Tensor::fromHost<int32_t>(
      s.stream, std::span<const int32_t>(positionValues), {m});
  Tensor logits = s.forward(ids, positions, start, rows);
  s.profile.collect();
  return logits;
}

void Model::startProfile() { state->profile.start(); }

std::vector<KernelTime> Model::takeProfile() { return state->profile.take(); }

Tensor Model::argmax(const TensorView &logits) {
  State &s = *state;
  // One program per row would walk a whole vocabulary alone, a long serial
  // launch; split over programs, a row takes two short ones.
  int64_t rows = logits.shape()[0], splits = KernelSet::kArgmaxSplits;
  auto [best, where] =
      s.run(s.kernels.argmaxSplit,
            s.temporary("f32", {rows, splits}).partition({1, 1}),
            s.temporary("i32", {rows, splits}).partition({1, 1}), logits,
            int32_t(logits.shape()[1]));
  return s.run(s.kernels.argmaxMerge,
               s.temporary("i32", {rows, 1}).partition({1, 1}), best.view(),
               where.view());
}

std::pair<Tensor, Tensor> Model::topKCandidates(const TensorView &logits) {
  State &s = *state;
  int64_t rows = logits.shape()[0], vocab = logits.shape()[1];
  int64_t places = (vocab + KernelSet::kTopKStretch - 1) /
                   KernelSet::kTopKStretch * kMaxTopK;
  auto [values, ids] =
      s.run(s.kernels.topK,
            s.temporary("f32", {rows, places}).partition({1, kMaxTopK}),
            s.temporary("i32", {rows, places}).partition({1, kMaxTopK}), logits,
            int32_t(vocab));
  return {std::move(values), std::move(ids)};
}
