//===- NoCudaBackend.cpp - Builds without the CUDA toolkit ----------------===//

#include "tile/runtime/Error.h"

#include "Backends.h"

std::shared_ptr<tile::rt::Backend> tile::rt::makeCudaBackend(int ordinal) {
  throw Error("no CUDA device " + std::to_string(ordinal) +
              ": this runtime was built without the CUDA toolkit");
}

bool tile::rt::cudaBackendBuilt() { return false; }
