// RUN: not tilecc check-host %s 2>&1 | FileCheck %s
// RUN: tilecc check-host %s -DSAFE
#include <tile/runtime/Launch.h>

#include <utility>

using namespace tile::rt;

// The launch owns y until its future gives it back.
int64_t saxpy(Stream &stream, const Kernel &kernel, Tensor y, Tensor x) {
  Future<Tensor> done =
      launch(stream, kernel, std::move(y).partition({2048}), x, 2.0f);
#ifdef SAFE
  y = std::move(done).get();
#else
  // CHECK: launch-use.cpp:[[@LINE+5]]:10: error: use of tensor 'y' while a launch owns it; assign it from the launch's future (get, or take it in then) before using it again
  // CHECK: launch-use.cpp:[[@LINE-5]]:30: note: 'y' moved into a partition here
  // CHECK: launch-use.cpp:[[@LINE-6]]:7: note: 'y' comes back through the result of this launch
  // CHECK-NOT: note:
#endif
  return y.numel();
}

// A partition variable moved into the launch is the launch's too.
void partitionVariable(Stream &stream, const Kernel &kernel, Tensor y,
                       Tensor x) {
  Partition part = std::move(y).partition({2048});
  Future<Tensor> done = launch(stream, kernel, std::move(part), x, 2.0f);
#ifdef SAFE
  part = Partition(std::move(done).get(), {2048});
#endif
  // CHECK: launch-use.cpp:[[@LINE+3]]:3: error: use of partition 'part' while a launch owns it
  // CHECK: launch-use.cpp:[[@LINE-5]]:48: note: 'part' moved into a launch here
  // CHECK: launch-use.cpp:[[@LINE-6]]:25: note: 'part' comes back through the result of this launch
  part.grid();
}

// Moving it into a second launch is a use, as is passing it as an input.
void twice(Stream &stream, const Kernel &kernel, Tensor y, Tensor x) {
  Future<Tensor> first =
      launch(stream, kernel, std::move(y).partition({2048}), x, 2.0f);
#ifdef SAFE
  y = std::move(first).get();
#endif
  // CHECK: launch-use.cpp:[[@LINE+2]]:40: error: use of tensor 'y' while a launch owns it
  Future<Tensor> second =
      launch(stream, kernel, std::move(y).partition({2048}), x, 2.0f);
  // CHECK-NOT: launch-use.cpp:[[@LINE+1]]
  Future<Tensor> third = launch(stream, kernel, std::move(x).partition({2048}),
#ifdef SAFE
                                std::move(second).get(), 2.0f);
#else
  // CHECK: launch-use.cpp:[[@LINE+1]]:33: error: use of tensor 'y' while a launch owns it
                                y, 2.0f);
#endif
}

// Two outputs come back together.
void tuple(Stream &stream, const Kernel &kernel, Tensor a, Tensor b,
           Tensor x) {
  auto done = launch(stream, kernel, std::move(a).partition({1024}),
                     std::move(b).partition({1024}), x);
#ifdef SAFE
  std::tie(a, b) = std::move(done).get();
#endif
  // CHECK: launch-use.cpp:[[@LINE+1]]:3: error: use of tensor 'b' while a launch owns it
  b.fill(stream, 0.0);
}

// A launch the arguments of which are rejected gives the tensors back.
void rejected(Stream &stream, const Kernel &kernel, Tensor y, Tensor x) {
  try {
    y = launch(stream, kernel, std::move(y).partition({2048}), x).get();
  } catch (const RejectedLaunch &rejection) {
#ifdef SAFE
    y = std::move(rejection.tensors()[0]);
#endif
  }
  // CHECK: launch-use.cpp:[[@LINE+1]]:3: error: use of tensor 'y' while a launch may own it (it is moved on some paths)
  y.fill(stream, 0.0);
}
