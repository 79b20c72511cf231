// RUN: not tilecc check-host %s 2>&1 | FileCheck %s
// RUN: tilecc check-host %s -DSAFE
#include <tile/runtime/Launch.h>

#include <utility>
#include <vector>

using namespace tile::rt;

// Each step's launch owns y until the next step takes it back.
void steps(Stream &stream, const Kernel &kernel, Tensor y, Tensor x) {
  std::vector<Future<Tensor>> pending;
  for (int step = 0; step < 10; ++step) {
    // CHECK: loop.cpp:[[@LINE+3]]:56: error: use of tensor 'y' while a launch may own it (it is moved on some paths)
    // CHECK: loop.cpp:[[@LINE+2]]:46: note: 'y' moved into a partition here
    // CHECK: loop.cpp:[[@LINE+1]]:23: note: 'y' comes back through the result of this launch
    pending.push_back(launch(stream, kernel, std::move(y).partition({2048}),
                             x, 1.0f));
#ifdef SAFE
    y = std::move(pending.back()).get();
#endif
  }
}

// Waiting for every step is the fix.
void waited(Stream &stream, const Kernel &kernel, Tensor y, Tensor x) {
  for (int step = 0; step < 10; ++step)
    y = launch(stream, kernel, std::move(y).partition({2048}), x, 1.0f).get();
  y.fill(stream, 0.0);
}

// A variable declared in the loop is a new tensor on every iteration.
void fresh(Stream &stream, const Kernel &kernel, const Device &device,
           Tensor x) {
  std::vector<Future<Tensor>> pending;
  for (int step = 0; step < 10; ++step) {
    Tensor y = Tensor::empty(device, "f32", {4096});
    pending.push_back(
        launch(stream, kernel, std::move(y).partition({2048}), x, 1.0f));
  }
}
