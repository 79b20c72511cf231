//===- HostKernel.h - Kernels compiled into the program, for host mode -*- C++
//-*-===//
//
// In host mode a kernel is the C++ function itself (the kernel source
// compiles with any C++20 compiler). hostKernel<&f>() derives the kernel's
// signature from f's parameter types, so that launches are checked as on the
// GPU, and runs f over the grid with tile::host::launch.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_HOSTKERNEL_H
#define TILE_RUNTIME_HOSTKERNEL_H

#include "tile/kernel.h"
#include "tile/runtime/DType.h"
#include "tile/runtime/Error.h"
#include "tile/runtime/Kernel.h"

#include <array>
#include <cstring>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace tile::rt {

/// Host-mode code: runs the whole grid of a launch on the calling thread.
class HostKernelCode : public KernelCode {
public:
  explicit HostKernelCode(
      std::function<void(std::span<const KernelArg>)> runGrid)
      : runGrid(std::move(runGrid)) {}

  /// Runs every program of the grid with `args` (host addresses), which
  /// planLaunch has checked against the kernel's signature.
  void run(std::span<const KernelArg> args) const { runGrid(args); }

private:
  std::function<void(std::span<const KernelArg>)> runGrid;
};

namespace detail {
/// What a kernel parameter of C++ type P is, and how host mode passes it.
template <class P> struct HostParam {
  static_assert(isDTypeElement<P> && !std::is_same_v<P, bool>,
                "kernel parameters are pieces, input pieces, views, atomic "
                "outputs and scalars (float, double, tile::f16, tile::bf16, "
                "int32_t, int64_t)");
  static ParamInfo info(std::string name) {
    return {std::move(name), ParamKind::Scalar, dtypeName<P>(), 0, {}};
  }
  static P argument(const KernelArg &arg) {
    P value;
    std::memcpy(&value, std::get<ScalarArg>(arg).bytes.data(), sizeof(P));
    return value;
  }
};

template <size_t Rank>
std::array<int64_t, Rank> toArray(const std::vector<int64_t> &values) {
  std::array<int64_t, Rank> result{};
  for (size_t d = 0; d < Rank; ++d)
    result[d] = values[d];
  return result;
}

/// A piece of kind Kind (an output piece, or with a const T an input
/// piece): host mode passes the whole tensor, as a partition.
template <ParamKind Kind, class T, int... Shape> struct HostPieceParam {
  static constexpr size_t rank = sizeof...(Shape);
  static ParamInfo info(std::string name) {
    return {std::move(name),
            Kind,
            dtypeName<std::remove_const_t<T>>(),
            int(rank),
            {Shape...}};
  }
  static tile::host::Partition<T, Shape...> argument(const KernelArg &arg) {
    const TensorArg &tensor = std::get<TensorArg>(arg);
    return {reinterpret_cast<T *>(tensor.address), toArray<rank>(tensor.shape),
            toArray<rank>(tensor.strides)};
  }
};

template <class T, int... Shape>
struct HostParam<tile::Piece<T, Shape...>>
    : HostPieceParam<ParamKind::Piece, T, Shape...> {};

template <class T, int... Shape>
struct HostParam<tile::Piece<const T, Shape...>>
    : HostPieceParam<ParamKind::InputPiece, const T, Shape...> {};

template <class T, int Rank> struct HostParam<tile::Atomic<T, Rank>> {
  static ParamInfo info(std::string name) {
    return {std::move(name), ParamKind::Atomic, dtypeName<T>(), Rank, {}};
  }
  static tile::Atomic<T, Rank> argument(const KernelArg &arg) {
    const TensorArg &tensor = std::get<TensorArg>(arg);
    return tile::Atomic<T, Rank>(reinterpret_cast<T *>(tensor.address),
                                 toArray<Rank>(tensor.shape),
                                 toArray<Rank>(tensor.strides));
  }
};

template <class T, int Rank> struct HostParam<tile::View<T, Rank>> {
  static ParamInfo info(std::string name) {
    return {std::move(name), ParamKind::View, dtypeName<T>(), Rank, {}};
  }
  static tile::View<T, Rank> argument(const KernelArg &arg) {
    const TensorArg &tensor = std::get<TensorArg>(arg);
    return tile::View<T, Rank>(reinterpret_cast<const T *>(tensor.address),
                               toArray<Rank>(tensor.shape),
                               toArray<Rank>(tensor.strides));
  }
};

template <auto Function> struct HostSignature;

template <class... Params, void (*Function)(Params...)>
struct HostSignature<Function> {
  static KernelInfo info(std::string name, std::vector<std::string> names) {
    if (!names.empty() && names.size() != sizeof...(Params))
      throw Error("kernel " + name + " has " +
                  std::to_string(sizeof...(Params)) + " parameters; got " +
                  std::to_string(names.size()) + " parameter names");
    KernelInfo kernel;
    kernel.name = name;
    kernel.entry = std::move(name);
    size_t index = 0;
    auto nameOf = [&] {
      std::string param =
          names.empty() ? "#" + std::to_string(index) : names[index];
      ++index;
      return param;
    };
    (kernel.params.push_back(
         HostParam<std::remove_cvref_t<Params>>::info(nameOf())),
     ...);
    return kernel;
  }

  static void run(std::span<const KernelArg> args) {
    runWith(args, std::index_sequence_for<Params...>());
  }

  template <size_t... I>
  static void runWith(std::span<const KernelArg> args,
                      std::index_sequence<I...>) {
    tile::host::launch(
        Function, HostParam<std::remove_cvref_t<Params>>::argument(args[I])...);
  }
};
} // namespace detail

/// The signature of kernel function `Function` (a kernel instantiation such
/// as &saxpy<2048>), named `name`, with parameter names `names` (or #0,
/// #1, ... if none are given).
template <auto Function>
KernelInfo kernelSignature(std::string name,
                           std::vector<std::string> names = {}) {
  return detail::HostSignature<Function>::info(std::move(name),
                                               std::move(names));
}

/// Kernel function `Function` as a host-mode kernel of `device` (which must
/// be the host): `hostKernel<&saxpy<2048>>(Device::host(), "saxpy<2048>",
/// {"y", "x", "a"})`.
template <auto Function>
Kernel hostKernel(Device device, std::string name,
                  std::vector<std::string> names = {}) {
  if (!device.isHost())
    throw Error("kernel " + name +
                " is compiled into the program for host "
                "mode; on " +
                device.name() + " load it from the kernel cache");
  return Kernel(
      device, kernelSignature<Function>(name, std::move(names)),
      std::make_shared<HostKernelCode>(&detail::HostSignature<Function>::run));
}

/// Throws Error unless the cache's metadata `cached` has the signature of
/// `expected` (the kernel function's): the same parameter kinds, element
/// types, ranks and pieces.
void checkSameSignature(const KernelInfo &cached, const KernelInfo &expected);

/// Kernel function `Function` on `device`: in host mode the function itself,
/// on a GPU the kernel `name` of the cache entry that `manifest` names,
/// whose metadata must match the function's signature.
template <auto Function>
Kernel
kernelFor(Device device, std::string name,
          const std::filesystem::path &manifest,
          const std::filesystem::path &cacheDir = defaultCacheDirectory()) {
  if (device.isHost())
    return hostKernel<Function>(std::move(device), std::move(name));
  Kernel kernel =
      Kernel::fromManifest(std::move(device), manifest, name, cacheDir);
  checkSameSignature(kernel.info(), kernelSignature<Function>(name));
  return kernel;
}

} // namespace tile::rt

#endif // TILE_RUNTIME_HOSTKERNEL_H
