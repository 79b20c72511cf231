//===- InlineVector.h - A vector that stays on the stack when small -*- C++
//-*-===//

#ifndef TILE_RUNTIME_INLINEVECTOR_H
#define TILE_RUNTIME_INLINEVECTOR_H

#include <algorithm>
#include <array>
#include <cstddef>
#include <span>
#include <type_traits>
#include <vector>

namespace tile::rt {

/// A vector of trivially copyable values that keeps its first N elements
/// inline and moves to the heap only past them, so that the launch path
/// (a plan's parameter slots, their pointers) allocates nothing for the
/// kernels of the library.
template <class T, size_t N> class InlineVector {
  static_assert(std::is_trivially_copyable_v<T>);

public:
  InlineVector() = default;

  void push_back(const T &value) {
    // Small enough to inline at every call, as launches call it per
    // parameter slot; the heap path stays out of line.
    if (!onHeap && used < N) [[likely]] {
      local[used++] = value;
      return;
    }
    pushBackOnHeap(value);
  }
  /// Makes `count` the size; elements past the old size are left for the
  /// caller to write, which then needs no capacity check per element.
  void resize(size_t count) {
    reserve(count);
    if (onHeap)
      heap.resize(count);
    used = count;
  }
  /// Makes room for `count` elements, on the heap if they do not fit
  /// inline.
  void reserve(size_t count) {
    if (onHeap)
      heap.reserve(count);
    else if (count > N)
      moveToHeap(count);
  }

  size_t size() const { return used; }
  bool empty() const { return used == 0; }
  T *data() { return onHeap ? heap.data() : local.data(); }
  const T *data() const { return onHeap ? heap.data() : local.data(); }
  T &operator[](size_t i) { return data()[i]; }
  const T &operator[](size_t i) const { return data()[i]; }
  T *begin() { return data(); }
  T *end() { return data() + used; }
  const T *begin() const { return data(); }
  const T *end() const { return data() + used; }
  operator std::span<const T>() const { return {data(), used}; }

  friend bool operator==(const InlineVector &a, const InlineVector &b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

private:
  [[gnu::noinline]] void pushBackOnHeap(const T &value) {
    if (!onHeap)
      moveToHeap(used + 1);
    heap.push_back(value);
    ++used;
  }
  void moveToHeap(size_t capacity) {
    heap.reserve(std::max(capacity, 2 * N));
    heap.assign(local.begin(), local.begin() + used);
    onHeap = true;
  }

  std::array<T, N> local;
  // Every element, once there are more than N or room was reserved for
  // more.
  std::vector<T> heap;
  bool onHeap = false;
  size_t used = 0;
};

} // namespace tile::rt

#endif // TILE_RUNTIME_INLINEVECTOR_H
