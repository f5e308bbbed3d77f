// A turned image blended into a frame: the one resample of a carried tile's snapshot each frame.
//
// pixman does this through its general path (fetch a scanline of bilinear samples, then combine):
// ~8.5 ns a pixel on the benchmark's host, against ~1.7 for the same image scaled without a turn
// (an SSSE3 fast path). This loop gives the same pixels (7-bit weights, vertical then horizontal,
// pixman's rounding of the mask and of OVER) and visits only the pixels of each row that sample
// the image: one at a time in SSE2, which every x86-64 has (~4 ns a pixel), and four at a time in
// AVX2 where the processor has it (half that again: the group drag's turned cards took 30 ms of
// the benchmark's 210 frames at 100k, 15 ms after). With AVX2 it also takes images stretched
// without a turn (a layout switch's tiles), by a loop of their own: `scaled_avx2`.

#include "tessera_bilinear.h"

#include <math.h>
#include <stddef.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
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

/// One destination pixel: the sample at (fx, fy) (16.16, less half a pixel) blended over `*under`.
static inline void one_pixel(const uint32_t *src, int w, int h, int pitch, int64_t fx, int64_t fy,
                             uint32_t alpha, uint32_t *under) {
    const int ix = (int)(fx >> 16), iy = (int)(fy >> 16);
    if (ix < -1 || iy < -1 || ix >= w || iy >= h) return;
    const int wx = (int)((fx >> 9) & 0x7f), wy = (int)((fy >> 9) & 0x7f);
    uint32_t tl, tr, bl, br;
    if (ix >= 0 && iy >= 0 && ix + 1 < w && iy + 1 < h) {
        const uint32_t *p = src + (size_t)iy * pitch + ix;
        tl = p[0]; tr = p[1]; bl = p[pitch]; br = p[pitch + 1];
    } else {
        tl = pixel_at(src, w, h, pitch, ix, iy);
        tr = pixel_at(src, w, h, pitch, ix + 1, iy);
        bl = pixel_at(src, w, h, pitch, ix, iy + 1);
        br = pixel_at(src, w, h, pitch, ix + 1, iy + 1);
    }
    if ((tl | tr | bl | br) == 0) return;
    int clear;
#if defined(__SSE2__)
    uint32_t out = blend_sse2(tl, tr, bl, br, wx, wy, alpha, *under, &clear);
#else
    uint32_t out = blend_scalar(tl, tr, bl, br, wx, wy, alpha, *under, &clear);
#endif
    if (!clear) *under = out;
}

#if defined(__x86_64__)
/// Pixels `first` to `end` of a row, four at a time where all four sample inside the image (the
/// bulk of a turned tile), the rest one by one. The same arithmetic as `blend_sse2` on four pixels
/// at once, without its branches: a clear sample (alpha 0, so every channel 0: the pixels are
/// premultiplied) blended OVER leaves the pixel under it as it was, and an opaque one adds nothing
/// of it (x * 0 / 255 rounds to 0), so the branches only skipped work.
__attribute__((target("avx2")))
static void row_avx2(const uint32_t *src, int w, int h, int pitch, uint32_t *row, int first, int end,
                     int64_t fx, int64_t fy, int64_t dx, int64_t dy, uint32_t alpha) {
    const __m256i c128 = _mm256_set1_epi16(128), c80 = _mm256_set1_epi16(0x80), c101 = _mm256_set1_epi16(0x101);
    const __m256i c255 = _mm256_set1_epi16(255), valpha = _mm256_set1_epi16((short)alpha);
    const unsigned wl = (unsigned)(w - 1), hl = (unsigned)(h - 1);
    int x = first;
    for (; x + 4 <= end; x += 4, fx += 4 * dx, fy += 4 * dy) {
        int ix[4], iy[4], wx[4], wy[4], inside = 1;
        for (int k = 0; k < 4; k++) {
            const int64_t sx = fx + k * dx, sy = fy + k * dy;
            ix[k] = (int)(sx >> 16); iy[k] = (int)(sy >> 16);
            wx[k] = (int)((sx >> 9) & 0x7f); wy[k] = (int)((sy >> 9) & 0x7f);
            inside &= ((unsigned)ix[k] < wl) & ((unsigned)iy[k] < hl);
        }
        if (!inside) {
            for (int k = 0; k < 4; k++) one_pixel(src, w, h, pitch, fx + k * dx, fy + k * dy, alpha, row + x + k);
            continue;
        }
        const uint32_t *p0 = src + (size_t)iy[0] * pitch + ix[0], *p1 = src + (size_t)iy[1] * pitch + ix[1];
        const uint32_t *p2 = src + (size_t)iy[2] * pitch + ix[2], *p3 = src + (size_t)iy[3] * pitch + ix[3];
        // Each channel of the four pixels in 16 bits, pixel k in lanes 4k..4k+3.
        const __m256i tl = _mm256_cvtepu8_epi16(_mm_set_epi32((int)p3[0], (int)p2[0], (int)p1[0], (int)p0[0]));
        const __m256i tr = _mm256_cvtepu8_epi16(_mm_set_epi32((int)p3[1], (int)p2[1], (int)p1[1], (int)p0[1]));
        const __m256i bl = _mm256_cvtepu8_epi16(_mm_set_epi32((int)p3[pitch], (int)p2[pitch], (int)p1[pitch], (int)p0[pitch]));
        const __m256i br = _mm256_cvtepu8_epi16(_mm_set_epi32((int)p3[pitch + 1], (int)p2[pitch + 1], (int)p1[pitch + 1],
                                                              (int)p0[pitch + 1]));
        const __m256i vy = _mm256_set_epi16((short)wy[3], (short)wy[3], (short)wy[3], (short)wy[3],
                                            (short)wy[2], (short)wy[2], (short)wy[2], (short)wy[2],
                                            (short)wy[1], (short)wy[1], (short)wy[1], (short)wy[1],
                                            (short)wy[0], (short)wy[0], (short)wy[0], (short)wy[0]);
        const __m256i uy = _mm256_sub_epi16(c128, vy);
        // Vertical first, as blend_sse2.
        const __m256i left = _mm256_add_epi16(_mm256_mullo_epi16(tl, uy), _mm256_mullo_epi16(bl, vy));
        const __m256i right = _mm256_add_epi16(_mm256_mullo_epi16(tr, uy), _mm256_mullo_epi16(br, vy));
        // Then across, in 32 bits: unpacking works within each 128-bit half, so the low unpack
        // holds pixels 0 and 2 and the high one pixels 1 and 3.
        #define PAIR(k) ((wx[k] << 16) | (128 - wx[k]))
        const __m256i w02 = _mm256_set_epi32(PAIR(2), PAIR(2), PAIR(2), PAIR(2), PAIR(0), PAIR(0), PAIR(0), PAIR(0));
        const __m256i w13 = _mm256_set_epi32(PAIR(3), PAIR(3), PAIR(3), PAIR(3), PAIR(1), PAIR(1), PAIR(1), PAIR(1));
        #undef PAIR
        const __m256i s02 = _mm256_srli_epi32(_mm256_madd_epi16(_mm256_unpacklo_epi16(left, right), w02), 14);
        const __m256i s13 = _mm256_srli_epi32(_mm256_madd_epi16(_mm256_unpackhi_epi16(left, right), w13), 14);
        __m256i s = _mm256_packs_epi32(s02, s13);                  // pixels 0 1 | 2 3, as loaded
        if (alpha != 255) s = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(s, valpha), c80), c101);
        const __m256i sa = _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(s, 0xff), 0xff);
        __m256i d = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(row + x)));
        d = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(d, _mm256_sub_epi16(c255, sa)), c80), c101);
        const __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi16(_mm256_adds_epu16(s, d), c255), 0x08);
        _mm_storeu_si128((__m128i *)(row + x), _mm256_castsi256_si128(packed));
    }
    for (; x < end; x++, fx += dx, fy += dy) one_pixel(src, w, h, pitch, fx, fy, alpha, row + x);
}

static int has_avx2(void) { return __builtin_cpu_supports("avx2"); }

/// The columns of one source row pair a scaled row reads, at most: a tile's image is a few hundred
/// pixels wide (a wider image goes the general way).
enum { SCALED_COLUMNS = 2048 };

/// The least integer n with n * b >= a (b > 0).
static inline int64_t ceil_div(int64_t a, int64_t b) {
    return a >= 0 ? (a + b - 1) / b : -((-a) / b);
}

/// An image scaled without a turn (`m[1] == m[3] == 0`, both scales positive): every pixel of a
/// row samples the same two source rows with the same vertical weight, so each row blends those
/// rows once per source column (16 bits a channel, four columns at a time), then each pixel
/// blends its two columns across, four pixels at a time. The same sums in the same order as the
/// general loop and pixman, so the same pixels. Four clear samples leave the pixels under them
/// alone and four opaque ones (most of a tile) replace them, unread. ~0.85 ns a pixel for a tile
/// stretched near its size on the benchmark's host (pixman's SSSE3 path: ~1.2-1.5). Returns 0
/// (nothing done) when a row reads more than `SCALED_COLUMNS` columns or writes more than that
/// many pixels.
__attribute__((target("avx2")))
static int scaled_avx2(const uint32_t *src, int w, int h, int pitch, uint32_t *dst, int dst_pitch,
                       int x0, int y0, int x1, int y1, const int32_t m[6], uint32_t alpha) {
    // The sample's left edge for pixel x: fx(x) = m0 * x + cx (16.16), as in the general loop.
    const int64_t cx = (((int64_t)m[0] + 1) >> 1) + m[2] - 0x8000;
    // The pixels whose sample touches the image: -65536 <= fx < w * 65536.
    int64_t first = ceil_div(-65536 - cx, m[0]), end = ceil_div((int64_t)w * 65536 - cx, m[0]);
    if (first < x0) first = x0;
    if (end > x1) end = x1;
    if (first >= end) return 1;
    const int c0 = (int)((m[0] * first + cx) >> 16), c1 = (int)((m[0] * (end - 1) + cx) >> 16) + 1;
    const int n = (int)(end - first);
    if (c1 - c0 + 1 > SCALED_COLUMNS || n > SCALED_COLUMNS) return 0;
    // Each column pair blended vertically: four channels of 16 bits; four spare at the end so the
    // four-column loop may overrun.
    uint64_t v[SCALED_COLUMNS + 4] __attribute__((aligned(32)));
    // Each pixel's left column in `v` and its weights (128 - wx, wx), the same for every row;
    // padded to a multiple of four with the last pixel's (written, then not stored). The weights
    // are laid out once as the across loop multiplies them: pixels i and i+2, then i+1 and i+3.
    int column[SCALED_COLUMNS + 3];
    int32_t weights[SCALED_COLUMNS + 3];
    for (int i = 0; i < n; i++) {
        const int64_t fx = m[0] * (first + i) + cx;
        const int wx = (int)((fx >> 9) & 0x7f);
        column[i] = (int)(fx >> 16) - c0;
        weights[i] = (wx << 16) | (128 - wx);
    }
    for (int i = n; i < n + 3; i++) { column[i] = column[n - 1]; weights[i] = weights[n - 1]; }
    __m256i across[SCALED_COLUMNS / 2 + 2];
    for (int i = 0; i < n; i += 4) {
        across[i / 2] = _mm256_setr_epi32(weights[i], weights[i], weights[i], weights[i],
                                          weights[i + 2], weights[i + 2], weights[i + 2], weights[i + 2]);
        across[i / 2 + 1] = _mm256_setr_epi32(weights[i + 1], weights[i + 1], weights[i + 1], weights[i + 1],
                                              weights[i + 3], weights[i + 3], weights[i + 3], weights[i + 3]);
    }
    const __m256i c80 = _mm256_set1_epi16(0x80), c101 = _mm256_set1_epi16(0x101), c255 = _mm256_set1_epi16(255);
    const __m256i valpha = _mm256_set1_epi16((short)alpha);
    // Channel k of the left column beside channel k of the right one, in each 128-bit half.
    const __m256i interleave = _mm256_setr_epi8(0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15,
                                                0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15);
    for (int y = y0; y < y1; y++) {
        const int64_t fy = (int64_t)m[4] * y + (((int64_t)m[4] + 1) >> 1) + m[5] - 0x8000;
        const int iy = (int)(fy >> 16);
        if (iy < -1 || iy >= h) continue;
        const int wy = (int)((fy >> 9) & 0x7f);
        const uint32_t *top = iy >= 0 ? src + (size_t)iy * pitch : NULL;
        const uint32_t *bottom = iy + 1 < h ? src + (size_t)(iy + 1) * pitch : NULL;
        const __m256i wt = _mm256_set1_epi16((short)(128 - wy)), wb = _mm256_set1_epi16((short)wy);
        // Vertical: columns c0...c1, clear outside the image.
        int c = c0;
        for (; c <= c1 && c < 0; c++) v[c - c0] = 0;
        const int inside = c1 < w - 1 ? c1 : w - 1;
        for (; c + 3 <= inside; c += 4) {
            const __m256i t = top ? _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(top + c))) : _mm256_setzero_si256();
            const __m256i b = bottom ? _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(bottom + c))) : _mm256_setzero_si256();
            _mm256_storeu_si256((__m256i *)(v + (c - c0)), _mm256_add_epi16(_mm256_mullo_epi16(t, wt), _mm256_mullo_epi16(b, wb)));
        }
        for (; c <= inside; c++) {
            const uint32_t tp = top ? top[c] : 0, bp = bottom ? bottom[c] : 0;
            uint64_t out = 0;
            for (int k = 0; k < 4; k++) {
                const uint64_t ch = ((tp >> (8 * k)) & 0xff) * (uint64_t)(128 - wy) + ((bp >> (8 * k)) & 0xff) * (uint64_t)wy;
                out |= ch << (16 * k);
            }
            v[c - c0] = out;
        }
        for (; c <= c1; c++) v[c - c0] = 0;
        // Across: pixels i..i+3, each from its columns (left, right) loaded as 8 channels.
        uint32_t *row = dst + (size_t)y * dst_pitch + first;
        for (int i = 0; i < n; i += 4) {
            const __m256i p02 = _mm256_shuffle_epi8(_mm256_inserti128_si256(
                _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(v + column[i]))),
                _mm_loadu_si128((const __m128i *)(v + column[i + 2])), 1), interleave);
            const __m256i p13 = _mm256_shuffle_epi8(_mm256_inserti128_si256(
                _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(v + column[i + 1]))),
                _mm_loadu_si128((const __m128i *)(v + column[i + 3])), 1), interleave);
            // Each half packs its own: pixels i, i+1 in the low half, i+2, i+3 in the high one, as
            // the pixels under them widen.
            __m256i s = _mm256_packs_epi32(_mm256_srli_epi32(_mm256_madd_epi16(p02, across[i / 2]), 14),
                                           _mm256_srli_epi32(_mm256_madd_epi16(p13, across[i / 2 + 1]), 14));
            if (alpha != 255) s = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(s, valpha), c80), c101);
            const int four = i + 4 <= n;
            // Clear samples (a tile's corners, its shadow's far edge) leave the pixels under them
            // as they are: OVER with nothing is the identity, rounding included.
            if (_mm256_testz_si256(s, s)) continue;
            const __m256i sa = _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(s, 0xff), 0xff);
            // Opaque samples (most of a tile) replace them: OVER multiplies what is under by zero.
            if (four && _mm256_movemask_epi8(_mm256_cmpeq_epi16(sa, c255)) == -1) {
                const __m256i packed = _mm256_packus_epi16(s, s);
                _mm_storeu_si128((__m128i *)(row + i), _mm256_castsi256_si128(_mm256_permute4x64_epi64(packed, 0x08)));
                continue;
            }
            __m128i under;
            if (four) {
                under = _mm_loadu_si128((const __m128i *)(row + i));
            } else {
                uint32_t tail[4] = {0, 0, 0, 0};
                for (int k = 0; i + k < n; k++) tail[k] = row[i + k];
                under = _mm_loadu_si128((const __m128i *)tail);
            }
            __m256i d = _mm256_cvtepu8_epi16(under);
            d = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(d, _mm256_sub_epi16(c255, sa)), c80), c101);
            const __m256i packed = _mm256_packus_epi16(_mm256_adds_epu16(s, d), c255);
            const __m128i out = _mm256_castsi256_si128(_mm256_permute4x64_epi64(packed, 0x08));
            if (four) {
                _mm_storeu_si128((__m128i *)(row + i), out);
            } else {
                uint32_t tail[4];
                _mm_storeu_si128((__m128i *)tail, out);
                for (int k = 0; i + k < n; k++) row[i + k] = tail[k];
            }
        }
    }
    return 1;
}
#endif

static void bilinear_over(const uint32_t *src, int src_width, int src_height, int src_stride,
                          uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                          const int32_t m[6], uint32_t alpha, int four_at_a_time) {
    if (alpha == 0 || src_width <= 0 || src_height <= 0) return;
    const int pitch = src_stride / 4, dst_pitch = dst_stride / 4;
#if defined(__x86_64__)
    const int wide = four_at_a_time && has_avx2();
    if (wide && m[1] == 0 && m[3] == 0 && m[0] > 0 && m[4] > 0
        && scaled_avx2(src, src_width, src_height, pitch, dst, dst_pitch, x0, y0, x1, y1, m, alpha)) return;
#endif
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
#if defined(__x86_64__)
        if (wide) {
            row_avx2(src, src_width, src_height, pitch, row, first, end, fx, fy, m[0], m[3], alpha);
            continue;
        }
#endif
        for (int x = first; x < end; x++, fx += m[0], fy += m[3])
            one_pixel(src, src_width, src_height, pitch, fx, fy, alpha, row + x);
    }
}

void tessera_bilinear_over(const uint32_t *src, int src_width, int src_height, int src_stride,
                           uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                           const int32_t m[6], uint32_t alpha) {
    bilinear_over(src, src_width, src_height, src_stride, dst, dst_stride, x0, y0, x1, y1, m, alpha, 1);
}

void tessera_bilinear_over_one_at_a_time(const uint32_t *src, int src_width, int src_height, int src_stride,
                                         uint32_t *dst, int dst_stride, int x0, int y0, int x1, int y1,
                                         const int32_t m[6], uint32_t alpha) {
    bilinear_over(src, src_width, src_height, src_stride, dst, dst_stride, x0, y0, x1, y1, m, alpha, 0);
}

int tessera_bilinear_scales_fast(void) {
#if defined(__x86_64__)
    return has_avx2();
#else
    return 0;
#endif
}
