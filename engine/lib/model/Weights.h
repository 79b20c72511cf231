//===- Weights.h - A Qwen3 model's weights on its device --------*- C++ -*-===//
//
// The checkpoint's tensors in bf16 (or those bf16 values in f32, for a
// model computing in f32) on the device the model runs on, with the
// projections that read the same input fused into one matrix: q, k and v
// (one product per layer gives the attention inputs), gate and up (one
// product gives the MLP's two branches).
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_MODEL_WEIGHTS_H
#define QWEN3_MODEL_WEIGHTS_H

#include "qwen3/Checkpoint.h"
#include "qwen3/Model.h"

#include "tile/runtime/DType.h"
#include "tile/runtime/Stream.h"
#include "tile/runtime/Tensor.h"

#include <vector>

namespace qwen3 {

/// One decoder layer's weights.
struct LayerWeights {
  /// [hidden]: the norms before attention and before the MLP.
  tile::rt::Tensor inputNorm, postAttentionNorm;
  /// [(heads + 2 kv_heads) * head_dim, hidden]: q_proj, k_proj and v_proj
  /// stacked.
  tile::rt::Tensor qkv;
  /// [2, head_dim / 2]: the per-head norms of q and k, as the attention-input
  /// kernel reads them (each head's two halves).
  tile::rt::Tensor qNorm, kNorm;
  /// [hidden, heads * head_dim]: o_proj.
  tile::rt::Tensor output;
  /// [2 * intermediate, hidden]: gate_proj and up_proj stacked.
  tile::rt::Tensor gateUp;
  /// [hidden, intermediate]: down_proj.
  tile::rt::Tensor down;
};

/// Every weight of a model.
struct Weights {
  /// [vocab, hidden].
  tile::rt::Tensor embedding;
  std::vector<LayerWeights> layers;
  /// [hidden].
  tile::rt::Tensor finalNorm;
  /// [vocab, hidden]; not loaded when it is the embedding (tied).
  tile::rt::Tensor lmHead;

  /// The output projection.
  const tile::rt::TensorView &head() const {
    return lmHead.valid() ? lmHead.view() : embedding.view();
  }

  /// Copies the weights of `checkpoint` (validated for `config`) to the
  /// stream's device, converting them to bf16, then to `dtype` (bf16 or
  /// f32), checking each for NaN and infinities as `check` says.
  static Weights load(tile::rt::Stream &stream, const Checkpoint &checkpoint,
                      const Config &config, tile::rt::DType dtype,
                      WeightCheck check);

  /// The bytes that load() puts on the device for `config` in `dtype` (in
  /// double, as KvCache::bytes).
  static double bytes(const Config &config, tile::rt::DType dtype);
};

} // namespace qwen3

#endif // QWEN3_MODEL_WEIGHTS_H
