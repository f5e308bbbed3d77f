import CCairo
import CX11
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

    /// Creates a buffer of `width` x `height` device pixels; nil only if memory or X refuse entirely.
    init?(display: OpaquePointer, visual: UnsafeMutablePointer<Visual>, depth: Int32,
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
            let stride = w * 4
            guard let data = malloc(stride * h),
                  let img = XCreateImage(display, visual, UInt32(depth), ZPixmap, 0,
                                         data.assumingMemoryBound(to: CChar.self), UInt32(w), UInt32(h), 32,
                                         Int32(stride)) else { return nil }
            image = img
            segment = nil
            usesSharedMemory = false
        }
        let raw = UnsafeMutableRawPointer(image.pointee.data!).assumingMemoryBound(to: UInt8.self)
        surface = cairo_image_surface_create_for_data(raw, CAIRO_FORMAT_RGB24, Int32(w), Int32(h),
                                                      image.pointee.bytes_per_line)!
        context = cairo_create(surface)!
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
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
