//===- TensorView.cpp - A read-only look at device memory as a tensor -----===//

#include "tile/runtime/TensorView.h"

#include "tile/runtime/InlineVector.h"

#include "TensorLayout.h"

#include <algorithm>

using namespace tile::rt;

std::vector<int64_t>
tile::rt::contiguousStrides(const std::vector<int64_t> &shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;)
    strides[d - 1] = strides[d] * shape[d];
  return strides;
}

std::string tile::rt::shapeText(std::span<const int64_t> shape) {
  std::string text = "[";
  for (size_t d = 0; d < shape.size(); ++d)
    text += (d ? ", " : "") + std::to_string(shape[d]);
  return text + "]";
}

/// Whether two different index tuples of a tensor with strides of at least
/// 0 can name one element: with the dimensions in increasing stride, each
/// stride must pass the reach of the dimensions inside it.
static bool elementsMayOverlap(const std::vector<int64_t> &shape,
                               const std::vector<int64_t> &strides) {
  // The dimensions by increasing stride; inline, as ranks are small.
  InlineVector<size_t, 4> order;
  for (size_t d = 0; d < shape.size(); ++d)
    order.push_back(d);
  std::sort(order.begin(), order.end(),
            [&](size_t a, size_t b) { return strides[a] < strides[b]; });
  int64_t reach = 0;
  for (size_t d : order) {
    if (shape[d] <= 1)
      continue;
    if (strides[d] <= reach)
      return true;
    reach += (shape[d] - 1) * strides[d];
  }
  return false;
}

TensorView::TensorView(std::shared_ptr<Memory> memory, size_t offset,
                       DType dtype, std::vector<int64_t> shape,
                       std::vector<int64_t> strides)
    : memory_(std::move(memory)), offset_(offset), dtype_(dtype),
      shape_(std::move(shape)),
      strides_(strides.empty() ? contiguousStrides(shape_)
                               : std::move(strides)) {
  if (!memory_)
    throw Error("a tensor needs memory");
  int64_t bytes = dtype_.bytes();
  if (strides_.size() != shape_.size())
    throw Error("a tensor of shape " + shapeText(shape_) + " has " +
                std::to_string(strides_.size()) + " strides");
  for (size_t d = 0; d < shape_.size(); ++d)
    if (shape_[d] < 0 || strides_[d] < 0)
      throw Error("a tensor needs extents and strides of at least 0, got "
                  "shape " +
                  shapeText(shape_) + " and strides " + shapeText(strides_));
  if (offset_ % size_t(bytes) != 0 || address() % uint64_t(bytes) != 0)
    throw Error("a tensor of " + std::string(dtype_.name()) +
                " must be aligned to its " + std::to_string(bytes) +
                "-byte elements");
  if (offset_ + spanBytes(shape_, strides_, bytes) > memory_->size())
    throw Error("a tensor of " + std::string(dtype_.name()) + " with shape " +
                shapeText(shape_) + " and strides " + shapeText(strides_) +
                " at byte " + std::to_string(offset_) + " does not fit in " +
                std::to_string(memory_->size()) + " bytes of memory");
  overlapping_ = elementsMayOverlap(shape_, strides_);
}

int64_t TensorView::numel() const {
  int64_t count = 1;
  for (int64_t extent : shape_)
    count *= extent;
  return count;
}

bool TensorView::isContiguous() const {
  return numel() == 0 || strides_ == contiguousStrides(shape_);
}

void TensorView::checkElementType(DType dtype) const {
  if (dtype != dtype_)
    throw Error("the tensor holds " + std::string(dtype_.name()) + ", not " +
                std::string(dtype.name()));
}

TensorView TensorView::slice(int dim, int64_t begin, int64_t end) const {
  if (dim < 0 || dim >= rank())
    throw Error("slice of dimension " + std::to_string(dim) +
                " of a tensor of rank " + std::to_string(rank()));
  if (begin < 0 || begin > end || end > shape_[dim])
    throw Error("slice [" + std::to_string(begin) + ", " + std::to_string(end) +
                ") of dimension " + std::to_string(dim) + " of extent " +
                std::to_string(shape_[dim]));
  std::vector<int64_t> shape = shape_;
  shape[dim] = end - begin;
  return TensorView(memory_,
                    offset_ + size_t(begin * strides_[dim] * elementBytes()),
                    dtype_, std::move(shape), strides_);
}

TensorView TensorView::reshape(std::vector<int64_t> shape) const {
  if (!isContiguous())
    throw Error("reshape of a tensor that is not contiguous (strides " +
                shapeText(strides_) + ")");
  int64_t count = 1;
  for (int64_t extent : shape)
    count *= extent;
  if (count != numel())
    throw Error("reshape of " + shapeText(shape_) + " into " +
                shapeText(shape) + ": the element counts differ");
  return TensorView(memory_, offset_, dtype_, std::move(shape));
}

void TensorView::copyToHost(Stream &stream, void *to) const {
  if (!valid())
    throw Error("copy of an empty tensor to the host");
  int64_t bytes = elementBytes();
  if (isContiguous()) {
    stream.backend().copyToHost(to, address(), size_t(numel() * bytes));
    stream.synchronize();
    return;
  }
  // Strided: copy the span the elements lie in, then gather them.
  std::vector<std::byte> span(spanBytes(shape_, strides_, bytes));
  stream.backend().copyToHost(span.data(), address(), span.size());
  stream.synchronize();
  auto *out = static_cast<std::byte *>(to);
  forEachElement(shape_, strides_, [&](int64_t index, int64_t offset) {
    std::memcpy(out + index * bytes, span.data() + offset * bytes,
                size_t(bytes));
  });
}
