//===- PreconditionsTest.cpp - Launch preconditions, evaluated ------------===//

#include "tile/runtime/Preconditions.h"
#include "tile/runtime/Error.h"
#include "tile/runtime/LaunchPlan.h"

#include <gtest/gtest.h>

#include <limits>

using namespace tile::rt;
using tile::formats::PreconditionNode;

namespace {

/// A precondition's nodes, built in order: each call adds one and gives its
/// index. (C++ leaves the order of a call's arguments open: no call below
/// takes two that add nodes.)
struct Nodes {
  std::vector<PreconditionNode> list;

  int64_t add(std::string op, std::string type, std::vector<int64_t> operands) {
    list.push_back({std::move(op), std::move(type), std::move(operands)});
    return int64_t(list.size()) - 1;
  }
  int64_t constant(const std::string &type, int64_t value) {
    return add("const", type, {value});
  }
  int64_t param(const std::string &type, int64_t index) {
    return add("param", type, {index});
  }
  int64_t size(int64_t index, int64_t dim) {
    return add("size", "i64", {index, dim});
  }
  int64_t op(const std::string &op, const std::string &type, int64_t a,
             int64_t b) {
    return add(op, type, {a, b});
  }
  /// `a && b`, as the compiler writes it.
  int64_t both(int64_t a, int64_t b) {
    return add("select", "i1", {a, b, constant("i1", 0)});
  }
};

// The parameters of blocks<64>, by index.
constexpr int64_t kX = 1, kN = 2, kD = 3, kB = 4, kH = 5, kM = 6;

/// blocks<64>(Piece<float, 64> y, View<float, 2> x, int32_t n, int32_t d,
/// int8_t b, int16_t h, int64_t m) with the precondition `text` of `nodes`.
KernelInfo blocks(std::string text, const Nodes &nodes) {
  KernelInfo kernel;
  kernel.name = "blocks<64>";
  kernel.entry = "blocks_64";
  kernel.params = {{"y", ParamKind::Piece, "f32", 1, {64}},
                   {"x", ParamKind::View, "f32", 2, {}},
                   {"n", ParamKind::Scalar, "i32", 0, {}},
                   {"d", ParamKind::Scalar, "i32", 0, {}},
                   {"b", ParamKind::Scalar, "i8", 0, {}},
                   {"h", ParamKind::Scalar, "i16", 0, {}},
                   {"m", ParamKind::Scalar, "i64", 0, {}}};
  kernel.preconditions = {{std::move(text), nodes.list}};
  return kernel;
}

/// The arguments of a launch of blocks<64>.
struct Arguments {
  int32_t n = 16, d = 1;
  int8_t b = 0;
  int16_t h = 0;
  int64_t m = 0;
  /// The extent of x's first dimension.
  int64_t rows = 1024;
};

/// The message planLaunch fails with for `kernel` and `values`, or
/// "planned".
std::string failure(const KernelInfo &kernel, const Arguments &values) {
  std::vector<KernelArg> args = {
      TensorArg{0x10000, "f32", {256}, {1}},
      TensorArg{0x90000, "f32", {values.rows, 8}, {8, 1}},
      ScalarArg::of("i32", values.n),
      ScalarArg::of("i32", values.d),
      ScalarArg::of("i8", values.b),
      ScalarArg::of("i16", values.h),
      ScalarArg::of("i64", values.m)};
  try {
    planLaunch(kernel, args);
  } catch (const Error &e) {
    return e.what();
  }
  return "planned";
}

/// `n % 16 == 0 && x.size(0) >= n`.
KernelInfo blocksOfSixteen() {
  Nodes nodes;
  int64_t n = nodes.param("i32", kN);
  int64_t rem = nodes.op("rem", "i32", n, nodes.constant("i32", 16));
  int64_t whole = nodes.op("eq", "i1", rem, nodes.constant("i32", 0));
  int64_t rows = nodes.size(kX, 0);
  int64_t fits = nodes.op("ge", "i1", rows, nodes.add("cast", "i64", {n}));
  nodes.both(whole, fits);
  return blocks("n % 16 == 0 && x.size(0) >= n", nodes);
}

/// `d != 0 && n % d == 0`.
KernelInfo divisible() {
  Nodes nodes;
  int64_t d = nodes.param("i32", kD);
  int64_t nonzero = nodes.op("ne", "i1", d, nodes.constant("i32", 0));
  int64_t rem = nodes.op("rem", "i32", nodes.param("i32", kN), d);
  nodes.both(nonzero, nodes.op("eq", "i1", rem, nodes.constant("i32", 0)));
  return blocks("d != 0 && n % d == 0", nodes);
}

/// `a OP b == expected` at `type`, where `a` and `b` are nodes that
/// `operands` adds.
template <class F>
KernelInfo equation(const std::string &op, const std::string &type,
                    int64_t expected, F operands) {
  Nodes nodes;
  auto [a, b] = operands(nodes);
  int64_t result = nodes.op(op, type, a, b);
  nodes.op("eq", "i1", result, nodes.constant(type, expected));
  return blocks("a " + op + " b == " + std::to_string(expected), nodes);
}

/// `n OP d == expected` at i32.
KernelInfo int32Equation(const std::string &op, int32_t expected) {
  return equation(op, "i32", expected, [](Nodes &nodes) {
    return std::pair{nodes.param("i32", kN), nodes.param("i32", kD)};
  });
}

/// What C++ computes for `a OP b` in int32_t, two's complement where the
/// language leaves signed overflow undefined.
int32_t int32Reference(const std::string &op, int32_t a, int32_t b) {
  auto ua = uint32_t(a), ub = uint32_t(b);
  if (op == "add")
    return int32_t(ua + ub);
  if (op == "sub")
    return int32_t(ua - ub);
  if (op == "mul")
    return int32_t(ua * ub);
  if (op == "div")
    return b == -1 ? int32_t(0u - ua) : a / b;
  if (op == "rem")
    return b == -1 ? 0 : a % b;
  if (op == "shl")
    return a << b;
  if (op == "shr")
    return a >> b;
  if (op == "and")
    return a & b;
  if (op == "or")
    return a | b;
  return a ^ b;
}

} // namespace

TEST(Preconditions, ALaunchThatSatisfiesThemPlans) {
  EXPECT_EQ(failure(blocksOfSixteen(), {.n = 64, .rows = 1024}), "planned");
  EXPECT_EQ(failure(blocksOfSixteen(), {.n = 1024, .rows = 1024}), "planned");
  EXPECT_EQ(failure(blocksOfSixteen(), {.n = 0, .rows = 0}), "planned");
}

TEST(Preconditions, ALaunchThatBreaksOneFailsWithTheValuesItRead) {
  // n % 16 decides: x.size(0) is never read.
  EXPECT_EQ(failure(blocksOfSixteen(), {.n = 17}),
            "launch of blocks<64>: precondition `n % 16 == 0 && x.size(0) >= "
            "n` does not hold (n = 17)");
  EXPECT_EQ(failure(blocksOfSixteen(), {.n = 2048, .rows = 1024}),
            "launch of blocks<64>: precondition `n % 16 == 0 && x.size(0) >= "
            "n` does not hold (n = 2048, x.size(0) = 1024)");
  EXPECT_EQ(failure(blocksOfSixteen(), {.n = -16, .rows = 1024}), "planned");
}

TEST(Preconditions, TheFirstThatFailsIsNamed) {
  KernelInfo kernel = blocksOfSixteen();
  kernel.preconditions.insert(kernel.preconditions.begin(),
                              divisible().preconditions[0]);
  EXPECT_EQ(failure(kernel, {.n = 32, .d = 8}), "planned");
  EXPECT_EQ(failure(kernel, {.n = 17, .d = 17}),
            "launch of blocks<64>: precondition `n % 16 == 0 && x.size(0) >= "
            "n` does not hold (n = 17)");
  EXPECT_EQ(failure(kernel, {.n = 32, .d = 5}),
            "launch of blocks<64>: precondition `d != 0 && n % d == 0` does "
            "not hold (d = 5, n = 32)");
}

TEST(Preconditions, AndEvaluatesOnlyWhatItsFirstOperandLeavesToDecide) {
  // With d = 0, n % d is never computed.
  EXPECT_EQ(failure(divisible(), {.n = 17, .d = 0}),
            "launch of blocks<64>: precondition `d != 0 && n % d == 0` does "
            "not hold (d = 0)");
  EXPECT_EQ(failure(divisible(), {.n = 18, .d = 6}), "planned");
  // A select computes only the operand it picks: `d == 0 ? 1 : n / d`.
  Nodes nodes;
  int64_t d = nodes.param("i32", kD);
  int64_t zero = nodes.op("eq", "i1", d, nodes.constant("i32", 0));
  int64_t quotient = nodes.op("div", "i32", nodes.param("i32", kN), d);
  int64_t picked =
      nodes.add("select", "i32", {zero, nodes.constant("i32", 1), quotient});
  nodes.op("gt", "i1", picked, nodes.constant("i32", 0));
  KernelInfo kernel = blocks("(d == 0 ? 1 : n / d) > 0", nodes);
  EXPECT_EQ(failure(kernel, {.n = 5, .d = 0}), "planned");
  EXPECT_EQ(failure(kernel, {.n = 5, .d = -1}),
            "launch of blocks<64>: precondition `(d == 0 ? 1 : n / d) > 0` "
            "does not hold (d = -1, n = 5)");
}

TEST(Preconditions, DivisionByZeroFailsTheLaunch) {
  EXPECT_EQ(failure(int32Equation("div", 1), {.n = 17, .d = 0}),
            "launch of blocks<64>: precondition `a div b == 1` divides by "
            "zero (n = 17, d = 0)");
  EXPECT_EQ(failure(int32Equation("rem", 1), {.n = 17, .d = 0}),
            "launch of blocks<64>: precondition `a rem b == 1` divides by "
            "zero (n = 17, d = 0)");
}

TEST(Preconditions, ShiftsByCountsOutsideTheTypeFailTheLaunch) {
  EXPECT_EQ(failure(int32Equation("shl", 0), {.n = 1, .d = 40}),
            "launch of blocks<64>: precondition `a shl b == 0` shifts an i32 "
            "by 40, outside 0 to 31 (n = 1, d = 40)");
  EXPECT_EQ(failure(int32Equation("shr", 0), {.n = 1, .d = 32}),
            "launch of blocks<64>: precondition `a shr b == 0` shifts an i32 "
            "by 32, outside 0 to 31 (n = 1, d = 32)");
  EXPECT_EQ(failure(int32Equation("shl", 0), {.n = 1, .d = -1}),
            "launch of blocks<64>: precondition `a shl b == 0` shifts an i32 "
            "by -1, outside 0 to 31 (n = 1, d = -1)");
  // At i8, a count of 8 is already out of range.
  KernelInfo narrow = equation("shl", "i8", 0, [](Nodes &nodes) {
    return std::pair{nodes.param("i8", kB), nodes.constant("i8", 8)};
  });
  EXPECT_EQ(failure(narrow, {.b = 1}),
            "launch of blocks<64>: precondition `a shl b == 0` shifts an i8 "
            "by 8, outside 0 to 7 (b = 1)");
  // The last bit in range: 1 << 31 is INT32_MIN.
  EXPECT_EQ(failure(int32Equation("shl", std::numeric_limits<int32_t>::min()),
                    {.n = 1, .d = 31}),
            "planned");
}

TEST(Preconditions, ArithmeticWrapsAsInt32DoesInTwosComplement) {
  const int32_t kMin = std::numeric_limits<int32_t>::min();
  const int32_t kMax = std::numeric_limits<int32_t>::max();
  const std::vector<int32_t> values = {
      0,      1,    -1,       7,    -7,       17,        65537,
      -65536, kMax, kMax - 1, kMin, kMin + 1, 123456789, -987654321};
  for (const char *op :
       {"add", "sub", "mul", "div", "rem", "and", "or", "xor", "shl", "shr"})
    for (int32_t a : values)
      for (int32_t b : values) {
        std::string name = op;
        if ((name == "div" || name == "rem") && b == 0)
          continue;
        if ((name == "shl" || name == "shr") && (b < 0 || b >= 32))
          continue;
        int32_t expected = int32Reference(name, a, b);
        EXPECT_EQ(failure(int32Equation(name, expected), {.n = a, .d = b}),
                  "planned")
            << a << " " << op << " " << b << " = " << expected;
        // The equation is not true of every value.
        int32_t other = int32_t(uint32_t(expected) + 1);
        EXPECT_NE(failure(int32Equation(name, other), {.n = a, .d = b})
                      .find("does not hold"),
                  std::string::npos)
            << a << " " << op << " " << b << " != " << other;
      }
}

TEST(Preconditions, TheMostNegativeValueOverMinusOneWraps) {
  const int32_t kMin32 = std::numeric_limits<int32_t>::min();
  EXPECT_EQ(failure(int32Equation("div", kMin32), {.n = kMin32, .d = -1}),
            "planned");
  EXPECT_EQ(failure(int32Equation("rem", 0), {.n = kMin32, .d = -1}),
            "planned");
  const int64_t kMin64 = std::numeric_limits<int64_t>::min();
  auto int64Operands = [](Nodes &nodes) {
    return std::pair{nodes.param("i64", kM),
                     nodes.add("cast", "i64", {nodes.param("i32", kD)})};
  };
  EXPECT_EQ(failure(equation("div", "i64", kMin64, int64Operands),
                    {.d = -1, .m = kMin64}),
            "planned");
  EXPECT_EQ(
      failure(equation("rem", "i64", 0, int64Operands), {.d = -1, .m = kMin64}),
      "planned");
  // i64 products wrap too.
  EXPECT_EQ(
      failure(equation("mul", "i64", 0, int64Operands), {.d = 2, .m = kMin64}),
      "planned");
}

TEST(Preconditions, NarrowScalarsAreSignExtended) {
  Nodes negative;
  int64_t b = negative.param("i8", kB);
  negative.op("lt", "i1", b, negative.constant("i8", 0));
  EXPECT_EQ(failure(blocks("b < 0", negative), {.b = -3}), "planned");
  EXPECT_EQ(failure(blocks("b < 0", negative), {.b = 3}),
            "launch of blocks<64>: precondition `b < 0` does not hold (b = "
            "3)");
  Nodes widened;
  int64_t wide = widened.add("cast", "i32", {widened.param("i8", kB)});
  widened.op("eq", "i1", wide, widened.constant("i32", -128));
  EXPECT_EQ(failure(blocks("(int)b == -128", widened), {.b = -128}), "planned");
  Nodes half;
  int64_t h = half.add("cast", "i64", {half.param("i16", kH)});
  half.op("eq", "i1", h, half.constant("i64", -30000));
  EXPECT_EQ(failure(blocks("(int64_t)h == -30000", half), {.h = -30000}),
            "planned");
  // Arithmetic at i8 and i16 wraps at their widths: 100 + 100 is -56,
  // -30000 * 2 is 5536.
  KernelInfo bytes = equation("add", "i8", -56, [](Nodes &nodes) {
    int64_t b = nodes.param("i8", kB);
    return std::pair{b, b};
  });
  EXPECT_EQ(failure(bytes, {.b = 100}), "planned");
  KernelInfo shorts = equation("mul", "i16", 5536, [](Nodes &nodes) {
    return std::pair{nodes.param("i16", kH), nodes.constant("i16", 2)};
  });
  EXPECT_EQ(failure(shorts, {.h = -30000}), "planned");
}

TEST(Preconditions, CastsTruncateSignExtendAndTestForZero) {
  auto castEquals = [](const std::string &type, int64_t expected) {
    Nodes nodes;
    int64_t cast = nodes.add("cast", type, {nodes.param("i32", kN)});
    nodes.op("eq", "i1", cast, nodes.constant(type, expected));
    return blocks("(" + type + ")n == " + std::to_string(expected), nodes);
  };
  EXPECT_EQ(failure(castEquals("i8", -1), {.n = 255}), "planned");
  EXPECT_EQ(failure(castEquals("i16", -32768), {.n = 32768}), "planned");
  // To i1: whether the value is not zero, not its lowest bit.
  EXPECT_EQ(failure(castEquals("i1", 1), {.n = 256}), "planned");
  EXPECT_EQ(failure(castEquals("i1", 0), {.n = 0}), "planned");
  // From i1: 0 or 1, as bool converts in C++.
  Nodes fromBool;
  int64_t n = fromBool.param("i32", kN);
  int64_t positive = fromBool.op("gt", "i1", n, fromBool.constant("i32", 0));
  int64_t one = fromBool.add("cast", "i32", {positive});
  fromBool.op("eq", "i1", one, fromBool.constant("i32", 1));
  EXPECT_EQ(failure(blocks("(int)(n > 0) == 1", fromBool), {.n = 5}),
            "planned");
}

TEST(Preconditions, NotComplementsBitsAndNegatesBools) {
  Nodes complement;
  int64_t bits = complement.add("not", "i32", {complement.param("i32", kN)});
  complement.op("eq", "i1", bits, complement.constant("i32", -18));
  EXPECT_EQ(failure(blocks("~n == -18", complement), {.n = 17}), "planned");
  Nodes negation;
  int64_t n = negation.param("i32", kN);
  negation.add("not", "i1",
               {negation.op("gt", "i1", n, negation.constant("i32", 0))});
  EXPECT_EQ(failure(blocks("!(n > 0)", negation), {.n = -4}), "planned");
  EXPECT_EQ(failure(blocks("!(n > 0)", negation), {.n = 4}),
            "launch of blocks<64>: precondition `!(n > 0)` does not hold (n "
            "= 4)");
}

TEST(Preconditions, ANodeTheFormatWouldRefuseFailsTheLaunch) {
  // The metadata's reader refuses these; a description built by hand may
  // still hold them.
  Nodes tensor;
  int64_t x = tensor.param("i32", kX);
  tensor.op("eq", "i1", x, tensor.constant("i32", 0));
  EXPECT_EQ(failure(blocks("x == 0", tensor), {}),
            "launch of blocks<64>: precondition `x == 0` is malformed in the "
            "metadata (node 0)");
  Nodes forward;
  forward.add("not", "i1", {0});
  EXPECT_EQ(failure(blocks("!b", forward), {}),
            "launch of blocks<64>: precondition `!b` is malformed in the "
            "metadata (node 0)");
  EXPECT_EQ(failure(blocks("", Nodes()), {}),
            "launch of blocks<64>: precondition `` is malformed in the "
            "metadata (node 0)");
}

TEST(Preconditions, NoneMeansNothingToCheck) {
  KernelInfo kernel = blocksOfSixteen();
  kernel.preconditions.clear();
  EXPECT_EQ(failure(kernel, {.n = 17}), "planned");
  EXPECT_FALSE(brokenPrecondition(kernel, {}));
}
