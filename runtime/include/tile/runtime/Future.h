//===- Future.h - The result of queued work ---------------------*- C++ -*-===//

#ifndef TILE_RUNTIME_FUTURE_H
#define TILE_RUNTIME_FUTURE_H

#include "tile/runtime/Stream.h"

#include <functional>
#include <type_traits>
#include <utility>

namespace tile::rt {

template <class T> class Future;

namespace detail {
template <class T> struct IsFuture : std::false_type {};
template <class T> struct IsFuture<Future<T>> : std::true_type {};
} // namespace detail

/// The value of work queued on a stream (the tensors a launch wrote): the
/// host gets it only once the work has run (get), or hands it on to more
/// work without waiting (then). Move-only, like the tensors it holds.
template <class T> class Future {
public:
  /// `value`, ready once the work queued on `stream` so far has run.
  Future(Stream stream, T value)
      : queue(std::move(stream)), result(std::move(value)) {}
  Future(Future &&) noexcept = default;
  Future &operator=(Future &&) noexcept = default;
  Future(const Future &) = delete;
  Future &operator=(const Future &) = delete;

  /// The stream the work runs on.
  const Stream &stream() const { return queue; }

  /// Waits for the work and returns the value; throws the first failure of
  /// the stream's work. While the stream captures a graph nothing runs, and
  /// the value comes back at once (the graph's replays write it).
  T get() && {
    if (!queue.capturing())
      queue.synchronize();
    return std::move(result);
  }

  /// The value without waiting, for more work on this same stream, which
  /// runs after this work: a chain of launches on one stream written as a
  /// sequence (`x = launch(stream, ...).onStream();`). The host reads the
  /// value only through calls ordered on the stream (toHost) or after a
  /// synchronize.
  T onStream() && { return std::move(result); }

  /// Hands the value to `next` without waiting: `next(T)` queues more work
  /// on this stream, which runs after this work. Returns next's future, or
  /// a future of what it returns.
  template <class F> auto then(F &&next) && {
    return chain(queue, std::forward<F>(next));
  }

  /// As then(next), for work on `other`: `other` first waits for this
  /// stream's work (through an event).
  template <class F> auto then(Stream &other, F &&next) && {
    if (!(other == queue))
      other.wait(queue.record());
    return chain(other, std::forward<F>(next));
  }

private:
  /// next(value) if it is a future, else a future of it on `stream`; built
  /// where the caller keeps it, as launches chained in a loop would
  /// otherwise move each future (and its tensors) once more.
  template <class F> auto chain(const Stream &stream, F &&next) {
    using U = std::remove_cvref_t<std::invoke_result_t<F, T>>;
    if constexpr (detail::IsFuture<U>::value)
      return std::invoke(std::forward<F>(next), std::move(result));
    else
      return Future<U>(stream,
                       std::invoke(std::forward<F>(next), std::move(result)));
  }

  Stream queue;
  T result;
};

} // namespace tile::rt

#endif // TILE_RUNTIME_FUTURE_H
