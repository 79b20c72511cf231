//===- TypedKernel.h - Kernels called like functions, checked by C++ -*- C++
//-*-===//
//
// TensorOf<T, Rank> and ViewOf<T, Rank> carry a tensor's element type and
// rank in its C++ type, and TypedKernel<Params...> takes the kernel's own
// parameter types (tile::Piece, tile::Piece<const T, ...>, tile::View,
// tile::Atomic, scalars), so that a call with a wrong element type, rank or
// parameter kind does not compile. The kernel's metadata is checked against
// Params once, when the TypedKernel is made. These are what typed launchers
// name: `using saxpy_2048 = TypedKernel<tile::Piece<float, 2048>,
// tile::View<float, 1>, float>;`.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_TYPEDKERNEL_H
#define TILE_RUNTIME_TYPEDKERNEL_H

#include "tile/runtime/HostKernel.h"
#include "tile/runtime/Launch.h"

#include <array>
#include <tuple>

namespace tile::rt {

/// A Tensor whose element type T and rank are part of its type.
template <class T, int Rank> class TensorOf {
public:
  /// `tensor`, which must have element type T and rank Rank (else Error).
  explicit TensorOf(Tensor tensor) : tensor(std::move(tensor)) {
    this->tensor.view().checkElementType(dtypeName<T>());
    if (this->tensor.view().rank() != Rank)
      throw Error("a tensor of shape " + shapeText(this->tensor.shape()) +
                  " has not rank " + std::to_string(Rank));
  }
  /// Another element type or rank: does not compile.
  template <class U, int R> TensorOf(TensorOf<U, R> &&) {
    static_assert(std::is_same_v<U, T>,
                  "the tensor has the wrong element type for this parameter");
    static_assert(R == Rank,
                  "the tensor has the wrong rank for this parameter");
  }
  TensorOf(TensorOf &&) noexcept = default;
  TensorOf &operator=(TensorOf &&) noexcept = default;

  /// An uninitialized row-major tensor of `shape` on `device`.
  static TensorOf empty(Device device, std::array<int64_t, Rank> shape) {
    return TensorOf(Tensor::empty(std::move(device), dtypeName<T>(),
                                  {shape.begin(), shape.end()}));
  }

  /// The tensor, read-only.
  const TensorView &view() const { return tensor.view(); }
  /// The untyped tensor.
  Tensor &untyped() { return tensor; }
  const Tensor &untyped() const { return tensor; }

private:
  Tensor tensor;
};

/// A read-only input of element type T and rank Rank.
template <class T, int Rank> class ViewOf {
public:
  ViewOf(const TensorOf<T, Rank> &tensor) : view(tensor.view()) {}
  /// Another element type or rank: does not compile.
  template <class U, int R> ViewOf(const TensorOf<U, R> &) {
    static_assert(std::is_same_v<U, T>,
                  "the tensor has the wrong element type for this parameter");
    static_assert(R == Rank,
                  "the tensor has the wrong rank for this parameter");
  }

  TensorView view;
};

namespace detail {
/// What a typed call takes for a kernel parameter of type P: a scalar by
/// value.
template <class P> struct TypedParam {
  using Argument = P;
  static P pass(P value) { return value; }
};
/// An output piece: the whole tensor, moved in and partitioned here.
template <class T, int... Tile> struct TypedParam<tile::Piece<T, Tile...>> {
  using Argument = TensorOf<T, int(sizeof...(Tile))> &&;
  static Partition pass(Argument tensor) {
    return std::move(tensor.untyped()).partition({Tile...});
  }
};
/// An input piece: the whole tensor, read-only; the launch splits it into
/// the kernel's pieces.
template <class T, int... Tile>
struct TypedParam<tile::Piece<const T, Tile...>> {
  using Argument = ViewOf<T, int(sizeof...(Tile))>;
  static const TensorView &pass(const Argument &input) { return input.view; }
};
/// An input view.
template <class T, int Rank> struct TypedParam<tile::View<T, Rank>> {
  using Argument = ViewOf<T, Rank>;
  static const TensorView &pass(const ViewOf<T, Rank> &input) {
    return input.view;
  }
};
/// An atomic output: the whole tensor, moved in.
template <class T, int Rank> struct TypedParam<tile::Atomic<T, Rank>> {
  using Argument = TensorOf<T, Rank> &&;
  static AtomicOutput pass(Argument tensor) {
    return std::move(tensor.untyped()).atomic();
  }
};

/// Whether P is a piece parameter, output or input, which gives the grid.
template <class P> struct IsPiece : std::false_type {};
template <class T, int... Tile>
struct IsPiece<tile::Piece<T, Tile...>> : std::true_type {};

/// Whether P is an output parameter: an output piece or an atomic output.
template <class P> struct IsOutput : std::false_type {};
template <class T, int... Tile>
struct IsOutput<tile::Piece<T, Tile...>>
    : std::bool_constant<!std::is_const_v<T>> {};
template <class T, int Rank>
struct IsOutput<tile::Atomic<T, Rank>> : std::true_type {};

/// The first output among Ps.
template <class... Ps> struct FirstOutput { using type = void; };
template <class P, class... Ps> struct FirstOutput<P, Ps...> {
  using type = std::conditional_t<IsOutput<P>::value, P,
                                  typename FirstOutput<Ps...>::type>;
};

/// The typed tensor an output piece comes back as.
template <class T, int... Tile>
auto typedOutput(tile::Piece<T, Tile...> *, Tensor tensor) {
  return TensorOf<T, int(sizeof...(Tile))>(std::move(tensor));
}
/// The typed tensor an atomic output comes back as.
template <class T, int Rank>
auto typedOutput(tile::Atomic<T, Rank> *, Tensor tensor) {
  return TensorOf<T, Rank>(std::move(tensor));
}
} // namespace detail

/// A kernel with parameters of types Params, called like a function:
/// `Future<TensorOf<float, 1>> y2 = saxpy(stream, std::move(y), x, 2.0f);`
/// Outputs are whole tensors, moved in: partitioned into the kernel's
/// pieces for an output piece, whole for an atomic output. Inputs, views
/// and input pieces alike, are tensors read in place. The future gives the
/// outputs back typed (one, or the first of several: their untyped tuple
/// stays reachable through launch()).
template <class... Params> class TypedKernel {
  static_assert((detail::IsPiece<Params>::value || ...),
                "a kernel has at least one piece, output or input, which "
                "gives the grid");
  static_assert((detail::IsOutput<Params>::value || ...),
                "a kernel has at least one output: an output piece or an "
                "atomic output");

public:
  /// `kernel`, whose metadata must match Params (else Error).
  explicit TypedKernel(Kernel kernel) : kernel_(std::move(kernel)) {
    checkSameSignature(
        kernel_.info(),
        detail::HostSignature<&signatureOf>::info(kernel_.info().name, {}));
  }

  /// Queues the kernel on `stream`; returns the first output's future.
  auto operator()(Stream &stream,
                  typename detail::TypedParam<Params>::Argument... args) const {
    auto future = launch(stream, kernel_,
                         detail::TypedParam<Params>::pass(
                             std::forward<decltype(args)>(args))...);
    return std::move(future).then(
        [](auto outputs) { return firstOutput(std::move(outputs)); });
  }

  /// The untyped kernel.
  const Kernel &kernel() const { return kernel_; }

private:
  /// A function of the kernel's signature, for HostSignature.
  static void signatureOf(Params...) {}

  template <class Outputs> static auto firstOutput(Outputs outputs) {
    auto *first =
        static_cast<typename detail::FirstOutput<Params...>::type *>(nullptr);
    if constexpr (std::is_same_v<Outputs, Tensor>)
      return detail::typedOutput(first, std::move(outputs));
    else
      return detail::typedOutput(first, std::move(std::get<0>(outputs)));
  }

  Kernel kernel_;
};

} // namespace tile::rt

#endif // TILE_RUNTIME_TYPEDKERNEL_H
