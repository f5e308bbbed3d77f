import TesseraAccessibility
import TesseraApp
import TesseraCore
import TesseraDesktop
import TesseraFiles
import TesseraPortal
import TesseraX11
#if canImport(Glibc)
import Glibc
#endif

/// The app controller, as the X11 shell sees it; and the window, as the accessibility bridge sees it.
@MainActor
final class ShellBridge: ShellClient, AccessibleWindow {
    let app: AppController
    unowned let shell: X11Shell
    /// On the accessibility bus, once the first frame is shown (nil without a bus).
    private var accessibility: AccessibilityBridge?
    private var triedAccessibility = false
    /// The desktop portal's client, once the first frame is shown (nil without a session bus).
    private var portal: PortalClient?
    /// How many of the last `serviceDescriptors()` were the accessibility bridge's (the portal's follow).
    private var accessibilityDescriptorCount = 0

    let desktop: DesktopFollower?
    /// Pictures, type icons and opening of items made from files (nil in the benchmark).
    let files: ArtworkLibrary?
    /// How many of the last `serviceDescriptors()` were the files service's (the last ones).
    private var filesDescriptorCount = 0

    init(app: AppController, shell: X11Shell, desktop: DesktopFollower? = nil, files: ArtworkLibrary? = nil) {
        self.app = app
        self.shell = shell
        self.desktop = desktop
        self.files = files
    }

    func desktopSettingsChanged(_ xsettings: [UInt8]?, at time: Double) { desktop?.xsettingsChanged(xsettings, at: time) }
    func scaleChanged(to scale: Double, at time: Double) { app.sceneStyle.pixelScale = scale }

    /// A drop from another app: files and links (`text/uri-list`) or text, made into items at the
    /// gap under the pointer. Lines that are not URIs are left out, named once on stderr.
    func dropped(_ bytes: [UInt8], type: String, at point: Point, cut: Bool, at time: Double) {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            app.handle(.notice("Nothing added: the dropped data is not UTF-8 text"), at: time)
            return
        }
        let host = Self.hostName
        var entries: [DroppedEntry]
        if type == "text/uri-list" {
            let parsed = URIList.parse(text, localHost: host)
            entries = parsed.entries
            for p in parsed.problems.prefix(5) { desktop?.report("left out of a drop: \(p)") }
            if parsed.problems.count > 5 { desktop?.report("left out of a drop: \(parsed.problems.count - 5) more lines") }
        } else {
            entries = URIList.parsePlain(text, localHost: host)
        }
        if cut { desktop?.report("a drop of more than \(bytes.count) bytes was cut there") }
        guard !entries.isEmpty else {
            app.handle(.notice("Nothing added: the drop held no file, link or text"), at: time)
            return
        }
        let incoming = entries.map { IncomingItem(title: $0.title, icon: $0.icon, location: $0.location) }
        app.handle(.dropIn(incoming, at: point), at: time)
        // Images are measured at once, drawn or not: masonry gives them their real shapes.
        files?.measure(incoming.compactMap { $0.icon == "camera" ? $0.location : nil })
    }

    /// Back from another app, where files may have been deleted, restored or changed: the tiles
    /// made from files look again.
    func focusReturned(at time: Double) { files?.recheck() }

    func dropFailed(_ reason: String, at time: Double) {
        app.handle(.notice("Nothing added: \(reason)"), at: time)
    }

    /// This machine's name, as `file://` URIs of local files may carry it.
    static let hostName: String? = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    func handle(_ event: InputEvent, at time: Double) { app.handle(event, at: time) }

    func frame(at time: Double) -> Scene? {
        let scene = app.frame(at: time)
        accessibility?.update()
        return scene
    }

    /// The frame is on screen: the engine's slice of layout work, then what the files service
    /// has to hand over (pictures' shapes: their re-flow is work for the time between frames too).
    func finishFrame(at time: Double) {
        app.finishFrame()
        handOverFiles()
    }

    func nextDeadline(after time: Double) -> Double? { app.nextDeadline(after: time) }
    func shouldQuit() -> Bool { false }
    func willQuit() { app.willQuit() }

    func didPresent(at time: Double) {
        app.didPresent(at: time)
        // The bridge connects to the bus with a few synchronous calls: after the window shows.
        if !triedAccessibility {
            triedAccessibility = true
            accessibility = AccessibilityBridge.start(for: self)
            accessibility?.update()
            // The portal is asked after the first frame too: its answer arrives when it does.
            if let desktop {
                portal = PortalClient.start(report: { desktop.report($0) }) { desktop.portalChanged($0) }
            }
        }
    }

    /// The accessibility bridge's descriptors, then the portal client's, then the files service's;
    /// the soonest of their timeouts (the files service's: aspects held back in a burst).
    func serviceDescriptors() -> (fds: [pollfd], timeout: Int32) {
        let a: (fds: [pollfd], timeout: Int32) = accessibility?.descriptors() ?? ([], -1)
        let p: (fds: [pollfd], timeout: Int32) = portal?.descriptors() ?? ([], -1)
        let f = (files?.descriptors ?? []).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        accessibilityDescriptorCount = a.fds.count
        filesDescriptorCount = f.count
        var timeouts = [a.timeout, p.timeout].filter { $0 >= 0 }
        if let due = files?.nextHandover {
            timeouts.append(Int32(max(0, min(1000, ((due - MonotonicClock.now()) * 1000).rounded(.up)))))
        }
        return (a.fds + p.fds + f, timeouts.min() ?? -1)
    }

    func dispatchServices(_ ready: [pollfd]) {
        let split = min(accessibilityDescriptorCount, ready.count)
        let filesStart = max(split, ready.count - filesDescriptorCount)
        accessibility?.dispatch(Array(ready[..<split]))
        portal?.dispatch(Array(ready[split..<filesStart]))
        guard let files else { return }
        if ready[filesStart...].contains(where: { $0.revents != 0 }) { files.dispatch() }
        // While frames are drawn the handover waits for the next one to be on screen
        // (`finishFrame`): handed over here, a batch's re-flow could fall just before a frame.
        let now = MonotonicClock.now()
        if let due = app.nextDeadline(after: now), due <= now + app.engine.policy.frameInterval { return }
        handOverFiles()
    }

    /// What the files service has read since: pictures' states and shapes, notices, progress.
    private func handOverFiles() {
        guard let files else { return }
        let now = MonotonicClock.now()
        let handover = files.handOver(at: now)
        if !handover.reports.isEmpty { app.handle(.artwork(handover.reports), at: now) }
        for notice in handover.notices { app.handle(.notice(notice), at: now) }
        if handover.progressChanged { app.handle(.progress(handover.progress), at: now) }
    }

    // MARK: AccessibleWindow

    var accessibleEngine: Engine { app.engine }
    var screenOrigin: (x: Double, y: Double) { shell.screenOrigin }
    var pixelScale: Double { shell.scale }

    func performAccessibleAction(_ index: Int, on node: AccessibleNode, near hint: IndexPath?) -> Bool {
        let now = app.engine.now
        return app.edit { $0.performAccessibleAction(index, on: node, near: hint, at: now) }
    }
}
