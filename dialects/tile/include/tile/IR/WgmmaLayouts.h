//===- WgmmaLayouts.h - Warpgroup matrix products on sm_90a -----*- C++ -*-===//
//
// On sm_90a a tile.dot runs as wgmma.mma_async: each warpgroup (four warps)
// multiplies 64-row blocks of `a` by `b`, both read from shared memory
// through matrix descriptors, into accumulator registers spread over its
// threads like mma.sync's (warp w of the group holds rows 16w to 16w + 15).
// Warpgroups split the rows of the result in blocks of 64, then its columns.
// The operands go to shared memory "K-major" (each row of `a` and each
// column of `b` contiguous), in panels of up to 128 bytes of reductions,
// swizzled as the descriptors say.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_IR_WGMMALAYOUTS_H
#define TILE_IR_WGMMALAYOUTS_H

#include "tile/IR/TileAttrs.h"

#include <algorithm>
#include <optional>

namespace mlir::tile {

/// Rows of one wgmma instruction; the bytes of each row of `a` (and column
/// of `b`) it reduces over: 16 f16/bf16 or 32 8-bit elements; the most
/// columns one instruction takes.
inline constexpr int64_t kWgmmaM = 64;
inline constexpr int64_t kWgmmaStepBytes = 32;
inline constexpr int64_t kWgmmaMaxN = 256;
/// Warps of a warpgroup.
inline constexpr int64_t kWarpgroupWarps = 4;

/// The unit attribute the layout assignment puts on a tile.dot that runs as
/// warpgroup products.
inline constexpr llvm::StringLiteral kWgmmaAttrName = "tile.wgmma";
/// The unit attribute it adds where the products are to read `a` from
/// registers (aFragments()): `b` is a tile the loop around loads, which the
/// pipeline (pipelineRegisterDots) stages; the products of a dot still
/// marked after it write `a` to shared memory too.
inline constexpr llvm::StringLiteral kWgmmaRegisterAAttrName =
    "tile.wgmma_register_a";
/// The unit attribute it adds where the dot's products may run on while
/// the loop around it goes on: the loop's next dot continues them, and a
/// tilegpu.dot_wait after the loop waits for them.
inline constexpr llvm::StringLiteral kWgmmaChainedAttrName =
    "tile.wgmma_chained";

/// Bytes the shared operands of a warpgroup dot take: `a`, then `b` from a
/// 1024-byte boundary (the span of the widest swizzle).
int64_t wgmmaSharedBytes(int64_t m, int64_t n, int64_t k, int64_t elementBytes);
/// Where `b` starts in that buffer, in bytes.
int64_t wgmmaSharedOffsetOfB(int64_t m, int64_t k, int64_t elementBytes);
/// The same bytes rounded up to 1024: where a second set of operands
/// starts.
int64_t wgmmaSharedStride(int64_t m, int64_t n, int64_t k,
                          int64_t elementBytes);

/// Bytes of the widest swizzle, and so of the longest line of a K-major
/// shared memory panel.
inline constexpr int64_t kMaxSwizzleBytes = 128;

/// Reductions per K-major shared memory panel of an operand with `k`
/// reductions of `elementBytes` each: lines of at most 128 bytes (64
/// 16-bit or 128 8-bit elements).
inline int64_t kMajorPanelWidth(int64_t k, int64_t elementBytes) {
  return std::min<int64_t>(k, kMaxSwizzleBytes / elementBytes);
}

/// Element bit of the K-major shared layout of a `rows` x `k` operand of
/// `elementBytes` elements (row-major flat index; `b` given as NxK): panel
/// of kMajorPanelWidth reductions, then row, then reduction within the
/// panel. Replica bits (-1) stay.
int32_t kMajorSharedBit(int32_t bit, int64_t rows, int64_t k,
                        int64_t elementBytes);

/// The plan of a dot of an MxK `a` by a KxN `b` run by `numWarps` warps as
/// warpgroup products.
class WgmmaLayouts {
public:
  /// The plan for operands of `elementBytes` (2 or 1), or nothing if the dot
  /// does not fit: fewer than four warps or a warp count not a multiple of
  /// four, fewer than 64 rows per warpgroup, fewer than 8 columns per
  /// warpgroup, or fewer reductions than one instruction's.
  static std::optional<WgmmaLayouts> get(MLIRContext *context, int64_t m,
                                         int64_t n, int64_t k,
                                         int64_t elementBytes,
                                         int64_t numWarps);

  /// The accumulator's layout.
  LinearLayoutAttr acc() const { return accLayout; }

  /// Columns of one instruction; blocks of 64 rows and of `instructionN()`
  /// columns per warpgroup; reductions of one instruction, and its steps
  /// along k.
  int64_t instructionN() const { return int64_t(1) << instructionNBits; }
  int64_t rowBlocks() const { return int64_t(1) << rowBlockBits; }
  int64_t columnBlocks() const { return int64_t(1) << columnBlockBits; }
  int64_t stepK() const { return kWgmmaStepBytes / elementBytes; }
  int64_t reductionSteps() const { return k / stepK(); }

  /// First accumulator register of the instruction for row block `row` and
  /// column block `column` of this thread's warpgroup.
  int64_t accRegister(int64_t row, int64_t column) const;

  /// The plan of an MxK accumulator, whose layout holds `a` in registers
  /// as the products' A fragments, if the warpgroups split only the rows of
  /// the result (then each holds all of its rows' reductions) and the
  /// operands are 16-bit (8-bit ones are read from shared memory only).
  std::optional<WgmmaLayouts> aFragments() const;
  /// On that plan: the first of the eight registers (four pairs) of the A
  /// fragment of row block `row` and reduction step `step`.
  int64_t fragmentRegister(int64_t row, int64_t step) const;

  /// Rows and columns of the result each warpgroup computes. Warpgroup g
  /// takes row range g % rowGroups() and column range g / rowGroups().
  int64_t rowsPerGroup() const { return kWgmmaM << rowBlockBits; }
  int64_t columnsPerGroup() const { return instructionN() << columnBlockBits; }
  int64_t rowGroups() const { return int64_t(1) << groupRowBits; }

  /// Reductions per shared memory panel: each row of a panel is
  /// panelWidth() elements, and its 16-byte chunks are swizzled over lines
  /// of that many elements' bytes (32, 64 or 128).
  int64_t panelWidth() const;

  /// Columns of `b` per shared memory panel when `b` is stored N-major.
  int64_t columnPanelWidth() const;

  /// Element bit of the K-major shared layout of `a` (MxK, row-major flat
  /// index) and of `b` (KxN): panel, then row of `a` or column of `b`, then
  /// reduction within the panel.
  int32_t aSharedBit(int32_t bit) const;
  int32_t bSharedBit(int32_t bit) const;
  /// Element bit of the N-major shared layout of `b`: panel of columns,
  /// then reduction, then column within the panel. The tensor cores read it
  /// transposed; it suits a `b` whose threads hold runs along its rows.
  int32_t bSharedBitNMajor(int32_t bit) const;

private:
  WgmmaLayouts(int64_t m, int64_t n, int64_t k, int64_t elementBytes)
      : m(m), n(n), k(k), elementBytes(elementBytes) {}

  int64_t m, n, k, elementBytes;
  int32_t instructionNBits, rowBlockBits, columnBlockBits;
  int32_t groupRowBits, groupColumnBits;
  LinearLayoutAttr accLayout;
};

} // namespace mlir::tile

#endif // TILE_IR_WGMMALAYOUTS_H
