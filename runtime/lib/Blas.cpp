//===- Blas.cpp - Matrix products through the device's BLAS ---------------===//
//
// Checks the operands of gemm and gemv, describes them to the backend as one
// row-major GEMM problem (a vector is an n x 1 matrix), and hands the output
// back through a future.
//
//===----------------------------------------------------------------------===//

#include "tile/runtime/Blas.h"

#include "TensorLayout.h"

#include <algorithm>
#include <limits>

using namespace tile::rt;

namespace {

/// Checks and describes the operands of one product; failures name the
/// operation and the operand.
class ProductChecker {
public:
  ProductChecker(const char *operation, const Stream &stream)
      : operation(operation), device(stream.device()) {}

  Error fail(const std::string &what) const {
    return Error(std::string(operation) + ": " + what);
  }

  /// A rank-2 tensor as a row-major matrix.
  MatrixOperand matrix(const char *name, const TensorView &view) const {
    checkTensor(name, view);
    if (view.rank() != 2)
      throw fail(std::string(name) + " must be a matrix (rank 2); got shape " +
                 shapeText(view.shape()));
    int64_t rows = view.shape()[0], cols = view.shape()[1];
    if (cols > 1 && view.strides()[1] != 1)
      throw fail(std::string(name) +
                 " must have an innermost stride of 1; got strides " +
                 shapeText(view.strides()));
    // The leading dimension matters only between rows of some elements.
    int64_t leading =
        rows > 1 && cols > 0 ? view.strides()[0] : std::max<int64_t>(cols, 1);
    if (leading < std::max<int64_t>(cols, 1))
      throw fail(std::string(name) + " has rows that overlap (shape " +
                 shapeText(view.shape()) + ", strides " +
                 shapeText(view.strides()) + ")");
    checkIntRange(name, view, leading);
    return {view.address(), view.dtype(), rows, cols, leading};
  }

  /// A rank-1 tensor as a column (an n x 1 matrix).
  MatrixOperand column(const char *name, const TensorView &view) const {
    checkTensor(name, view);
    if (view.rank() != 1)
      throw fail(std::string(name) + " must be a vector (rank 1); got shape " +
                 shapeText(view.shape()));
    int64_t stride = view.shape()[0] > 1 ? view.strides()[0] : 1;
    if (stride < 1)
      throw fail(std::string(name) + " must have a positive stride; got " +
                 std::to_string(stride));
    checkIntRange(name, view, stride);
    return {view.address(), view.dtype(), view.shape()[0], 1, stride};
  }

  /// Element types: A and B alike and supported, C f32 or theirs.
  void checkTypes(const GemmProblem &problem, const char *bName,
                  const char *cName) const {
    DType in = problem.a.dtype;
    std::string inName(in.name());
    if (in != "f16" && in != "bf16" && in != "f32")
      throw fail("A has element type " + inName +
                 "; expected f16, bf16 or f32");
    if (problem.b.dtype != in)
      throw fail(std::string(bName) + " has element type " +
                 std::string(problem.b.dtype.name()) + "; expected A's, " +
                 inName);
    if (problem.c.dtype != "f32" && problem.c.dtype != in)
      throw fail(std::string(cName) + " has element type " +
                 std::string(problem.c.dtype.name()) +
                 "; expected f32 or A's, " + inName);
  }

  /// The output shares no memory with an input.
  void checkDisjoint(const TensorView &output, const char *outputName,
                     const TensorView &input, const char *inputName) const {
    auto [begin, end] = byteRange(output);
    auto [inputBegin, inputEnd] = byteRange(input);
    if (begin < inputEnd && inputBegin < end)
      throw fail(std::string(outputName) + " is written and shares memory " +
                 "with " + inputName + ", which is read");
  }

private:
  void checkTensor(const char *name, const TensorView &view) const {
    if (!view.valid())
      throw fail(std::string(name) +
                 " is a tensor that was moved; take it back from its "
                 "launch's future");
    if (!(view.device() == device))
      throw fail(std::string(name) + " is a tensor on " + view.device().name() +
                 ", the stream runs on " + device.name());
  }

  /// BLAS interfaces take extents and leading dimensions as int.
  void checkIntRange(const char *name, const TensorView &view,
                     int64_t leading) const {
    constexpr int64_t limit = std::numeric_limits<int>::max();
    for (int64_t extent : view.shape())
      if (extent > limit || leading > limit)
        throw fail(std::string(name) + " (shape " + shapeText(view.shape()) +
                   ", strides " + shapeText(view.strides()) +
                   ") exceeds the BLAS's 32-bit extents");
  }

  static std::pair<uint64_t, uint64_t> byteRange(const TensorView &view) {
    uint64_t begin = view.address();
    return {begin, begin + spanBytes(view.shape(), view.strides(),
                                     view.elementBytes())};
  }

  const char *operation;
  const Device &device;
};

/// Queues `problem` unless it has nothing to write, keeps the memory alive
/// until it has run and hands `output` back through a future.
Future<Tensor> submit(Stream &stream, const GemmProblem &problem,
                      Tensor &&output,
                      std::initializer_list<const TensorView *> inputs) {
  if (problem.m() > 0 && problem.n() > 0) {
    stream.backend().gemm(problem);
    stream.retain(output.view().memory());
    for (const TensorView *input : inputs)
      stream.retain(input->memory());
  }
  return Future<Tensor>(stream, std::move(output));
}

} // namespace

Future<Tensor> tile::rt::gemm(Stream &stream, Tensor &&c,
                              const ProductInput &aInput,
                              const ProductInput &bInput,
                              const GemmOptions &options) {
  const TensorView &a = aInput.view, &b = bInput.view;
  ProductChecker check("gemm", stream);
  GemmProblem problem;
  problem.c = check.matrix("C", c.view());
  problem.a = check.matrix("A", a);
  problem.b = check.matrix("B", b);
  problem.transposeA = options.transposeA;
  problem.transposeB = options.transposeB;
  problem.alpha = options.alpha;
  problem.beta = options.beta;
  check.checkTypes(problem, "B", "C");
  int64_t m = options.transposeA ? a.shape()[1] : a.shape()[0];
  int64_t k = options.transposeA ? a.shape()[0] : a.shape()[1];
  int64_t bk = options.transposeB ? b.shape()[1] : b.shape()[0];
  int64_t n = options.transposeB ? b.shape()[0] : b.shape()[1];
  if (k != bk)
    throw check.fail("op(A) is " + shapeText({m, k}) + " and op(B) is " +
                     shapeText({bk, n}) + ": their inner extents differ");
  if (c.shape() != std::vector<int64_t>{m, n})
    throw check.fail("C has shape " + shapeText(c.shape()) +
                     "; op(A) * op(B) has shape " + shapeText({m, n}));
  check.checkDisjoint(c.view(), "C", a, "A");
  check.checkDisjoint(c.view(), "C", b, "B");
  return submit(stream, problem, std::move(c), {&a, &b});
}

Future<Tensor> tile::rt::gemv(Stream &stream, Tensor &&y,
                              const ProductInput &aInput,
                              const ProductInput &xInput,
                              const GemvOptions &options) {
  const TensorView &a = aInput.view, &x = xInput.view;
  ProductChecker check("gemv", stream);
  GemmProblem problem;
  problem.c = check.column("y", y.view());
  problem.a = check.matrix("A", a);
  problem.b = check.column("x", x);
  problem.transposeA = options.transposeA;
  problem.alpha = options.alpha;
  problem.beta = options.beta;
  check.checkTypes(problem, "x", "y");
  int64_t m = options.transposeA ? a.shape()[1] : a.shape()[0];
  int64_t n = options.transposeA ? a.shape()[0] : a.shape()[1];
  if (x.shape()[0] != n)
    throw check.fail("op(A) is " + shapeText({m, n}) + " and x has " +
                     std::to_string(x.shape()[0]) + " elements; expected " +
                     std::to_string(n));
  if (y.shape()[0] != m)
    throw check.fail("y has " + std::to_string(y.shape()[0]) +
                     " elements; op(A) * x has " + std::to_string(m));
  check.checkDisjoint(y.view(), "y", a, "A");
  check.checkDisjoint(y.view(), "y", x, "x");
  return submit(stream, problem, std::move(y), {&a, &x});
}
