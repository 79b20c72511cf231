//===- CompileOptions.h - What one tilecc compile is asked ------*- C++ -*-===//

#ifndef TILE_DRIVER_COMPILEOPTIONS_H
#define TILE_DRIVER_COMPILEOPTIONS_H

#include "tile/Frontend/KernelFrontend.h"

#include <string>

namespace tile::driver {

/// What tilecc writes.
enum class EmitKind { Tile, LLVM, PTX, Cubin, Manifest, Launcher, TuningSpace };

/// Everything one tilecc compile needs.
struct CompileOptions {
  frontend::FrontendOptions frontend;
  EmitKind emit = EmitKind::Cubin;
  std::string arch = "sm_90";
  unsigned optLevel = 3;
  /// Whether float multiplies and adds may fuse into fma (--fp-contract).
  bool floatContraction = false;
  /// Output file; "-" or empty writes text to stdout.
  std::string output;
  std::string cacheDir;
  std::string cudaRoot;
  bool verbose = false;
  /// With EmitKind::Launcher: embed the cubin in the header.
  bool embedCubin = false;
  /// Check the kernels only: every error compiling reports up to tile IR,
  /// generating no code.
  bool checkOnly = false;
  /// Like checkOnly, then list every unsafe scope with its reason.
  bool listUnsafe = false;
  /// Like checkOnly, then list every check the compiler inserts.
  bool listChecks = false;
  /// With checkOnly, listUnsafe or listChecks: the safety analysis alone,
  /// for kernels that run only in host mode.
  bool safetyOnly = false;
  /// A tuning records file (docs/tuning.md): its fresh records replace
  /// the written configurations of tunable kernels on their GPUs.
  std::string tuningRecords;

  /// Whether the options ask only for checks and lists, no code.
  bool checksOnly() const { return checkOnly || listUnsafe || listChecks; }
};

/// The compiler version that enters every cache key.
llvm::StringRef compilerVersion();

} // namespace tile::driver

#endif // TILE_DRIVER_COMPILEOPTIONS_H
