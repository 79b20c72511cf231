// RUN: not tilecc check-host %s 2>&1 | FileCheck %s
// RUN: tilecc check-host %s -DSAFE
#include <tile/runtime/Partition.h>

#include <utility>

using namespace tile::rt;

// A tensor moved into a partition is the partition's until unpartition()
// (or a launch's future) gives it back.
int64_t pieces(Tensor y) {
  Partition part = std::move(y).partition({2048});
  int64_t count = part.grid()[0];
#ifdef SAFE
  y = std::move(part).unpartition();
#else
  // CHECK: partition-use.cpp:[[@LINE+6]]:10: error: use of tensor 'y' while a partition owns it; assign it from unpartition() or from the future of the launch that takes the partition before using it again
  // CHECK-NEXT: {{^}}   {{.*}}|   return y.numel() / count;
  // CHECK-NEXT: {{^}}   {{.*}}|          ^
  // CHECK: partition-use.cpp:[[@LINE-8]]:20: note: 'y' moved into a partition here
  // CHECK-NOT: note:
#endif
  return y.numel() / count;
}

// The constructor moves it too.
int64_t rows(Tensor y) {
  Partition part(std::move(y), {16, 64});
  int64_t grid = part.grid()[0];
#ifdef SAFE
  y = std::move(part).unpartition();
#endif
  // CHECK: partition-use.cpp:[[@LINE+2]]:10: error: use of tensor 'y' while a partition owns it
  // CHECK: partition-use.cpp:[[@LINE-6]]:18: note: 'y' moved into a partition here
  return y.shape()[0] + grid;
}

// Asking whether it was moved is not a use.
bool moved(Tensor y) {
  Partition part = std::move(y).partition({2048});
  return !y.valid();
}

// A cast to an rvalue reference is a move like std::move.
int64_t cast(Tensor y) {
  Partition part = static_cast<Tensor &&>(y).partition({2048});
#ifdef SAFE
  y = std::move(part).unpartition();
#endif
  // CHECK: partition-use.cpp:[[@LINE+2]]:10: error: use of tensor 'y' while a partition owns it
  // CHECK: partition-use.cpp:[[@LINE-5]]:20: note: 'y' moved into a partition here
  return y.numel();
}
