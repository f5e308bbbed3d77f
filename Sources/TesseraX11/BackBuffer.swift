import CCairo
import CPixman
import CX11
import TesseraCairo
#if canImport(Glibc)
import Glibc
#endif

/// The Cairo image surface frames are staged in (a part of the window's size: see ``StagingPlan``),
/// and how its pixels reach the window.
///
/// With MIT-SHM the pixels live in a shared-memory segment the server reads directly
/// (`XShmPutImage` + `XSync` before the next draw); the segment is marked `IPC_RMID` as soon as both
/// sides are attached, so a crash leaks nothing. Without MIT-SHM (remote display, or attach
/// refused) the same surface is sent with `XPutImage`.
///
/// Cairo paints x8r8g8b8. When the visual is laid out that way the surface *is* the XImage's
/// pixels; otherwise (depth 16, depth 30, BGR: see ``PixelLayout``) Cairo paints into a staging
/// surface of its own and each rect is converted into the XImage by pixman just before it is sent,
/// dithered where the visual has fewer bits than Cairo (keyed on window coordinates, so rects
/// painted at different times meet without a seam).
final class BackBuffer {
    let width: Int
    let height: Int
    /// A `cairo_t` on the buffer, reused for every frame.
    let context: OpaquePointer
    let usesSharedMemory: Bool
    private let surface: OpaquePointer
    private let display: OpaquePointer
    private let image: UnsafeMutablePointer<XImage>
    /// Must stay at a fixed address: the XImage keeps a pointer to it.
    private let segment: UnsafeMutablePointer<XShmSegmentInfo>?
    /// For a visual Cairo does not paint: Cairo's pixels, and pixman's views of them and of the XImage.
    private let conversion: Conversion?

    private struct Conversion {
        let staging: UnsafeMutableRawPointer
        let source: OpaquePointer
        let target: OpaquePointer
        let dithered: Bool
        /// Depth 30's layout, converted by ``DeepColourWidening`` instead of pixman's slow path.
        let widens: Bool
        let stagingStride: Int
        let targetStride: Int
        let targetPixels: UnsafeMutableRawPointer
    }

    /// Creates a buffer of `width` x `height` device pixels; nil only if memory or X refuse entirely.
    init?(display: OpaquePointer, visual: UnsafeMutablePointer<Visual>, depth: Int32, layout: PixelLayout = .x8r8g8b8,
          width: Int, height: Int, trySharedMemory: Bool) {
        let w = max(1, width), h = max(1, height)
        self.display = display
        self.width = w
        self.height = h
        if trySharedMemory, let shm = BackBuffer.createShared(display, visual, depth, w, h) {
            image = shm.image
            segment = shm.segment
            usesSharedMemory = true
        } else {
            // Xlib works out the row length for the depth; the pixels are allocated to match.
            guard let img = XCreateImage(display, visual, UInt32(depth), ZPixmap, 0, nil, UInt32(w), UInt32(h), 32, 0)
            else { return nil }
            guard let data = malloc(Int(img.pointee.bytes_per_line) * h) else {
                XDestroyImage(img)
                return nil
            }
            img.pointee.data = data.assumingMemoryBound(to: CChar.self)
            // The pixels are in this machine's byte order; XPutImage swaps them for a server of the other.
            img.pointee.byte_order = 1.littleEndian == 1 ? LSBFirst : MSBFirst
            image = img
            segment = nil
            usesSharedMemory = false
        }
        let pixels = UnsafeMutableRawPointer(image.pointee.data!)
        if layout.isNative {
            conversion = nil
            surface = cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
                                                          Int32(w), Int32(h), image.pointee.bytes_per_line)!
        } else {
            let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(w)))
            guard let staging = malloc(stride * h),
                  let source = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(w), Int32(h),
                                                        staging.assumingMemoryBound(to: UInt32.self), Int32(stride)),
                  let target = pixman_image_create_bits(layout.pixmanFormat, Int32(w), Int32(h),
                                                        pixels.assumingMemoryBound(to: UInt32.self), image.pointee.bytes_per_line)
            else { return nil }
            if layout.isNarrow { pixman_image_set_dither(target, PIXMAN_DITHER_ORDERED_BAYER_8) }
            conversion = Conversion(staging: staging, source: source, target: target, dithered: layout.isNarrow,
                                    widens: layout == .x2r10g10b10, stagingStride: stride,
                                    targetStride: Int(image.pointee.bytes_per_line), targetPixels: pixels)
            surface = cairo_image_surface_create_for_data(staging.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
                                                          Int32(w), Int32(h), Int32(stride))!
        }
        context = cairo_create(surface)!
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
        if let conversion {
            pixman_image_unref(conversion.source)
            pixman_image_unref(conversion.target)
            free(conversion.staging)
        }
        if let segment {
            XShmDetach(display, segment)
            XSync(display, 0)
            image.pointee.data = nil   // shared memory, not malloc'ed: XDestroyImage must not free it
            XDestroyImage(image)
            shmdt(segment.pointee.shmaddr)
            segment.deallocate()
        } else {
            XDestroyImage(image)       // frees the malloc'ed pixels too
        }
    }

    /// Copies each `source` rect of the buffer to (`x`, `y`) in `window`; returns when the buffer
    /// may be drawn into again.
    func present(_ pieces: [(source: DeviceRect, x: Int, y: Int)], to window: Window, gc: GC) {
        cairo_surface_flush(surface)
        for (r, x, y) in pieces {
            if let conversion, conversion.widens {
                DeepColourWidening.widen(source: conversion.staging, sourceStride: conversion.stagingStride,
                                         target: conversion.targetPixels, targetStride: conversion.targetStride,
                                         x: r.x, y: r.y, width: r.width, height: r.height)
            } else if let conversion {
                // The dither pattern follows the window, not the buffer: the rect lands at (x, y).
                if conversion.dithered { pixman_image_set_dither_offset(conversion.target, Int32(x - r.x), Int32(y - r.y)) }
                pixman_image_composite32(PIXMAN_OP_SRC, conversion.source, nil, conversion.target,
                                         Int32(r.x), Int32(r.y), 0, 0, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
            }
            if usesSharedMemory {
                XShmPutImage(display, window, gc, image, Int32(r.x), Int32(r.y), Int32(x), Int32(y),
                             UInt32(r.width), UInt32(r.height), 0)
            } else {
                XPutImage(display, window, gc, image, Int32(r.x), Int32(r.y), Int32(x), Int32(y),
                          UInt32(r.width), UInt32(r.height))
            }
        }
        // With MIT-SHM the server reads the buffer when it gets to the request: wait for it.
        if usesSharedMemory { XSync(display, 0) } else { XFlush(display) }
    }

    private static func createShared(_ display: OpaquePointer, _ visual: UnsafeMutablePointer<Visual>,
                                     _ depth: Int32, _ w: Int, _ h: Int)
        -> (image: UnsafeMutablePointer<XImage>, segment: UnsafeMutablePointer<XShmSegmentInfo>)? {
        guard XShmQueryExtension(display) != 0 else { return nil }
        let segment = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        segment.initialize(to: XShmSegmentInfo())
        guard let image = XShmCreateImage(display, visual, UInt32(depth), ZPixmap, nil, segment,
                                          UInt32(w), UInt32(h)) else {
            segment.deallocate()
            return nil
        }
        let bytes = Int(image.pointee.bytes_per_line) * h
        let id = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0o600)
        guard id >= 0, let addr = shmat(id, nil, 0), addr != UnsafeMutableRawPointer(bitPattern: -1) else {
            if id >= 0 { shmctl(id, IPC_RMID, nil) }
            XDestroyImage(image)
            segment.deallocate()
            return nil
        }
        // Fault the pages in with one call (MADV_POPULATE_WRITE, Linux 5.14) rather than a thousand
        // page faults during the first frame's paint; older kernels refuse it and fault as before.
        _ = madvise(addr, bytes, 23)
        segment.pointee.shmid = id
        segment.pointee.shmaddr = addr.assumingMemoryBound(to: CChar.self)
        segment.pointee.readOnly = 0
        image.pointee.data = segment.pointee.shmaddr
        let attached = X11ErrorHandling.trappingErrors(display) { _ = XShmAttach(display, segment) }
        // Both sides are attached (or the server refused): remove the id so nothing can leak.
        shmctl(id, IPC_RMID, nil)
        guard attached else {
            image.pointee.data = nil
            XDestroyImage(image)
            shmdt(addr)
            segment.deallocate()
            return nil
        }
        return (image, segment)
    }
}
