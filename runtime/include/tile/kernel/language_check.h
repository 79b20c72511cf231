//===- language_check.h - Rules tilecc's safety analysis reports -*- C++
//-*-===//
//
// Some rules of the kernel language are checked by tilecc's safety analysis,
// which reports them with the kernel's source range and a note at the
// declaration involved. Other compilers (host mode) check them here, with a
// static_assert, so that host mode accepts no kernel tilecc rejects.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_LANGUAGE_CHECK_H
#define TILE_KERNEL_LANGUAGE_CHECK_H

/// static_assert(condition, message) outside tilecc; tilecc's analysis
/// reports the same rule itself.
#if defined(__TILECC__)
#define TILE_LANGUAGE_CHECK(condition, message) static_assert(true)
#else
#define TILE_LANGUAGE_CHECK(condition, message)                                \
  static_assert(condition, message)
#endif

#endif // TILE_KERNEL_LANGUAGE_CHECK_H
