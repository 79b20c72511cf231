// RUN: not tilecc check-host %s 2>&1 | FileCheck %s
// RUN: tilecc check-host %s -DSAFE
#include <tile/runtime/Launch.h>

#include <optional>
#include <utility>

using namespace tile::rt;

// Moved on one branch only: a use after the branches may find it moved.
int64_t maybe(Stream &stream, const Kernel &kernel, Tensor y, Tensor x,
              bool scale) {
  std::optional<Future<Tensor>> done;
  if (scale) {
    done = launch(stream, kernel, std::move(y).partition({2048}), x, 2.0f);
#ifdef SAFE
    y = std::move(*done).get();
#endif
  }
  // CHECK: branch.cpp:[[@LINE+3]]:10: error: use of tensor 'y' while a launch may own it (it is moved on some paths); assign it from the launch's future
  // CHECK: branch.cpp:[[@LINE-6]]:35: note: 'y' moved into a partition here
  // CHECK: branch.cpp:[[@LINE-7]]:12: note: 'y' comes back through the result of this launch
  return y.numel();
}

// A use on the other branch is fine; after both, y is moved on every path.
int64_t both(Stream &stream, const Kernel &kernel, Tensor y, Tensor x,
             bool scale) {
  Future<Tensor> done =
      scale ? launch(stream, kernel, std::move(y).partition({2048}), x, 2.0f)
            : launch(stream, kernel, Tensor::empty(y.device(), "f32",
                                                   {y.numel()})
                                         .partition({2048}),
                     x, 1.0f);
#ifndef SAFE
  // CHECK: branch.cpp:[[@LINE+1]]:10: error: use of tensor 'y' while a launch may own it
  return y.numel();
#else
  return std::move(done).get().numel();
#endif
}

// Moved on every branch: owned on every path.
void every(Stream &stream, const Kernel &kernel, Tensor y, Tensor x,
           bool scale) {
  Future<Tensor> done = scale ? launch(stream, kernel,
                                       std::move(y).partition({2048}), x, 2.0f)
                              : launch(stream, kernel,
                                       std::move(y).partition({2048}), x, 1.0f);
#ifdef SAFE
  y = std::move(done).get();
#endif
  // CHECK: branch.cpp:[[@LINE+1]]:3: error: use of tensor 'y' while a launch owns it
  y.fill(stream, 0.0);
}
