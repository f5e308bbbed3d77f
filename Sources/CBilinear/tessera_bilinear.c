// A turned image blended into a frame: the one resample of a carried tile's snapshot each frame.
//
// pixman does this through its general path (fetch a scanline of bilinear samples, then combine):
// ~8.5 ns a pixel on the benchmark's host, against ~1.7 for the same image scaled without a turn
// (an SSSE3 fast path). This loop gives the same pixels (7-bit weights, vertical then horizontal,
// pixman's rounding of the mask and of OVER) in SSE2, which every x86-64 has, in ~4 ns a pixel, and
// visits only the pixels of each row that sample the image.

#include "tessera_bilinear.h"

#include <math.h>
#include <stddef.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// The pixel of `src` at (x, y), clear outside it.
static inline uint32_t pixel_at(const uint32_t *src, int w, int h, int pitch, int x, int y) {
    return (x < 0 || y < 0 || x >= w || y >= h) ? 0 : src[(size_t)y * pitch + x];
}

/// Where along a row the sample coordinate `f + step * n` (16.16, already less half a pixel) lies
/// in [-1, limit) pixels, as a range of n in [lo, hi): widened by a pixel each way (the loop checks
/// each pixel again), so rounding here can only cost a visit, never a pixel.
static inline void narrow(double f, double step, int limit, double *lo, double *hi) {
    const double a = -65536.0, b = (double)limit * 65536.0;
    if (step == 0) {
        if (f < a || f >= b) { *lo = 1; *hi = 0; }
        return;
    }
    double n0 = (a - f) / step, n1 = (b - f) / step;
    if (n0 > n1) { double t = n0; n0 = n1; n1 = t; }
    if (n0 - 1 > *lo) *lo = n0 - 1;
    if (n1 + 1 < *hi) *hi = n1 + 1;
}

#if defined(__SSE2__)
static inline uint32_t blend_sse2(uint32_t tl, uint32_t tr, uint32_t bl, uint32_t br, int wx, int wy,
                                  uint32_t alpha, uint32_t under, int *clear) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i c80 = _mm_set1_epi16(0x80), c101 = _mm_set1_epi16(0x101);
    __m128i top = _mm_unpacklo_epi8(_mm_set_epi32(0, 0, (int)tr, (int)tl), zero);
    __m128i bot = _mm_unpacklo_epi8(_mm_set_epi32(0, 0, (int)br, (int)bl), zero);
    // Vertical first: each channel times 128 at most, 32,640, in 16 bits.
    __m128i v = _mm_add_epi16(_mm_mullo_epi16(top, _mm_set1_epi16((short)(128 - wy))),
                              _mm_mullo_epi16(bot, _mm_set1_epi16((short)wy)));
    // Then across: left and right of each channel side by side, multiplied and added in 32 bits.
    __m128i lr = _mm_unpacklo_epi16(v, _mm_srli_si128(v, 8));
    __m128i s = _mm_srli_epi32(_mm_madd_epi16(lr, _mm_set1_epi32((wx << 16) | (128 - wx))), 14);
    s = _mm_packs_epi32(s, zero);
    if (alpha != 255) s = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(s, _mm_set1_epi16((short)alpha)), c80), c101);
    uint32_t sa = (uint32_t)_mm_extract_epi16(s, 3);
    if (sa == 0) { *clear = 1; return under; }
    *clear = 0;
    if (sa != 255) {
        __m128i d = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)under), zero);
        d = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(d, _mm_set1_epi16((short)(255 - sa))), c80), c101);
        s = _mm_adds_epu16(s, d);
    }
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(s, zero));
}
#else
/// x * y / 255 for each channel of `p`, rounded as pixman rounds it.
static inline uint32_t times(uint32_t p, uint32_t a) {
    uint32_t rb = (p & 0x00ff00ff) * a + 0x00800080, ag = ((p >> 8) & 0x00ff00ff) * a + 0x00800080;
    rb = ((rb + ((rb >> 8) & 0x00ff00ff)) >> 8) & 0x00ff00ff;
    ag = ((ag + ((ag >> 8) & 0x00ff00ff)) >> 8) & 0x00ff00ff;
    return rb | (ag << 8);
}

static inline uint32_t blend_scalar(uint32_t tl, uint32_t tr, uint32_t bl, uint32_t br, int wx, int wy,
                                    uint32_t alpha, uint32_t under, int *clear) {
    uint32_t s = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t l = ((tl >> shift) & 0xff) * (128 - wy) + ((bl >> shift) & 0xff) * wy;
        uint32_t r = ((tr >> shift) & 0xff) * (128 - wy) + ((br >> shift) & 0xff) * wy;
        s |= ((l * (128 - wx) + r * wx) >> 14) << shift;
    }
    if (alpha != 255) s = times(s, alpha);
    uint32_t sa = s >> 24;
    if (sa == 0) { *clear = 1; return under; }
    *clear = 0;
    if (sa == 255) return s;
    uint32_t d = times(under, 255 - sa), out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t c = ((s >> shift) & 0xff) + ((d >> shift) & 0xff);
        out |= (c > 255 ? 255 : c) << shift;
    }
    return out;
}
#endif

void tessera_bilinear_over(const uint32_t *src, int src_width, int src_height, int src_stride,
                           uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                           const int32_t m[6], uint32_t alpha) {
    if (alpha == 0 || src_width <= 0 || src_height <= 0) return;
    const int pitch = src_stride / 4, dst_pitch = dst_stride / 4;
    for (int y = y0; y < y1; y++) {
        // The sample point of the row's first pixel, less half a source pixel (the bilinear
        // footprint's top-left corner), as pixman_transform_point_3d computes it: the pixel
        // centre's halves summed, then rounded to the nearest 65,536th.
        int64_t fx = (int64_t)m[0] * x0 + (int64_t)m[1] * y + (((int64_t)m[0] + m[1] + 1) >> 1) + m[2] - 0x8000;
        int64_t fy = (int64_t)m[3] * x0 + (int64_t)m[4] * y + (((int64_t)m[3] + m[4] + 1) >> 1) + m[5] - 0x8000;
        double lo = 0, hi = x1 - x0;
        narrow((double)fx, m[0], src_width, &lo, &hi);
        narrow((double)fy, m[3], src_height, &lo, &hi);
        if (lo >= hi) continue;
        int first = x0 + (int)floor(lo < 0 ? 0 : lo), end = x0 + (int)ceil(hi);
        if (end > x1) end = x1;
        fx += (int64_t)m[0] * (first - x0);
        fy += (int64_t)m[3] * (first - x0);
        uint32_t *row = dst + (size_t)y * dst_pitch;
        for (int x = first; x < end; x++, fx += m[0], fy += m[3]) {
            const int ix = (int)(fx >> 16), iy = (int)(fy >> 16);
            if (ix < -1 || iy < -1 || ix >= src_width || iy >= src_height) continue;
            const int wx = (int)((fx >> 9) & 0x7f), wy = (int)((fy >> 9) & 0x7f);
            uint32_t tl, tr, bl, br;
            if (ix >= 0 && iy >= 0 && ix + 1 < src_width && iy + 1 < src_height) {
                const uint32_t *p = src + (size_t)iy * pitch + ix;
                tl = p[0]; tr = p[1]; bl = p[pitch]; br = p[pitch + 1];
            } else {
                tl = pixel_at(src, src_width, src_height, pitch, ix, iy);
                tr = pixel_at(src, src_width, src_height, pitch, ix + 1, iy);
                bl = pixel_at(src, src_width, src_height, pitch, ix, iy + 1);
                br = pixel_at(src, src_width, src_height, pitch, ix + 1, iy + 1);
            }
            if ((tl | tr | bl | br) == 0) continue;
            int clear;
#if defined(__SSE2__)
            uint32_t out = blend_sse2(tl, tr, bl, br, wx, wy, alpha, row[x], &clear);
#else
            uint32_t out = blend_scalar(tl, tr, bl, br, wx, wy, alpha, row[x], &clear);
#endif
            if (!clear) row[x] = out;
        }
    }
}
