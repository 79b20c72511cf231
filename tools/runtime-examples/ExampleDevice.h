//===- ExampleDevice.h - The command line the runtime examples share -*- C++
//-*-===//
//
// Each example runs in host mode by default and on a GPU when asked:
//   example [host|cuda|cuda:N] [MANIFEST_DIR] [CACHE_DIR]
// On a GPU its kernels come from the kernel cache through the manifests that
// tilecc wrote (build/kernels and build/kernel-cache by default).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_RUNTIME_EXAMPLES_EXAMPLEDEVICE_H
#define TILE_TOOLS_RUNTIME_EXAMPLES_EXAMPLEDEVICE_H

#include "tile/runtime/HostKernel.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>

namespace example {

/// Where an example runs and where its kernels are.
struct Setup {
  tile::rt::Device device;
  std::filesystem::path manifests, cacheDir;

  /// Kernel `name` (an instantiation of Function) of the example kernel
  /// source `source`, on the example's device.
  template <auto Function>
  tile::rt::Kernel kernel(const std::string &name,
                          const std::string &source) const {
    return tile::rt::kernelFor<Function>(
        device, name, manifests / (source + ".json"), cacheDir);
  }
};

/// The setup the command line asks for.
inline Setup setupFrom(int argc, char **argv) {
  return {tile::rt::Device::named(argc > 1 ? argv[1] : "host"),
          argc > 2 ? argv[2] : "build/kernels",
          argc > 3 ? argv[3] : "build/kernel-cache"};
}

/// Whether `actual` is within `tolerance` of `expected`, relatively; prints
/// the first element that is not.
template <class A, class E>
bool near(const A &actual, const E &expected, double tolerance) {
  for (size_t i = 0; i < expected.size(); ++i) {
    double a = actual[i], e = expected[i];
    if (!(std::abs(a - e) <= tolerance * std::max(1.0, std::abs(e)))) {
      std::printf("element %zu: %g, expected %g\n", i, a, e);
      return false;
    }
  }
  return actual.size() == expected.size();
}

} // namespace example

#endif // TILE_TOOLS_RUNTIME_EXAMPLES_EXAMPLEDEVICE_H
