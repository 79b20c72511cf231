// RUN: not tilecc check-host %s 2>&1 | FileCheck %s
// RUN: tilecc check-host %s -DSAFE
#include <tile/runtime/Launch.h>

#include <optional>
#include <utility>

using namespace tile::rt;

// A tensor moved into an atomic output is the atomic output's until
// release() (or a launch's future) gives it back.
int64_t bins(Tensor counts) {
  AtomicOutput out = std::move(counts).atomic();
  int64_t rank = out.view().rank();
#ifdef SAFE
  counts = std::move(out).release();
#else
  // CHECK: atomic-use.cpp:[[@LINE+6]]:10: error: use of tensor 'counts' while an atomic output owns it; assign it from release() or from the future of the launch that takes the atomic output before using it again
  // CHECK-NEXT: {{^}}   {{.*}}|   return counts.numel() / rank;
  // CHECK-NEXT: {{^}}   {{.*}}|          ^
  // CHECK: atomic-use.cpp:[[@LINE-8]]:22: note: 'counts' moved into an atomic output here
  // CHECK-NOT: note:
#endif
  return counts.numel() / rank;
}

// The constructor moves it too.
int64_t constructed(Tensor counts) {
  AtomicOutput out(std::move(counts));
#ifdef SAFE
  counts = std::move(out).release();
#endif
  // CHECK: atomic-use.cpp:[[@LINE+2]]:10: error: use of tensor 'counts' while an atomic output owns it
  // CHECK: atomic-use.cpp:[[@LINE-5]]:20: note: 'counts' moved into an atomic output here
  return counts.numel();
}

// Asking whether it was moved is not a use.
bool moved(Tensor counts) {
  AtomicOutput out = std::move(counts).atomic();
  return !counts.valid();
}

// A cast to an rvalue reference is a move like std::move.
int64_t cast(Tensor counts) {
  AtomicOutput out = static_cast<Tensor &&>(counts).atomic();
#ifdef SAFE
  counts = std::move(out).release();
#endif
  // CHECK: atomic-use.cpp:[[@LINE+2]]:10: error: use of tensor 'counts' while an atomic output owns it
  // CHECK: atomic-use.cpp:[[@LINE-5]]:22: note: 'counts' moved into an atomic output here
  return counts.numel();
}

// A lambda made while the atomic output owns the tensor may run before it
// is back.
void captured(Stream &stream, Tensor counts) {
  AtomicOutput out = std::move(counts).atomic();
#ifdef SAFE
  counts = std::move(out).release();
#endif
  // CHECK: atomic-use.cpp:[[@LINE+3]]:22: error: lambda captures tensor 'counts' while an atomic output owns it; assign it from release() or from the future of the launch that takes the atomic output before using it again
  // CHECK: atomic-use.cpp:[[@LINE-5]]:22: note: 'counts' moved into an atomic output here
  // CHECK-NOT: note:
  auto clear = [&] { counts.fill(stream, 0); };
  clear();
}

// The launch owns it until its future gives it back.
int64_t histogram(Stream &stream, const Kernel &kernel, Tensor counts,
                  Tensor x) {
  Future<Tensor> done = launch(stream, kernel, x, std::move(counts).atomic());
#ifdef SAFE
  counts = std::move(done).get();
#else
  // CHECK: atomic-use.cpp:[[@LINE+5]]:10: error: use of tensor 'counts' while a launch owns it; assign it from the launch's future (get, or take it in then) before using it again
  // CHECK: atomic-use.cpp:[[@LINE-5]]:51: note: 'counts' moved into an atomic output here
  // CHECK: atomic-use.cpp:[[@LINE-6]]:25: note: 'counts' comes back through the result of this launch
  // CHECK-NOT: note:
#endif
  return counts.numel();
}

// So does one that takes an atomic output constructed in its arguments.
void temporary(Stream &stream, const Kernel &kernel, Tensor counts,
               Tensor x) {
  Future<Tensor> done =
      launch(stream, kernel, x, AtomicOutput(std::move(counts)));
#ifdef SAFE
  counts = std::move(done).get();
#endif
  // CHECK: atomic-use.cpp:[[@LINE+3]]:3: error: use of tensor 'counts' while a launch owns it
  // CHECK: atomic-use.cpp:[[@LINE-5]]:46: note: 'counts' moved into an atomic output here
  // CHECK: atomic-use.cpp:[[@LINE-6]]:7: note: 'counts' comes back through the result of this launch
  counts.fill(stream, 0);
}

// An atomic output variable moved into the launch is the launch's too.
void atomicVariable(Stream &stream, const Kernel &kernel, Tensor counts,
                    Tensor x) {
  AtomicOutput out = std::move(counts).atomic();
  Future<Tensor> done = launch(stream, kernel, x, std::move(out));
#ifdef SAFE
  out = std::move(done).get().atomic();
#endif
  // CHECK: atomic-use.cpp:[[@LINE+3]]:3: error: use of atomic output 'out' while a launch owns it
  // CHECK: atomic-use.cpp:[[@LINE-5]]:51: note: 'out' moved into a launch here
  // CHECK: atomic-use.cpp:[[@LINE-6]]:25: note: 'out' comes back through the result of this launch
  out.view();
}

// Moved on one branch only: a use after the branches may find it moved.
int64_t maybe(Stream &stream, const Kernel &kernel, Tensor counts, Tensor x,
              bool count) {
  std::optional<Future<Tensor>> done;
  if (count) {
    done = launch(stream, kernel, x, std::move(counts).atomic());
#ifdef SAFE
    counts = std::move(*done).get();
#endif
  }
  // CHECK: atomic-use.cpp:[[@LINE+1]]:10: error: use of tensor 'counts' while a launch may own it (it is moved on some paths)
  return counts.numel();
}

// Each launch takes it back from the last: no use while it is moved.
void steps(Stream &stream, const Kernel &kernel, Tensor counts, Tensor x) {
  counts.fill(stream, 0);
  for (int step = 0; step < 10; ++step)
    counts = launch(stream, kernel, x, std::move(counts).atomic()).get();
  counts.fill(stream, 0);
}
