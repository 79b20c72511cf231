//===- ProgramPaths.cpp - Where the engine's programs find things ---------===//

#include "ProgramPaths.h"

#include <cstdio>
#include <cstdlib>

using namespace qwen3;

ProgramPaths ProgramPaths::beside(const char *argv0) {
  std::error_code error;
  std::filesystem::path self =
      std::filesystem::read_symlink("/proc/self/exe", error);
  if (error)
    self = std::filesystem::absolute(argv0);
  std::filesystem::path root = self.parent_path().parent_path();
  ProgramPaths paths;
  paths.program = std::filesystem::path(argv0).filename().string();
  paths.model = root / "models" / "qwen3-tiny";
  paths.kernels = root / "kernels";
  paths.kernelCache = root / "kernel-cache";
  if (const char *tilecc = std::getenv("TILE_TILECC"))
    paths.tilecc = tilecc;
  else if (std::filesystem::is_regular_file(self.parent_path() / "tilecc"))
    paths.tilecc = self.parent_path() / "tilecc";
  return paths;
}

void ProgramPaths::addDeviceOptions(CLI::App &app) {
  app.add_option("--device", device,
                 "host, cuda, cuda:N, or auto (a GPU if there is one)")
      ->capture_default_str();
  app.add_option("--kernels", kernels,
                 "Directory of the kernels' manifests (for a GPU)")
      ->capture_default_str();
  app.add_option("--kernel-cache", kernelCache,
                 "The kernel cache holding their cubins (for a GPU)")
      ->capture_default_str();
  app.add_option("--tilecc", tilecc,
                 "The tilecc that compiles the kernels of a model's shapes "
                 "that the build did not compile, into the kernel cache "
                 "(default: TILE_TILECC, else the one beside the program)")
      ->capture_default_str();
  app.add_option("--dtype", dtype,
                 "The weights' and activations' type: bf16, or f32 in host "
                 "mode (the bf16 weights widened, no activation rounded; "
                 "slower, for checking accuracy)")
      ->check(CLI::IsMember({"bf16", "f32"}))
      ->capture_default_str();
  app.add_flag_callback(
      "--no-weight-check", [this] { weightCheck = WeightCheck::None; },
      "Load the weights without checking them for NaN and infinities "
      "(a little faster, for checkpoints known to be good)");
  app.add_option("--products", products,
                 "Whose matrix products of more than one row (prefill's) "
                 "run: library (the kernel library's, compiled by tilecc) or "
                 "blas (cuBLAS on a GPU, OpenBLAS on the host; a reference "
                 "to compare against)")
      ->check(CLI::IsMember({"library", "blas"}))
      ->capture_default_str();
}

Model ProgramPaths::loadModel(const tile::rt::Device &device,
                              const Checkpoint &checkpoint,
                              int64_t maxSeqLen) const {
  const Config &config = checkpoint.config();
  if (maxSeqLen > config.maxPositionEmbeddings)
    std::fprintf(stderr,
                 "%s: warning: a KV cache of %lld positions is longer than "
                 "the model's context of %lld (max_position_embeddings): "
                 "positions past it were never trained\n",
                 program.c_str(), (long long)maxSeqLen,
                 (long long)config.maxPositionEmbeddings);
  return Model::load(
      device, checkpoint, maxSeqLen, kernelLocation(),
      {.dtype = dtype,
       .check = weightCheck,
       .products = products == "blas" ? Products::Blas : Products::Library});
}

KernelLocation ProgramPaths::kernelLocation() const {
  return {kernels, kernelCache,
          KernelCompiler{
              .tilecc = tilecc,
              .libraryHeaders = QWEN3_KERNEL_LIBRARY_DIR,
              .arch = QWEN3_KERNEL_ARCH,
              .progress = [name = program](const std::string &message) {
                std::fprintf(stderr, "%s: %s\n", name.c_str(), message.c_str());
              }}};
}

tile::rt::Device ProgramPaths::openDevice() const {
  if (device != "auto")
    return tile::rt::Device::named(device);
  try {
    return tile::rt::Device::named("cuda");
  } catch (const std::exception &) {
    return tile::rt::Device::host();
  }
}
