//===- KernelList.h - The kernels a cache entry describes -------*- C++ -*-===//
//
// Each cache entry's JSON lists the kernels of its cubin (docs/abi.md, Kernel
// metadata): how to launch each one and what it takes. The compiler fills
// these records from the lowered module, the entry's JSON holds them, and
// the runtime and the launcher headers read them back, all through
// CacheEntry.h, which checks them as it reads.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_FORMATS_KERNELLIST_H
#define TILE_FORMATS_KERNELLIST_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tile::formats {

/// What a kernel parameter is: an output piece, an input piece (the
/// program's piece of a tensor it only reads), a view, an atomic output (a
/// whole tensor that every program updates atomically) or a scalar.
enum class ParamKind { Piece, InputPiece, View, Atomic, Scalar };

/// Whether parameters of `kind` are partitioned into one piece per program,
/// and so give the grid.
inline bool isPartitioned(ParamKind kind) {
  return kind == ParamKind::Piece || kind == ParamKind::InputPiece;
}

/// Whether a kernel writes the tensor of a parameter of `kind`: an output
/// piece or an atomic output.
inline bool isWritten(ParamKind kind) {
  return kind == ParamKind::Piece || kind == ParamKind::Atomic;
}

/// The metadata's name of `kind`: "piece", "input_piece", "view", "atomic"
/// or "scalar".
const char *paramKindName(ParamKind kind);

/// One kernel parameter as the metadata describes it.
struct ParamRecord {
  /// The C++ parameter name.
  std::string name;
  /// What the parameter is.
  ParamKind kind = ParamKind::Scalar;
  /// The element type's name (ElementTypes.h).
  std::string dtype;
  /// Dimensions of a tensor parameter (1 to 3 for pieces and atomic
  /// outputs); 0 for scalars.
  int rank = 0;
  /// The piece shape, one extent per dimension, for input and output
  /// pieces.
  std::vector<int64_t> tile;
};

/// The most dimensions a tensor map describes (the driver's limit).
inline constexpr size_t kMaxTensorMapRank = 5;

/// A tensor map a kernel takes after its parameters, which the runtime
/// encodes from a view argument for the GPU's tensor copy engine.
struct TensorMapRecord {
  /// The index of the view parameter it describes.
  size_t view = 0;
  /// The box one copy moves, one extent per dimension of the view,
  /// outermost first (rows, then elements of the contiguous dimension, for
  /// a matrix); each 1 to 256.
  std::vector<uint32_t> box;
  /// The swizzle of the lines a copy writes to shared memory, in bytes: 32,
  /// 64 or 128.
  unsigned swizzle = 0;
};

/// The most programs per multiprocessor a kernel that walks its pieces
/// (TILE_PERSISTENT) may ask for.
inline constexpr unsigned kMaxPersistentPrograms = 32;

/// How one entry symbol of a kernel is launched.
struct LaunchRecord {
  /// The cubin's entry symbol.
  std::string entry;
  /// Threads per program along x, y and z; 1 to 1024 in all.
  std::array<unsigned, 3> block = {1, 1, 1};
  /// Dynamic shared memory per program, in bytes.
  unsigned sharedBytes = 0;
  /// Whether the entry first waits for the grids before it on the stream
  /// (griddepcontrol), so that it may be launched before they finish.
  bool gridDependency = false;
  /// For a kernel whose programs walk its pieces (TILE_PERSISTENT): the
  /// programs to launch per multiprocessor, 1 to 32 (at most one per
  /// piece); the entry takes the piece grid, three u32, after the
  /// parameters. 0: one program per piece.
  unsigned persistent = 0;
};

/// Where tuning records (docs/tuning.md) replace a kernel: on the GPU
/// `device` (the driver's name for it), kernel `kernel` of the same cache
/// entry, another configuration of the same template, runs in its place.
struct TunedReplacement {
  std::string device;
  std::string kernel;
};

/// One node of a launch precondition's expression (docs/abi.md, Launch
/// preconditions). Integers compute in two's complement at the node's
/// width; an "i1" is 0 or 1.
struct PreconditionNode {
  /// What the node computes:
  ///   "const"  operands {value}
  ///   "param"  operands {p}: scalar parameter p, an integer
  ///   "size"   operands {p, d}: extent d of tensor parameter p (i64)
  ///   "add", "sub", "mul", "div", "rem", "shl", "shr", "and", "or", "xor"
  ///            operands {a, b}, both of the node's type; div and rem
  ///            truncate toward zero, shr is arithmetic
  ///   "not"    operands {a}: the bitwise complement (on i1: logical not)
  ///   "eq", "ne", "lt", "le", "gt", "ge"
  ///            operands {a, b} of one type, signed; the node is i1
  ///   "cast"   operands {a}: a sign-extended or truncated to the node's
  ///            type; to i1: whether a is not zero
  ///   "select" operands {c, a, b}: c (i1) ? a : b, evaluating only the
  ///            operand it picks (`x && y` is select(x, y, false))
  /// where a, b and c are indices of earlier nodes.
  std::string op;
  /// "i1", "i8", "i16", "i32" or "i64".
  std::string type;
  std::vector<int64_t> operands;
};

/// A fact about a kernel's scalars and tensor sizes that every launch must
/// satisfy (TILE_REQUIRE), checked by the runtime before the launch.
struct PreconditionRecord {
  /// The condition as the kernel writes it, for messages.
  std::string text;
  /// Its expression, each node reading only earlier ones; the last, an i1,
  /// is the condition. Evaluated on demand from the last node.
  std::vector<PreconditionNode> nodes;
};

/// One kernel of a cubin.
struct KernelRecord {
  /// The C++ name, as "saxpy<1024>".
  std::string name;
  /// How its entry is launched.
  LaunchRecord launch;
  /// The parameters, in order.
  std::vector<ParamRecord> params;
  /// The tensor maps the entry takes after the parameters, in order.
  std::vector<TensorMapRecord> tensorMaps;
  /// With tensor maps: the entry compiled without them, with the same name
  /// and parameters, which a launch runs where the copy engine cannot read
  /// a view the maps describe.
  std::optional<LaunchRecord> fallback;
  /// The GPUs on which another configuration runs in this one's place.
  std::vector<TunedReplacement> tuned;
  /// What every launch must satisfy, in the kernel's order.
  std::vector<PreconditionRecord> preconditions;
};

} // namespace tile::formats

#endif // TILE_FORMATS_KERNELLIST_H
