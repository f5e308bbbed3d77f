import TesseraCore
#if canImport(Glibc)
import Glibc
#endif

/// What the shell asks of the app each turn of its loop; everything else is the core's business.
///
/// All calls come on the main thread. Times are seconds of the monotonic clock, read once per
/// loop iteration by the shell.
@MainActor
public protocol ShellClient: AnyObject {
    /// One input event, in logical pixels.
    func handle(_ event: InputEvent, at time: Double)
    /// The scene to show now, or nil when nothing changed since the last one (no redraw).
    func frame(at time: Double) -> Scene?
    /// When the client next needs `frame(at:)` without input; nil = idle until the next event.
    func nextDeadline(after time: Double) -> Double?
    /// Asked once per loop iteration; true ends the loop (after `willQuit()`).
    func shouldQuit() -> Bool
    /// Called once before the shell returns or exits: the place to save.
    func willQuit()
    /// A frame was just presented (the first one: the window shows something).
    func didPresent(at time: Double)
    /// After each `frame(at:)`, once what it drew is on screen: work that must not delay a frame
    /// (a slice of layout work), done in the time before the next.
    func finishFrame(at time: Double)
    /// Descriptors the client's own services wait on (the accessibility bridge's D-Bus), polled
    /// with the X connection when the loop sleeps, and the longest they may wait (ms; -1: no limit).
    func serviceDescriptors() -> (fds: [pollfd], timeout: Int32)
    /// After that poll: the same descriptors with what happened to them.
    func dispatchServices(_ ready: [pollfd])
    /// The XSETTINGS manager's settings changed: its `_XSETTINGS_SETTINGS` bytes now (nil: no
    /// manager any more).
    func desktopSettingsChanged(_ xsettings: [UInt8]?, at time: Double)
    /// The HiDPI scale changed (device pixels per logical pixel); a resize to the new logical
    /// size follows.
    func scaleChanged(to scale: Double, at time: Double)
    /// Another app dropped data on the window (XDND): its bytes, MIME type, and where the pointer
    /// let go (logical pixels); `cut`: more than the shell reads was offered.
    func dropped(_ bytes: [UInt8], type: String, at point: Point, cut: Bool, at time: Double)
    /// A drop could not be read: why, in words for the user.
    func dropFailed(_ reason: String, at time: Double)
    /// The keyboard focus came back from another window: files may have changed meanwhile.
    func focusReturned(at time: Double)
}

extension ShellClient {
    public func didPresent(at time: Double) {}
    public func finishFrame(at time: Double) {}
    public func serviceDescriptors() -> (fds: [pollfd], timeout: Int32) { ([], -1) }
    public func dispatchServices(_ ready: [pollfd]) {}
    public func desktopSettingsChanged(_ xsettings: [UInt8]?, at time: Double) {}
    public func scaleChanged(to scale: Double, at time: Double) {}
    public func dropped(_ bytes: [UInt8], type: String, at point: Point, cut: Bool, at time: Double) {}
    public func dropFailed(_ reason: String, at time: Double) {}
    public func focusReturned(at time: Double) {}
}
