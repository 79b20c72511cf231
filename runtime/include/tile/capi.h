/*===- capi.h - The runtime's C interface ----------------------*- C -*-===*\
|*                                                                          *|
|* A small C ABI over the runtime for programs in other languages (Python   *|
|* through ctypes, for instance): open a kernel-cache entry through its     *|
|* manifest, check launch arguments, and launch kernels on memory and       *|
|* streams the caller owns (PyTorch's, say), in the device's primary        *|
|* context. Every function returns 0 (or a handle) on success and -1 (or    *|
|* NULL) on failure; tile_last_error() then says what went wrong.           *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_CAPI_H
#define TILE_CAPI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(TILE_CAPI_BUILDING)
#define TILE_CAPI_EXPORT __attribute__((visibility("default")))
#else
#define TILE_CAPI_EXPORT
#endif

/** The largest rank of a tensor argument. */
#define TILE_MAX_RANK 8

/** What an argument is. */
enum tile_arg_kind {
  /** Device memory, for a piece or a view parameter. */
  TILE_ARG_TENSOR = 0,
  /** A value, for a scalar parameter. */
  TILE_ARG_SCALAR = 1
};

/** One launch argument, in the order of the kernel's parameters. */
typedef struct tile_arg {
  /** TILE_ARG_TENSOR or TILE_ARG_SCALAR. */
  int32_t kind;
  /** Tensors: the number of extents, 1 to TILE_MAX_RANK. */
  int32_t rank;
  /** The element or scalar type as the metadata names it: "f32", "f64",
   *  "bf16", "f16", "f8e4m3", "f8e5m2", "i8", "i16", "i32", "i64", "u8",
   *  "u16", "u32", "u64" or "i1" (scalars of unsigned C++ types too are
   *  "u8" ... "u64"). */
  const char *dtype;
  /** Tensors: the device address of element (0, ..., 0). */
  uint64_t address;
  /** Tensors: extents, outermost first. */
  int64_t shape[TILE_MAX_RANK];
  /** Tensors: strides in elements; the innermost must be 1. */
  int64_t strides[TILE_MAX_RANK];
  /** Scalars of type f16, bf16, f32 or f64: the value, rounded to the type. */
  double float_value;
  /** Integer scalars (i8 ... i64, u8 ... u32): the value, which must fit
   *  the type; u64: the value's 64 bits. */
  int64_t int_value;
} tile_arg;

/** A verified kernel-cache entry: its kernels' metadata and its cubin. */
typedef struct tile_library tile_library;
/** A library's cubin loaded on one GPU, in its primary context. */
typedef struct tile_module tile_module;

/** The message of the calling thread's last failure; "" if none. Valid
 *  until the thread's next call into this interface. */
TILE_CAPI_EXPORT const char *tile_last_error(void);

/** Opens the entry that the manifest `manifest` (tilecc --emit=manifest)
 *  names, from `cache_dir` (NULL: the default cache directory), verifying
 *  its cubin's size and SHA-256. */
TILE_CAPI_EXPORT tile_library *tile_library_open(const char *manifest,
                                                 const char *cache_dir);
/** Frees `library`; NULL is ignored. */
TILE_CAPI_EXPORT void tile_library_close(tile_library *library);
/** The number of kernels of the library. */
TILE_CAPI_EXPORT int tile_library_kernel_count(const tile_library *library);
/** The C++ name of kernel `index` ("saxpy<2048>"); NULL if out of range. */
TILE_CAPI_EXPORT const char *
tile_library_kernel_name(const tile_library *library, int index);
/** The GPU architecture the cubin was built for ("sm_90"). */
TILE_CAPI_EXPORT const char *tile_library_target(const tile_library *library);

/** Checks `args` against kernel `kernel` (C++ name or entry symbol) as a
 *  launch does, without a GPU, and stores the grid it would launch in
 *  `grid` (three values, may be NULL). */
TILE_CAPI_EXPORT int tile_library_check(const tile_library *library,
                                        const char *kernel,
                                        const tile_arg *args, int count,
                                        uint32_t grid[3]);

/** Loads the library's cubin into the primary context of GPU `device`,
 *  the context CUDA's runtime API (and so PyTorch) uses, and makes that
 *  context current. The module does not refer to the library afterwards. */
TILE_CAPI_EXPORT tile_module *tile_module_load(const tile_library *library,
                                               int device);
/** Unloads `module`; NULL is ignored. */
TILE_CAPI_EXPORT void tile_module_unload(tile_module *module);
/** Checks `args` as tile_library_check does and queues kernel `kernel` on
 *  `stream` (a CUstream; NULL: the legacy default stream). Does not wait.
 *  Where tuning records (docs/tuning.md) chose another configuration of
 *  `kernel` for this GPU, that one runs: the grid follows from its tiles. */
TILE_CAPI_EXPORT int tile_module_launch(tile_module *module, const char *kernel,
                                        const tile_arg *args, int count,
                                        void *stream);

#ifdef __cplusplus
}
#endif

#endif /* TILE_CAPI_H */
