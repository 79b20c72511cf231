//===- Ptxas.h - Assembling PTX into a cubin --------------------*- C++ -*-===//

#ifndef TILE_BACKEND_PTXAS_H
#define TILE_BACKEND_PTXAS_H

#include "llvm/Support/Error.h"

#include <string>

namespace tile::backend {

/// Assembles `ptx` for `chip` with the CUDA toolkit's ptxas and returns the
/// cubin's bytes. ptxas's own messages become the error on failure; with
/// `verbose`, its resource report (registers, spills) goes to stderr.
llvm::Expected<std::string>
assembleCubin(llvm::StringRef ptx, llvm::StringRef chip, unsigned optLevel,
              llvm::StringRef cudaRoot, bool verbose);

} // namespace tile::backend

#endif // TILE_BACKEND_PTXAS_H
