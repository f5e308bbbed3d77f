import ArgumentParser
import TesseraCore

/// Options shared by `tessera` (the window) and `tessera layout` (the JSON of what it would show).
struct AppOptions: ParsableArguments {
    @Option(help: "Layout to start with: grid, masonry or board.")
    var layout: LayoutChoice = .grid

    @Option(help: "The collection's store (default: $XDG_DATA_HOME/tessera/collection.db). A JSON state file at PATH is imported into a store there, and kept as PATH.migrated.")
    var state: String?

    @Option(help: "Start from N generated demo items when the state file does not exist yet.")
    var items: Int?

    @Option(help: "Window size in logical pixels, WxH.")
    var geometry: Geometry = Geometry(width: 1024, height: 720)

    @Option(help: "HiDPI scale (default: the desktop's Xft/DPI / 96, else the Xft.dpi resource's, else 1; it then follows the desktop).")
    var scale: Double?

    @Option(help: ArgumentHelp(
        "auto (the desktop's: the portal's color-scheme, else the XSETTINGS theme), light, dark or high-contrast.",
        valueName: "look"))
    var appearance: AppearanceChoice = .auto

    @Flag(help: "No wobble, shakes or springs: things jump to where they go.")
    var reduceMotion = false

    @Option(name: .customLong("max-fps"), help: ArgumentHelp(
        "Draw at most N frames a second (default: the refresh rate of the monitor showing the window, 60 when it does not say).",
        valueName: "N"))
    var maxFPS: Double?

    @Option(help: "Seconds to hold before an item lifts.")
    var liftDelay: Double?

    @Flag(inversion: .prefixedNo, help: "A press that moves lifts the item at once (off: only a hold lifts).")
    var liftOnMove = true

    @Flag(help: "Announce pointer drags too (a keyboard move always is): a caption strip says each step.")
    var announce = false

    @Option(help: "Seconds to hover at a gap before the item moves there.")
    var reorderDwell: Double?

    @Option(help: "Seconds to hover over an item before it opens as a drop target.")
    var folderDwell: Double?

    @Option(help: "Edge autoscroll speed at full depth, px/s.")
    var autoscrollSpeed: Double?

    @Option(help: "Depth of the autoscroll edge zones, px.")
    var autoscrollEdge: Double?

    @Flag(help: "Log every save attempt to stderr with the digest of its bytes (for the kill-safety check).")
    var logSaves = false

    func validate() throws {
        if let n = items, n < 0 || n > 2_000_000 { throw ValidationError("--items must be between 0 and 2000000") }
        if let s = scale, !(s > 0 && s <= 8) { throw ValidationError("--scale must be between 0 and 8") }
        for (name, v) in [("--lift-delay", liftDelay), ("--reorder-dwell", reorderDwell), ("--folder-dwell", folderDwell)] {
            if let v, !(v >= 0 && v <= 60) { throw ValidationError("\(name) must be between 0 and 60 seconds") }
        }
        if let v = autoscrollSpeed, !(v >= 0 && v <= 100_000) { throw ValidationError("--autoscroll-speed must be between 0 and 100000") }
        if let v = autoscrollEdge, !(v >= 0 && v <= 1000) { throw ValidationError("--autoscroll-edge must be between 0 and 1000") }
        if let v = maxFPS, !(v >= 10 && v <= 1000) { throw ValidationError("--max-fps must be between 10 and 1000") }
    }

    var policy: DragPolicy {
        var p = DragPolicy()
        p.reduceMotion = reduceMotion
        p.liftOnMove = liftOnMove
        p.announce = announce
        if let v = liftDelay { p.liftDelay = v }
        if let v = reorderDwell { p.reorderDwell = v }
        if let v = folderDwell { p.folderDwell = v }
        if let v = autoscrollSpeed { p.autoscrollMaxSpeed = v }
        if let v = autoscrollEdge { p.autoscrollEdgeInset = v }
        return p
    }
}

struct Geometry: ExpressibleByArgument {
    var width: Double
    var height: Double
    init(width: Double, height: Double) { self.width = width; self.height = height }
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...16384).contains(w), (1...16384).contains(h) else { return nil }
        width = Double(w); height = Double(h)
    }
    var size: Size { Size(width: width, height: height) }
}

extension LayoutChoice: ExpressibleByArgument {}
extension AppearanceChoice: ExpressibleByArgument {}
