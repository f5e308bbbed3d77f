import CX11
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A drag source of the test suite's own, speaking XDND version 5 as a file manager does: it owns
/// `XdndSelection`, sends Enter, Position and Drop to the target window, answers the target's
/// request for `text/uri-list` with the URIs, and waits for Finished. On its own X connection.
final class XdndSource {
    let display: OpaquePointer
    let window: Window
    private var atoms: [String: Atom] = [:]
    private var payload: [UInt8] = []
    private var silent = false

    init(displayName: String) throws {
        guard let d = XOpenDisplay(displayName) else { throw XSession.Failure(description: "XdndSource: no display \(displayName)") }
        display = d
        window = XCreateSimpleWindow(d, XDefaultRootWindow(d), 0, 0, 1, 1, 0, 0, 0)
        for name in ["XdndEnter", "XdndPosition", "XdndStatus", "XdndLeave", "XdndDrop", "XdndFinished", "XdndSelection",
                     "XdndActionCopy", "text/uri-list"] {
            atoms[name] = XInternAtom(d, name, 0)
        }
    }

    deinit {
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    /// What the target said: whether it accepted the drag (Status) and the drop (Finished).
    struct Result { var accepted = false; var finished = false; var succeeded = false }

    /// Drags `uris` onto `target`, moving through `path` (root coordinates; the last point is where
    /// it lets go, after `dwell` seconds there), then drops; `cancel`: leaves instead of dropping.
    /// `whileOver` runs after the dwell, before the drop (a screenshot of the feedback).
    /// `silent`: the source never hands the data over (an app that hung or died mid-drop).
    func drag(_ uris: [String], onto target: Window, path: [Pixel], dwell: Double = 0.2, cancel: Bool = false,
              silent: Bool = false, whileOver: (() -> Void)? = nil) -> Result {
        self.silent = silent
        payload = Array((uris.map { $0 + "\r\n" }.joined()).utf8)
        var result = Result()
        XSetSelectionOwner(display, atoms["XdndSelection"]!, window, UInt(CurrentTime))
        send(target, "XdndEnter", [Int(window), 5 << 24, Int(atoms["text/uri-list"]!), 0, 0])
        for p in path {
            send(target, "XdndPosition", [Int(window), 0, (p.x << 16) | p.y, Int(CurrentTime), Int(atoms["XdndActionCopy"]!)])
            pump(for: 0.05, &result)
        }
        pump(for: dwell, &result)
        whileOver?()
        if cancel {
            send(target, "XdndLeave", [Int(window), 0, 0, 0, 0])
            pump(for: 0.2, &result)
            return result
        }
        send(target, "XdndDrop", [Int(window), 0, Int(CurrentTime), 0, 0])
        let deadline = Date().addingTimeInterval(8)
        while !result.finished && Date() < deadline { pump(for: 0.02, &result) }
        return result
    }

    /// Handles our events for `seconds`: the target's Status and Finished, its selection request.
    private func pump(for seconds: Double, _ result: inout Result) {
        let end = Date().addingTimeInterval(seconds)
        repeat {
            while XPending(display) > 0 {
                var ev = XEvent()
                XNextEvent(display, &ev)
                switch ev.type {
                case ClientMessage where ev.xclient.message_type == atoms["XdndStatus"]:
                    result.accepted = ev.xclient.data.l.1 & 1 != 0
                case ClientMessage where ev.xclient.message_type == atoms["XdndFinished"]:
                    result.finished = true
                    result.succeeded = ev.xclient.data.l.1 & 1 != 0
                case SelectionRequest where !silent:
                    answer(ev.xselectionrequest)
                default: break
                }
            }
            usleep(2000)
        } while Date() < end && !result.finished
    }

    private func answer(_ req: XSelectionRequestEvent) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.display = display
        reply.xselection.requestor = req.requestor
        reply.xselection.selection = req.selection
        reply.xselection.target = req.target
        reply.xselection.time = req.time
        reply.xselection.property = 0
        if req.target == atoms["text/uri-list"] {
            payload.withUnsafeBufferPointer {
                _ = XChangeProperty(display, req.requestor, req.property, req.target, 8, PropModeReplace, $0.baseAddress, Int32($0.count))
            }
            reply.xselection.property = req.property
        }
        XSendEvent(display, req.requestor, 0, 0, &reply)
        XFlush(display)
    }

    private func send(_ target: Window, _ name: String, _ l: [Int]) {
        var ev = XEvent()
        ev.xclient.type = ClientMessage
        ev.xclient.display = display
        ev.xclient.window = target
        ev.xclient.message_type = atoms[name]!
        ev.xclient.format = 32
        ev.xclient.data.l = (l[0], l[1], l[2], l[3], l[4])
        XSendEvent(display, target, 0, 0, &ev)
        XFlush(display)
    }
}
