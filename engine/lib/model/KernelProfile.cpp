//===- KernelProfile.cpp - The time each kernel of a pass takes -----------===//

#include "KernelProfile.h"

#include <algorithm>

using namespace qwen3;

void KernelProfile::collect() {
  if (timed.empty())
    return;
  timed.back().end.synchronize();
  for (const Timed &entry : timed) {
    KernelTime &total = totals[entry.name];
    total.name = entry.name;
    ++total.calls;
    total.milliseconds += entry.end.millisecondsSince(entry.begin);
  }
  timed.clear();
}

std::vector<KernelTime> KernelProfile::take() {
  collect();
  enabled = false;
  std::vector<KernelTime> times;
  for (auto &[name, time] : totals)
    times.push_back(time);
  totals.clear();
  std::sort(times.begin(), times.end(),
            [](const KernelTime &a, const KernelTime &b) {
              return a.milliseconds > b.milliseconds;
            });
  return times;
}
