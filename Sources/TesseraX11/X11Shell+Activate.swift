import CX11

extension X11Shell {
    /// The window's X id (for the store's lock file: a second `tessera` raises this window).
    public var windowID: UInt { UInt(window) }

    /// Asks the window manager to activate `window` (EWMH `_NET_ACTIVE_WINDOW`, source indication 2:
    /// a pager-like request the user made, which window managers honour without focus-stealing
    /// prevention), and raises and maps it directly too, for window managers without EWMH or none.
    /// Returns false when the display cannot be opened or the window no longer exists.
    public nonisolated static func activate(window: UInt, displayName: String?) -> Bool {
        guard let display = XOpenDisplay(displayName) else { return false }
        defer { XCloseDisplay(display) }
        var attributes = XWindowAttributes()
        // A window id that no longer exists: the error handler is not ours here, so ask first.
        let previous = XSetErrorHandler { _, _ in 0 }
        defer { XSetErrorHandler(previous) }
        guard XGetWindowAttributes(display, Window(window), &attributes) != 0 else { return false }
        let root = XDefaultRootWindow(display)
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = Window(window)
        event.xclient.message_type = XInternAtom(display, "_NET_ACTIVE_WINDOW", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = 2
        event.xclient.data.l.1 = Int(CurrentTime)
        XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        XMapRaised(display, Window(window))
        XSync(display, 0)
        return true
    }
}
