// RUN: not tilecc check-host %s 2>&1 | FileCheck %s
// RUN: tilecc check-host %s -DSAFE
#include <tile/runtime/Graph.h>

#include <utility>

using namespace tile::rt;

// then() hands the launch's tensor to the continuation as its parameter;
// the moved-from variable is still the launch's there.
Future<int64_t> count(Stream &stream, const Kernel &kernel, Tensor y,
                      Tensor x) {
  return launch(stream, kernel, std::move(y).partition({2048}), x, 1.0f)
#ifdef SAFE
      .then([](Tensor written) { return written.numel(); });
#else
      // CHECK: continuation.cpp:[[@LINE+3]]:42: error: lambda captures tensor 'y' while a launch owns it; assign it from the launch's future (get, or take it in then) before using it again
      // CHECK: continuation.cpp:[[@LINE-5]]:33: note: 'y' moved into a partition here
      // CHECK: continuation.cpp:[[@LINE-6]]:10: note: 'y' comes back through the result of this launch
      .then([&](Tensor written) { return y.numel() + written.numel(); });
#endif
}

// A lambda made while the launch owns the tensor may run before it is
// back.
void later(Stream &stream, const Kernel &kernel, Tensor y, Tensor x) {
  Future<Tensor> done =
      launch(stream, kernel, std::move(y).partition({2048}), x, 1.0f);
#ifdef SAFE
  y = std::move(done).get();
#endif
  // CHECK: continuation.cpp:[[@LINE+1]]:22: error: lambda captures tensor 'y' while a launch owns it
  auto clear = [&] { y.fill(stream, 0.0); };
  clear();
}

// Inside a continuation, the lambda's own moves are checked on their own.
Future<Tensor> chain(Stream &stream, const Kernel &kernel, Tensor y,
                     Tensor x) {
  return launch(stream, kernel, std::move(y).partition({2048}), x, 1.0f)
      .then([&](Tensor sum) {
        Future<Tensor> next =
            launch(stream, kernel, std::move(sum).partition({2048}), x, 2.0f);
#ifdef SAFE
        return next;
#else
        // CHECK: continuation.cpp:[[@LINE+1]]:15: error: use of tensor 'sum' while a launch owns it
        (void)sum.numel();
        return next;
#endif
      });
}

// Graph capture: the lambda runs while capturing, and each captured launch
// gives y back at once.
Graph capture(Stream &stream, const Kernel &kernel, Tensor &y, Tensor &x) {
  return Graph::capture(stream, [&] {
    for (int step = 0; step < 4; ++step)
      y = launch(stream, kernel, std::move(y).partition({2048}), x, 1.0f)
              .get();
  });
}
