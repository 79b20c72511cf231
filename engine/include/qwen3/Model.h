//===- Model.h - A Qwen3 model on a device ----------------------*- C++ -*-===//
//
// A dense Qwen3 model loaded on a device (a GPU, or the CPU in host mode)
// with its KV cache: forward() runs a chunk of tokens at the positions that
// follow the cached ones and gives their logits.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_MODEL_H
#define QWEN3_MODEL_H

#include "qwen3/Checkpoint.h"
#include "qwen3/Config.h"

#include "tile/runtime/DType.h"
#include "tile/runtime/Device.h"
#include "tile/runtime/Stream.h"
#include "tile/runtime/Tensor.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace qwen3 {

/// What loading checks in every weight, after converting it to bf16.
enum class WeightCheck {
  /// No NaN and no infinity: one more read of each weight, in memory.
  Finite,
  /// Nothing: a checkpoint known to be good loads a little faster.
  None,
};

/// Which kernels compute the matrix products of more than one row
/// (prefill's, and scoring's).
enum class Products {
  /// The kernel library's, compiled by tilecc (bf16 outputs: `linear`); f32
  /// outputs (host mode's f32 model, scoring's logits) are still the BLAS's.
  Library,
  /// The vendor's BLAS: cuBLAS on a GPU, OpenBLAS in host mode; a reference
  /// to compare the library's products against.
  Blas,
};

/// How a model loads and computes.
struct LoadOptions {
  /// The element type of weights and activations: bf16, or in host mode
  /// f32 (the same bf16 weights, widened, and activations rounded nowhere:
  /// the model's arithmetic without bf16's error).
  tile::rt::DType dtype = "bf16";
  WeightCheck check = WeightCheck::Finite;
  Products products = Products::Library;
};

/// How a GPU gets the kernels of a model's shapes that the build did not
/// compile: tilecc, run as a program, compiles them into the kernel cache
/// when the model loads (or ahead of time, with prepareKernels).
struct KernelCompiler {
  /// The tilecc program; empty where there is none.
  std::filesystem::path tilecc;
  /// The kernel library's headers (kernels/include).
  std::filesystem::path libraryHeaders;
  /// The GPU architecture compiled for (tilecc's --arch).
  std::string arch;
  /// Told each kernel as its compilation starts, then the total.
  std::function<void(const std::string &)> progress;
};

/// Where a GPU finds the engine's kernels: the manifests tilecc wrote and
/// the kernel cache holding their cubins (and the kernels compiled at
/// load). Host mode needs neither.
struct KernelLocation {
  std::filesystem::path manifests;
  std::filesystem::path cacheDir;
  KernelCompiler compiler;
};

/// Compiles into `location`'s kernel cache every kernel that a GPU running
/// `config` in bf16 needs and neither the build nor an earlier compilation
/// put there, so that the cache can be carried to a GPU machine without
/// tilecc; returns how many it compiled. Throws qwen3::Error when the
/// config has shapes the engine cannot run, or tilecc is missing or fails.
int64_t prepareKernels(const Config &config, const KernelLocation &location);

/// Which rows of a forward pass's logits to compute.
enum class Logits {
  /// The last token's only: what generation needs.
  Last,
  /// Every token's: what scoring a text needs.
  All,
};

/// The time one kernel (or matrix product) took over the profiled passes.
struct KernelTime {
  std::string name;
  int64_t calls = 0;
  double milliseconds = 0;
};

/// A Qwen3 model, its weights and KV cache on one device. Move-only.
class Model {
public:
  /// Loads `checkpoint` (validated here) onto `device` with a KV cache of
  /// `maxSeqLen` positions, as `options` say. Throws qwen3::Error for a
  /// checkpoint, shape or dtype the engine cannot run, tile::rt::Error for
  /// device failures (out of memory). With WeightCheck::Finite, a NaN or
  /// infinite weight is a qwen3::Error naming the tensor and the element.
  static Model load(const tile::rt::Device &device,
                    const Checkpoint &checkpoint, int64_t maxSeqLen,
                    const KernelLocation &kernels,
                    const LoadOptions &options = {});
  Model(Model &&) noexcept;
  Model &operator=(Model &&) noexcept;
  ~Model();

  const Config &config() const;
  /// The element type of the weights and activations.
  tile::rt::DType dtype() const;
  /// The positions the KV cache holds.
  int64_t maxSeqLen() const;
  /// The stream the model's work is queued on.
  tile::rt::Stream &stream();
  /// The bytes a decode step at `position` must read from device memory:
  /// every weight it uses (all of them but the embedding table, of which it
  /// reads one row, unless the table is also the LM head) and the keys and
  /// values of positions 0 to `position`. Over the device's bandwidth, the
  /// shortest time a step can take: its roofline.
  double decodeStepBytes(int64_t position) const;

  /// Runs `tokens` at positions start, start + 1, ... (the cache must hold
  /// the `start` positions before them, which it keeps) and returns the f32
  /// logits [rows, vocab] that `rows` asks for, queued on stream(). One
  /// token is a decode step: captured as a graph the first time and
  /// replayed after, its logits in the graph's own tensor, which the next
  /// step writes again. Throws qwen3::Error when the chunk would reach past
  /// maxSeqLen().
  tile::rt::Tensor forward(std::span<const int32_t> tokens, int64_t start,
                           Logits rows = Logits::Last);

  /// The index of the largest logit of each row of `logits` ([rows, vocab]
  /// f32), computed on the device: an i32 tensor [rows, 1].
  tile::rt::Tensor argmax(const tile::rt::TensorView &logits);

  /// The most candidates per row that topKCandidates() keeps.
  static constexpr int64_t kMaxTopK = 64;
  /// Candidates holding the kMaxTopK largest logits of each row of `logits`
  /// ([rows, vocab] f32), found on the device, so that sampling from the
  /// top k (k <= kMaxTopK) reads these instead of every logit: their values
  /// (f32) and token ids (i32, -1 for no candidate), each [rows, c].
  std::pair<tile::rt::Tensor, tile::rt::Tensor>
  topKCandidates(const tile::rt::TensorView &logits);

  /// Times every kernel and matrix product of the forward passes that
  /// follow, each between two events; decode steps then run kernel by
  /// kernel instead of as their graph.
  void startProfile();
  /// The times since startProfile(), the longest first; profiling stops.
  std::vector<KernelTime> takeProfile();

private:
  struct State;
  explicit Model(std::unique_ptr<State> state);
  std::unique_ptr<State> state;
};

} // namespace qwen3

#endif // QWEN3_MODEL_H
