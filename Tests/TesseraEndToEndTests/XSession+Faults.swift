import CX11
import CXTest
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What other X clients do to the app's window and input: take the keyboard or the focus, unmap,
/// resize or destroy the window, kill the app's connection, flood the pointer. Each call returns
/// after an `XSync`, so the server has acted and queued the app's events.
extension XSession {
    /// Grabs the keyboard on the root window, as a screen locker or window switcher does.
    func grabKeyboard() -> Bool {
        let result = XGrabKeyboard(display, root, 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime))
        XSync(display, 0)
        return result == GrabSuccess
    }

    func ungrabKeyboard() {
        XUngrabKeyboard(display, UInt(CurrentTime))
        XSync(display, 0)
    }

    /// Maps a small window of ours in the screen's bottom-right corner (away from the app) and gives
    /// it the keyboard focus, as a window popping up would.
    func focusNewWindow() -> Window {
        let w = XCreateSimpleWindow(display, root, Int32(width - 20), Int32(height - 20), 10, 10, 0, 0, 0)
        XMapWindow(display, w)
        XSync(display, 0)
        XSetInputFocus(display, w, Int32(RevertToPointerRoot), UInt(CurrentTime))
        XSync(display, 0)
        return w
    }

    /// Back to the server's initial focus (the window under the pointer), and the helper window gone.
    func restoreFocus(destroying w: Window) {
        XSetInputFocus(display, Window(PointerRoot), Int32(RevertToPointerRoot), UInt(CurrentTime))
        XDestroyWindow(display, w)
        XSync(display, 0)
    }

    func unmap(_ window: Window) {
        XUnmapWindow(display, window)
        XSync(display, 0)
    }

    func map(_ window: Window) {
        XMapWindow(display, window)
        XSync(display, 0)
    }

    func destroy(_ window: Window) {
        XDestroyWindow(display, window)
        XSync(display, 0)
    }

    /// `xkill`: the server closes the connection of the client owning `window`.
    func killClient(owning window: Window) {
        XKillClient(display, window)
        XSync(display, 0)
    }

    /// Sends `rate` pointer motions a second for `seconds`, alternating between `a` and `b`, in
    /// batches flushed every millisecond (no round trip per motion: 10,000 a second is more than
    /// XSync allows). Runs on the calling (gesture) thread; returns how many were sent.
    func floodMotion(between a: Pixel, and b: Pixel, rate: Int, seconds: Double) -> Int {
        let start = Date()
        var sent = 0
        var flip = false
        while true {
            let elapsed = Date().timeIntervalSince(start)
            if elapsed >= seconds { break }
            let due = Int(elapsed * Double(rate))
            while sent < due {
                let p = flip ? a : b
                flip.toggle()
                XTestFakeMotionEvent(display, screen, Int32(p.x), Int32(p.y), 0)
                sent += 1
            }
            XFlush(display)
            usleep(1000)
        }
        XSync(display, 0)
        return sent
    }
}
