//===- TileGPUAttrs.td - Attributes of the tilegpu dialect -*- tablegen -*-===//

#ifndef TILEGPU_IR_TILEGPUATTRS_TD
#define TILEGPU_IR_TILEGPUATTRS_TD

include "tilegpu/IR/TileGPUDialect.td"
include "mlir/IR/AttrTypeBase.td"

def TileGPU_TensorMapAttr : AttrDef<TileGPU_Dialect, "TensorMap"> {
  let mnemonic = "tensor_map";
  let summary = "What one tensor map parameter of a kernel describes";
  let description = [{
    A kernel's `tile.tensor_maps` attribute lists, in order, its trailing
    !tilegpu.tensor_map parameters: for each, the index of the view parameter
    it describes, the box one copy moves (one extent per dimension of the
    view, outermost first, at most 256 each: rows, then elements of the
    contiguous dimension for a matrix) and the swizzle of the lines it
    writes into shared memory, in bytes (32, 64 or 128: a line is the box's
    contiguous extent). The runtime encodes each map from the view argument
    of the launch.

    ```mlir
    #tilegpu.tensor_map<view = 1, box = [128, 64], swizzle = 128>
    #tilegpu.tensor_map<view = 2, box = [1, 64, 64], swizzle = 128>
    ```
  }];
  let parameters = (ins "int64_t":$view, ArrayRefParameter<"int64_t">:$box,
                        "int64_t":$swizzle);
  let assemblyFormat = [{
    `<` `view` `=` $view `,` `box` `=` `[` $box `]` `,` `swizzle` `=` $swizzle
    `>`
  }];
  let genVerifyDecl = 1;
}

#endif // TILEGPU_IR_TILEGPUATTRS_TD
