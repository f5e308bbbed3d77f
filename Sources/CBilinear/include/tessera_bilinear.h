#ifndef TESSERA_BILINEAR_H
#define TESSERA_BILINEAR_H

#include <stdint.h>

/// Blends `src` (premultiplied a8r8g8b8, `src_width` x `src_height`, `src_stride` bytes a row)
/// OVER the 32-bit pixels of `dst` (x8r8g8b8 or a8r8g8b8, `dst_stride` bytes a row) in the rect
/// [x0, x1) x [y0, y1), each destination pixel taking the bilinear sample of `src` at
///     sx = m[0] * (x + 0.5) + m[1] * (y + 0.5) + m[2],  sy = m[3] * (x + 0.5) + m[4] * (y + 0.5) + m[5]
/// (16.16 fixed point, source pixel centres at +0.5; outside `src` is clear), under a constant
/// `alpha` (0-255). The pixels are pixman's for the same transform, filter (bilinear, 7-bit
/// weights), repeat (none) and operator, mask and rounding included.
void tessera_bilinear_over(const uint32_t *src, int src_width, int src_height, int src_stride,
                           uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                           const int32_t m[6], uint32_t alpha);

/// The same, every pixel through the one-at-a-time loop, where `tessera_bilinear_over` takes four
/// at a time when the processor has AVX2: for tests that hold both to pixman's pixels.
void tessera_bilinear_over_one_at_a_time(const uint32_t *src, int src_width, int src_height, int src_stride,
                                         uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                                         const int32_t m[6], uint32_t alpha);

/// Nonzero when `tessera_bilinear_over` has its fast loop for an image scaled without a turn
/// (AVX2): else pixman's own fast path does that better than the general loop.
int tessera_bilinear_scales_fast(void);

#endif
