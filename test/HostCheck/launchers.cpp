// RUN: not tilecc check-host %s 2>&1 | FileCheck %s
// RUN: tilecc check-host %s -DSAFE
#include <tile/runtime/Blas.h>
#include <tile/runtime/Graph.h>
#include <tile/runtime/TypedKernel.h>

#include <utility>

using namespace tile::rt;

using Saxpy =
    TypedKernel<tile::Piece<float, 2048>, tile::View<float, 1>, float>;

// Any call that returns a future owns what is moved into it until the
// future gives it back: a typed kernel,
void typed(Stream &stream, const Saxpy &saxpy, TensorOf<float, 1> y,
           const TensorOf<float, 1> &x) {
  Future<TensorOf<float, 1>> done = saxpy(stream, std::move(y), x, 2.0f);
#ifdef SAFE
  y = std::move(done).get();
#endif
  // CHECK: launchers.cpp:[[@LINE+3]]:3: error: use of tensor 'y' while a launch owns it
  // CHECK: launchers.cpp:[[@LINE-5]]:51: note: 'y' moved into a launch here
  // CHECK: launchers.cpp:[[@LINE-6]]:37: note: 'y' comes back through the result of this launch
  y.view();
}

// a BLAS product,
void product(Stream &stream, Tensor c, const Tensor &a, const Tensor &b) {
  Future<Tensor> done = gemm(stream, std::move(c), a, b);
#ifdef SAFE
  c = std::move(done).get();
#endif
  // CHECK: launchers.cpp:[[@LINE+1]]:3: error: use of tensor 'c' while a launch owns it
  c.fill(stream, 0.0);
}

// or the program's own function around them.
Future<Tensor> scaled(Stream &stream, const Kernel &kernel, Tensor y,
                      const Tensor &x) {
  return launch(stream, kernel, std::move(y).partition({2048}), x, 2.0f);
}

int64_t wrapped(Stream &stream, const Kernel &kernel, Tensor y,
                const Tensor &x) {
  auto done = scaled(stream, kernel, std::move(y), x);
#ifdef SAFE
  y = std::move(done).get();
#endif
  // CHECK: launchers.cpp:[[@LINE+1]]:10: error: use of tensor 'y' while a launch owns it
  return y.numel();
}

// A graph update gives the tensor back as its result, at once.
void update(Graph &graph, Tensor y, const Tensor &x) {
#ifdef SAFE
  y = graph.update(0, std::move(y).partition({2048}), x, 1.0f);
#else
  Tensor back = graph.update(0, std::move(y).partition({2048}), x, 1.0f);
#endif
  // CHECK: launchers.cpp:[[@LINE+1]]:3: error: use of tensor 'y' while a launch owns it
  y.view();
}

// Moves into anything else are not the launch's business.
void elsewhere(Tensor y) {
  Tensor other = std::move(y);
  y = std::move(other);
  y.view();
}
