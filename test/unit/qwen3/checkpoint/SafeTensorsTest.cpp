//===- SafeTensorsTest.cpp - Reading and checking safetensors files -------===//

#include "qwen3/SafeTensors.h"

#include "Sanitizers.h"
#include "TestFiles.h"

#include <gtest/gtest.h>

#include <cstring>

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

namespace qwen3 {
namespace {

using test::errorOf;
using test::safetensorsBytes;

/// Writes a safetensors file into a temporary directory and opens it.
class SafeTensorsTest : public ::testing::Test {
protected:
  std::filesystem::path write(std::string_view bytes) {
    std::filesystem::path path = dir.path() / "t.safetensors";
    test::writeFile(path, bytes);
    return path;
  }

  std::string openError(std::string_view bytes) {
    std::filesystem::path path = write(bytes);
    std::string message = errorOf([&] { SafeTensorsFile::open(path); });
    EXPECT_NE(message.find(path.string()), std::string::npos) << message;
    return message;
  }

  test::TempDir dir;
};

TEST_F(SafeTensorsTest, ReadsAHandBuiltFile) {
  // Two F32 values, a 2x3 BF16 matrix and an empty I64 tensor.
  float values[2] = {1.5f, -2.0f};
  std::string data(reinterpret_cast<const char *>(values), 8);
  const uint16_t matrix[6] = {0x3f80, 0x4000, 0x4040, 0x4080, 0x40a0, 0x40c0};
  data.append(reinterpret_cast<const char *>(matrix), 12);
  std::string header =
      R"({"__metadata__": {"format": "pt"},
          "m": {"dtype": "BF16", "shape": [2, 3], "data_offsets": [8, 20]},
          "v": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},
          "e": {"dtype": "I64", "shape": [0, 4], "data_offsets": [20, 20]},
          "s": {"dtype": "F32", "shape": [], "data_offsets": [20, 24]}})";
  data.append(reinterpret_cast<const char *>(values), 4);
  SafeTensorsFile file =
      SafeTensorsFile::open(write(safetensorsBytes(header, data)));

  ASSERT_EQ(file.tensors().size(), 4u);
  // In the order of their data.
  EXPECT_EQ(file.tensors()[0].name, "v");
  EXPECT_EQ(file.tensors()[1].name, "m");
  const TensorInfo *v = file.find("v");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->dtype, DType::F32);
  EXPECT_EQ(v->shape, (std::vector<int64_t>{2}));
  ASSERT_EQ(v->data.size(), 8u);
  float read[2];
  std::memcpy(read, v->data.data(), 8);
  EXPECT_EQ(read[0], 1.5f);
  EXPECT_EQ(read[1], -2.0f);

  const TensorInfo *m = file.find("m");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->dtype, DType::BF16);
  EXPECT_EQ(m->numel(), 6);
  EXPECT_EQ(std::memcmp(m->data.data(), matrix, 12), 0);
  EXPECT_EQ(m->file, file.path());

  const TensorInfo *e = file.find("e");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->numel(), 0);
  EXPECT_TRUE(e->data.empty());
  EXPECT_EQ(file.find("s")->numel(), 1);
  EXPECT_FALSE(file.find("__metadata__"));
  EXPECT_FALSE(file.find("w"));

  // The mapping moves with the object.
  SafeTensorsFile moved = std::move(file);
  EXPECT_EQ(std::memcmp(moved.find("m")->data.data(), matrix, 12), 0);
}

TEST_F(SafeTensorsTest, AnEmptyHeaderObjectIsAValidFile) {
  SafeTensorsFile file =
      SafeTensorsFile::open(write(safetensorsBytes("{}", "")));
  EXPECT_TRUE(file.tensors().empty());
}

TEST_F(SafeTensorsTest, TruncatedHeaderLength) {
  EXPECT_NE(openError("").find("truncated header"), std::string::npos);
  EXPECT_NE(openError("\x10\x00\x00").find("truncated header"),
            std::string::npos);
}

TEST_F(SafeTensorsTest, HeaderLengthPastTheEnd) {
  std::string message = openError(safetensorsBytes("{}", "", 1000));
  EXPECT_NE(message.find("header length 1000 runs past the end"),
            std::string::npos)
      << message;
  EXPECT_NE(openError(safetensorsBytes("{}", "", UINT64_MAX - 1))
                .find("runs past the end"),
            std::string::npos);
}

TEST_F(SafeTensorsTest, InvalidHeaderJson) {
  EXPECT_NE(openError(safetensorsBytes("{\"a\": ", "")).find("not valid JSON"),
            std::string::npos);
  // A number past a double's range (found by fuzzing).
  EXPECT_NE(openError(safetensorsBytes(R"({"a": 1e999})", ""))
                .find("not valid JSON"),
            std::string::npos);
  EXPECT_NE(openError(safetensorsBytes("[]", "")).find("not a JSON object"),
            std::string::npos);
  EXPECT_NE(openError(safetensorsBytes(R"({"a": 3})", ""))
                .find("tensor 'a': the header entry is not an object"),
            std::string::npos);
  EXPECT_NE(openError(safetensorsBytes(R"({"a": {"dtype": "F32"}})", ""))
                .find("tensor 'a': the header entry needs"),
            std::string::npos);
  EXPECT_NE(openError(safetensorsBytes(
                          R"({"a": {"dtype": "F32", "shape": [-1],
                               "data_offsets": [0, 4]}})",
                          std::string(4, '\0')))
                .find("tensor 'a': shape must hold non-negative integers"),
            std::string::npos);
  EXPECT_NE(openError(safetensorsBytes(
                          R"({"a": {"dtype": "F32", "shape": [1],
                                     "data_offsets": [0]}})",
                          std::string(4, '\0')))
                .find("data_offsets must be [begin, end]"),
            std::string::npos);
}

TEST_F(SafeTensorsTest, UnknownDType) {
  std::string message = openError(safetensorsBytes(
      R"({"w": {"dtype": "Q4_K", "shape": [2], "data_offsets": [0, 2]}})",
      "ab"));
  EXPECT_NE(message.find("tensor 'w': unknown dtype 'Q4_K'"), std::string::npos)
      << message;
}

TEST_F(SafeTensorsTest, OffsetsOutOfRange) {
  std::string message = openError(safetensorsBytes(
      R"({"w": {"dtype": "F32", "shape": [2], "data_offsets": [4, 12]}})",
      std::string(8, '\0')));
  EXPECT_NE(message.find("tensor 'w': data_offsets [4, 12] lie outside the "
                         "data section of 8 bytes"),
            std::string::npos)
      << message;
}

TEST_F(SafeTensorsTest, ReversedOffsetsAreNamedSo) {
  std::string message =
      openError(safetensorsBytes(R"({"w": {"dtype": "F32", "shape": [1],
                                 "data_offsets": [8, 4]}})",
                                 std::string(8, '\0')));
  EXPECT_NE(message.find("tensor 'w': data_offsets [8, 4] are reversed: the "
                         "begin lies past the end"),
            std::string::npos)
      << message;
}

TEST_F(SafeTensorsTest, SizeDisagreesWithShape) {
  std::string message = openError(safetensorsBytes(
      R"({"w": {"dtype": "BF16", "shape": [3], "data_offsets": [0, 8]}})",
      std::string(8, '\0')));
  EXPECT_NE(message.find("tensor 'w': data_offsets [0, 8] span 8 bytes, but "
                         "BF16 [3] needs 6"),
            std::string::npos)
      << message;
  EXPECT_NE(openError(safetensorsBytes(
                          R"({"w": {"dtype": "F32",
                                     "shape": [4294967296, 4294967296, 16],
                                     "data_offsets": [0, 8]}})",
                          std::string(8, '\0')))
                .find("too large"),
            std::string::npos);
}

// An empty tensor whose other extents multiply past int64_t: numel()
// overflowed (found with the safetensors fuzz target's check).
TEST_F(SafeTensorsTest, EmptyTensorWithHugeExtentsIsTooLarge) {
  std::string message = openError(safetensorsBytes(
      R"({"w": {"dtype": "U8", "shape": [1099511627776, 8388608, 0],
                "data_offsets": [0, 0]}})",
      ""));
  EXPECT_NE(message.find("tensor 'w': shape"), std::string::npos) << message;
  EXPECT_NE(message.find("is too large"), std::string::npos) << message;
}

TEST_F(SafeTensorsTest, OverlappingTensors) {
  std::string message = openError(safetensorsBytes(
      R"({"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},
          "b": {"dtype": "F32", "shape": [2], "data_offsets": [4, 12]}})",
      std::string(12, '\0')));
  EXPECT_NE(message.find("tensors 'a' and 'b' overlap"), std::string::npos)
      << message;
}

TEST_F(SafeTensorsTest, HeaderLengthJustPastTheEnd) {
  std::string message = openError(safetensorsBytes("{}", "", 3));
  EXPECT_NE(message.find("header length 3 runs past the end of the file (10 "
                         "bytes)"),
            std::string::npos)
      << message;
}

// The header-length limit, on sparse files: the header is not read past the
// check, so the files' holes cost nothing.
TEST_F(SafeTensorsTest, HeaderLengthLimit) {
  auto sparse = [&](uint64_t headerLength) {
    std::filesystem::path path = write(safetensorsBytes("", "", headerLength));
    std::filesystem::resize_file(path, 8 + headerLength);
    return errorOf([&] { SafeTensorsFile::open(path); });
  };
  std::string message = sparse(100'000'001);
  EXPECT_NE(message.find("header length 100000001 exceeds the limit of "
                         "100000000 bytes"),
            std::string::npos)
      << message;
  message = sparse(100'000'000);
  EXPECT_NE(message.find("not valid JSON"), std::string::npos) << message;
}

TEST_F(SafeTensorsTest, ShapeMustBeAnArray) {
  EXPECT_NE(openError(safetensorsBytes(
                          R"({"w": {"dtype": "F32", "shape": 2,
                                     "data_offsets": [0, 8]}})",
                          std::string(8, '\0')))
                .find("tensor 'w': shape must be an array"),
            std::string::npos);
}

// The largest shapes whose element count fits int64_t are read: with a zero
// extent they are empty.
TEST_F(SafeTensorsTest, LargestEmptyShapes) {
  SafeTensorsFile file = SafeTensorsFile::open(write(safetensorsBytes(
      R"({"a": {"dtype": "U8", "shape": [9223372036854775807, 0],
                "data_offsets": [0, 0]},
          "b": {"dtype": "U8", "shape": [4611686018427387904, 0],
                "data_offsets": [0, 0]}})",
      "")));
  EXPECT_EQ(file.find("a")->shape[0], INT64_MAX);
  EXPECT_EQ(file.find("b")->numel(), 0);
}

// 2^62 F32 elements count fewer than int64_t holds but their bytes wrap to
// 0 in uint64_t, which data_offsets [0, 0] would match.
TEST_F(SafeTensorsTest, ByteCountOverflow) {
  std::string message = openError(safetensorsBytes(
      R"({"w": {"dtype": "F32", "shape": [4611686018427387904],
                "data_offsets": [0, 0]}})",
      ""));
  EXPECT_NE(message.find("tensor 'w': shape [4611686018427387904] is too "
                         "large"),
            std::string::npos)
      << message;
}

// BF16 [1537228672809129301, 6] needs 2^64 - 4 bytes: the most a shape may
// need with its element count within int64_t (the offsets then lie outside
// the data).
TEST_F(SafeTensorsTest, ShapeAtTheByteCountLimit) {
  std::string message = openError(safetensorsBytes(
      R"({"w": {"dtype": "BF16", "shape": [1537228672809129301, 6],
                "data_offsets": [0, 18446744073709551612]}})",
      ""));
  EXPECT_NE(message.find("data_offsets [0, 18446744073709551612] lie outside"),
            std::string::npos)
      << message;
}

// Offsets past int64_t are counts like any other (JSON keeps them unsigned).
TEST_F(SafeTensorsTest, OffsetPastInt64) {
  std::string message = openError(safetensorsBytes(
      R"({"w": {"dtype": "U8", "shape": [1],
                "data_offsets": [0, 18446744073709551615]}})",
      "a"));
  EXPECT_NE(message.find("lie outside the data section"), std::string::npos)
      << message;
}

// With standard input closed, open() returns descriptor 0: it is a valid
// one, used and closed.
TEST_F(SafeTensorsTest, FileDescriptorZero) {
  std::filesystem::path path = write(safetensorsBytes(
      R"({"w": {"dtype": "U8", "shape": [1], "data_offsets": [0, 1]}})", "a"));
  EXPECT_EXIT(
      {
        ::close(0);
        bool read = SafeTensorsFile::open(path).find("w") != nullptr;
        std::exit(read && ::fcntl(0, F_GETFD) == -1 ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(SafeTensorsTest, SpanOfOffsetsNotAtZero) {
  std::string message = openError(safetensorsBytes(
      R"({"w": {"dtype": "BF16", "shape": [3], "data_offsets": [4, 12]}})",
      std::string(12, '\0')));
  EXPECT_NE(message.find("data_offsets [4, 12] span 8 bytes, but BF16 [3] "
                         "needs 6"),
            std::string::npos)
      << message;
}

TEST_F(SafeTensorsTest, NotARegularFile) {
  std::string message = errorOf([&] { SafeTensorsFile::open(dir.path()); });
  EXPECT_NE(message.find("not a regular file"), std::string::npos) << message;
}

// A mapping that fails (here for want of address space, in a child
// process) is reported, not dereferenced. ASan's and TSan's runtimes hold
// terabytes of address space for their shadow memory, so that no limit can
// be lowered under them.
TEST_F(SafeTensorsTest, MappingFailure) {
#if TILE_TEST_ASAN || TILE_TEST_TSAN
  GTEST_SKIP() << "a sanitizer's shadow memory needs the address space";
#endif
  std::filesystem::path path = write(safetensorsBytes("{}", ""));
  constexpr uint64_t kHuge = uint64_t(64) << 30;
  std::filesystem::resize_file(path, kHuge);
  EXPECT_EXIT(
      {
        rlimit limit{};
        ::getrlimit(RLIMIT_AS, &limit);
        limit.rlim_cur = kHuge / 2;
        ::setrlimit(RLIMIT_AS, &limit);
        std::string message = errorOf([&] { SafeTensorsFile::open(path); });
        std::exit(message.find("cannot map") != std::string::npos ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(SafeTensorsTest, MoveAssignmentTakesTheMapping) {
  std::filesystem::path first = dir.path() / "first.safetensors";
  test::writeFile(first, safetensorsBytes("{}", ""));
  SafeTensorsFile file = SafeTensorsFile::open(first);
  file = SafeTensorsFile::open(write(safetensorsBytes(
      R"({"w": {"dtype": "U8", "shape": [2], "data_offsets": [0, 2]}})",
      "ab")));
  ASSERT_TRUE(file.find("w"));
  EXPECT_EQ(std::memcmp(file.find("w")->data.data(), "ab", 2), 0);
  EXPECT_EQ(file.path(), dir.path() / "t.safetensors");
}

TEST_F(SafeTensorsTest, MissingFile) {
  std::string message = errorOf(
      [&] { SafeTensorsFile::open(dir.path() / "absent.safetensors"); });
  EXPECT_NE(message.find("absent.safetensors: reading safetensors: cannot "
                         "open"),
            std::string::npos)
      << message;
}

TEST(SafeTensors, FormatsShapes) {
  EXPECT_EQ(formatShape({}), "[]");
  const int64_t shape[] = {1024, 256};
  EXPECT_EQ(formatShape(shape), "[1024, 256]");
}

TEST(SafeTensors, DTypeNames) {
  for (const char *name :
       {"BOOL", "U8", "I8", "I16", "U16", "F16", "BF16", "I32", "U32", "F32",
        "F64", "I64", "U64", "F8_E4M3", "F8_E5M2"}) {
    auto dtype = parseDType(name);
    ASSERT_TRUE(dtype) << name;
    EXPECT_EQ(dtypeName(*dtype), name);
  }
  EXPECT_EQ(dtypeSize(DType::BF16), 2u);
  EXPECT_EQ(dtypeSize(DType::F32), 4u);
  EXPECT_EQ(dtypeSize(DType::I64), 8u);
  EXPECT_FALSE(parseDType("bf16"));
  EXPECT_TRUE(isFloatWeightDType(DType::F16));
  EXPECT_FALSE(isFloatWeightDType(DType::F64));
}

} // namespace
} // namespace qwen3
