/// Work the platform goes on with after an edit, and how far it is: the shapes of the pictures of
/// a large drop being read. Shown as a pill with a bar at the bottom of the window once it has
/// taken longer than `revealDelay` (a drop of a few files finishes before anything would flash).
public struct WorkProgress: Hashable, Sendable {
    /// What is being done, as a user would say it: "Reading pictures".
    public var text: String
    public var done: Int
    public var total: Int

    public init(text: String, done: Int, total: Int) {
        self.text = text; self.done = done; self.total = total
    }

    public var isFinished: Bool { done >= total }

    /// "Reading pictures: 3,456 of 10,000".
    public var label: String { "\(text): \(Self.grouped(done)) of \(Self.grouped(total))" }

    /// The bar's filled part, 0...1.
    public var fraction: Double { total > 0 ? Swift.min(1, Swift.max(0, Double(done) / Double(total))) : 1 }

    /// Work that ends sooner than this is never shown.
    public static let revealDelay = 0.4
    static let height = 44.0
    static let maxWidth = 340.0

    /// A count with its thousands apart, as people read it: 10,000.
    public static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }
}

/// The progress on screen and since when it has been going (`Presentation.progress`).
public struct ShownProgress: Hashable, Sendable {
    public var work: WorkProgress
    public var since: Double

    public var revealAt: Double { since + WorkProgress.revealDelay }

    /// Centred near the bottom, above the toast when one is up there.
    func frame(in viewport: Size, above toast: Rect?) -> Rect {
        let w = Swift.min(WorkProgress.maxWidth, viewport.width - 2 * Toast.margin)
        let x = (viewport.width - w) / 2
        var y = viewport.height - Toast.margin - WorkProgress.height
        if let t = toast, t.maxY > viewport.height / 2 { y = t.minY - 8 - WorkProgress.height }
        return Rect(x: x, y: y, width: w, height: WorkProgress.height)
    }
}
