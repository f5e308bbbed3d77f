import CX11
import CXcursor
import CXrandr
#if canImport(Glibc)
import Glibc
#endif
import TesseraCore

/// Frames at the display's own pace: the refresh of the monitor (RandR CRTC) that holds most of
/// the window, read at start, again when the window moves and when a monitor's mode or layout
/// changes; `--max-fps` caps it. Where RandR is missing or says nothing (Xvfb's modes have no
/// timings), 60 Hz. The interval goes to the client as `InputEvent.frameInterval`, and paces the
/// loop (``minimumFrameInterval``).
extension X11Shell {
    /// The shortest time between two frames: the display's interval less a little timer slack, so
    /// the engine's own deadlines (one interval apart) are never pushed to the following turn.
    var minimumFrameInterval: Double { Self.minimumFrameInterval(for: frameInterval) }

    nonisolated static func minimumFrameInterval(for interval: Double) -> Double { interval - Swift.min(0.001, interval / 8) }

    /// Asks RandR for its events (monitors plugged, modes changed) and reads the monitors. Once,
    /// at start.
    func startFollowingRefresh() {
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XRRQueryExtension(display, &eventBase, &errorBase) != 0, XRRQueryVersion(display, &major, &minor) != 0,
              major > 1 || (major == 1 && minor >= 2) else { return }
        randrEventBase = eventBase
        XRRSelectInput(display, window, Int32(RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask))
        monitors = Self.readMonitors(display: display, root: XDefaultRootWindow(display))
    }

    /// Handles `event` when it is RandR's (the monitors changed): reads them again. Returns
    /// whether it was.
    func handleRandR(_ event: inout XEvent) -> Bool {
        guard let base = randrEventBase, event.type == base + RRScreenChangeNotify || event.type == base + RRNotify else { return false }
        if event.type == base + RRScreenChangeNotify { XRRUpdateConfiguration(&event) }
        monitors = Self.readMonitors(display: display, root: XDefaultRootWindow(display))
        return true
    }

    /// Picks the monitor under the window again and tells `client` the interval when it changed
    /// (always the first time). At start, after RandR events and when the window moved.
    func updateFrameInterval(client: ShellClient, at now: Double, force: Bool = false) {
        let interval = DisplayRate.frameInterval(for: windowOnRoot(), among: monitors, maxFPS: maxFramesPerSecond)
        guard force || abs(interval - frameInterval) > 1e-6 else { return }
        frameInterval = interval
        stats.frameInterval = interval
        client.handle(.frameInterval(interval), at: now)
    }

    /// The window's rect on the root window, in device pixels (one round trip).
    func windowOnRoot() -> Rect {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(display, window, XDefaultRootWindow(display), 0, 0, &x, &y, &child)
        return Rect(x: Double(x), y: Double(y), width: Double(pixelWidth), height: Double(pixelHeight))
    }

    /// Every CRTC in use, with its rect on the root window and its mode's refresh (nil when the
    /// mode has no timings). One round trip per CRTC; run only when RandR says something changed.
    static func readMonitors(display: OpaquePointer, root: Window) -> [DisplayRate.Monitor] {
        guard let resources = XRRGetScreenResourcesCurrent(display, root) else { return [] }
        defer { XRRFreeScreenResources(resources) }
        let res = resources.pointee
        var modes: [RRMode: XRRModeInfo] = [:]
        for k in 0..<Int(res.nmode) { modes[res.modes[k].id] = res.modes[k] }
        var out: [DisplayRate.Monitor] = []
        for k in 0..<Int(res.ncrtc) {
            guard let crtc = XRRGetCrtcInfo(display, resources, res.crtcs[k]) else { continue }
            defer { XRRFreeCrtcInfo(crtc) }
            let c = crtc.pointee
            guard c.mode != 0, c.width > 0, c.height > 0 else { continue }
            let refresh = modes[c.mode].flatMap { m in
                DisplayRate.refresh(dotClock: Double(m.dotClock), hTotal: Int(m.hTotal), vTotal: Int(m.vTotal),
                                    interlaced: m.modeFlags & UInt(RR_Interlace) != 0,
                                    doubleScan: m.modeFlags & UInt(RR_DoubleScan) != 0)
            }
            out.append(DisplayRate.Monitor(frame: Rect(x: Double(c.x), y: Double(c.y), width: Double(c.width), height: Double(c.height)),
                                           refresh: refresh))
        }
        return out
    }
}

/// The desktop's cursor theme (XSETTINGS `Gtk/CursorThemeName`, `Gtk/CursorThemeSize`), as GTK
/// follows it; `XCURSOR_THEME` and `XCURSOR_SIZE` in the environment, set for this process on
/// purpose, win over it.
extension X11Shell {
    /// Loads the pointer's shapes from `theme` at `size` (nil: libXcursor's default) and shows
    /// the current one from the new set. Only when either changed.
    public func useCursorTheme(_ theme: String?, size: Int?) {
        let fromEnvironment = getenv("XCURSOR_THEME") != nil
        let themeNow = XcursorGetTheme(display).map { String(cString: $0) }
        let sizeNow = Int(XcursorGetDefaultSize(display))
        let wantedTheme = fromEnvironment ? themeNow : theme ?? themeNow
        let wantedSize = getenv("XCURSOR_SIZE") != nil ? sizeNow : size ?? sizeNow
        guard wantedTheme != themeNow || wantedSize != sizeNow else { return }
        if let t = wantedTheme { _ = XcursorSetTheme(display, t) }
        _ = XcursorSetDefaultSize(display, Int32(wantedSize))
        let old = cursors
        cursors = CursorSet(display: display)
        old.release()
        if let shape = currentCursor { XDefineCursor(display, window, cursors.cursor(for: shape)) }
    }
}

extension X11Shell {
    /// Shows the window at a new HiDPI scale (the desktop's `Xft/DPI` / 96), from the next turn of
    /// the loop: the client hears `scaleChanged` and a resize to the logical size.
    public func useScale(_ s: Double) {
        guard s.isFinite, s > 0 else { return }
        pendingScale = s
    }
}
