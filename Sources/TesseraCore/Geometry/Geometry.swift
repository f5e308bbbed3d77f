/// Plain 2-D geometry in logical pixels (y grows downwards, as on X11 and in Cairo).
/// The core owns these types so it needs no platform framework.

/// A point in logical pixels.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(fmt(x)), \(fmt(y)))" }

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public func distance(to other: Point) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// A width and height in logical pixels.
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(fmt(width))x\(fmt(height))" }
}

/// An axis-aligned rectangle: origin is the top-left corner.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y); size = Size(width: width, height: height)
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(x: midX, y: midY) }
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }
    public var description: String { "(\(fmt(minX)), \(fmt(minY)), \(fmt(width)), \(fmt(height)))" }

    /// Half-open containment: a point on the right or bottom edge belongs to the next rect.
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
    /// What is left of this rect with `r` taken out: at most four rects (the bands above and below
    /// `r`, then beside it), not overlapping; this rect whole when they do not intersect.
    public func subtracting(_ r: Rect) -> [Rect] {
        let cut = intersection(r)
        guard !cut.isEmpty else { return isEmpty ? [] : [self] }
        let parts = [Rect(x: minX, y: minY, width: width, height: cut.minY - minY),
                     Rect(x: minX, y: cut.maxY, width: width, height: maxY - cut.maxY),
                     Rect(x: minX, y: cut.minY, width: cut.minX - minX, height: cut.height),
                     Rect(x: cut.maxX, y: cut.minY, width: maxX - cut.maxX, height: cut.height)]
        return parts.filter { !$0.isEmpty }
    }
    public func intersects(_ r: Rect) -> Bool { minX < r.maxX && r.minX < maxX && minY < r.maxY && r.minY < maxY }
    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: minX + dx, y: minY + dy, width: width, height: height) }
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: Swift.max(0, width - 2 * dx), height: Swift.max(0, height - 2 * dy))
    }
    /// The rect scaled by `factor` about its centre.
    public func scaled(by factor: Double) -> Rect {
        let w = width * factor, h = height * factor
        return Rect(x: midX - w / 2, y: midY - h / 2, width: w, height: h)
    }
    public func union(_ r: Rect) -> Rect {
        if isEmpty { return r }
        if r.isEmpty { return self }
        let x0 = Swift.min(minX, r.minX), y0 = Swift.min(minY, r.minY)
        return Rect(x: x0, y: y0, width: Swift.max(maxX, r.maxX) - x0, height: Swift.max(maxY, r.maxY) - y0)
    }
    public func intersection(_ r: Rect) -> Rect {
        let x0 = Swift.max(minX, r.minX), y0 = Swift.max(minY, r.minY)
        let x1 = Swift.min(maxX, r.maxX), y1 = Swift.min(maxY, r.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }
    /// The rect with its edges moved to whole device pixels (`pixelScale` per logical pixel):
    /// outwards, covering every pixel it touches, or inwards, only pixels it covers whole
    /// (`.zero` when none).
    public func snapped(toPixelsOf pixelScale: Double, outward: Bool) -> Rect {
        let s = pixelScale
        let (low, high): (FloatingPointRoundingRule, FloatingPointRoundingRule) = outward ? (.down, .up) : (.up, .down)
        let x0 = (minX * s).rounded(low) / s, y0 = (minY * s).rounded(low) / s
        let x1 = (maxX * s).rounded(high) / s, y1 = (maxY * s).rounded(high) / s
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }
    /// Linear interpolation between two rects, `t` in 0...1.
    public static func lerp(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
        Rect(x: a.minX + (b.minX - a.minX) * t, y: a.minY + (b.minY - a.minY) * t,
             width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
    }
}

/// Insets from each edge of a rect.
public struct Insets: Hashable, Sendable, Codable {
    public var top, left, bottom, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public init(all v: Double) { self.init(top: v, left: v, bottom: v, right: v) }
    public static let zero = Insets()
}

/// A scroll or flow direction.
public enum Axis: String, Hashable, Sendable, Codable {
    case horizontal, vertical
    public var other: Axis { self == .horizontal ? .vertical : .horizontal }
}

extension Point {
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? x : y }
        set { if axis == .horizontal { x = newValue } else { y = newValue } }
    }
}

extension Size {
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
}

extension Rect {
    public func min(_ axis: Axis) -> Double { axis == .horizontal ? minX : minY }
    public func max(_ axis: Axis) -> Double { axis == .horizontal ? maxX : maxY }
}

/// Formats a coordinate for text snapshots: integers without a fraction, others with up to 2 decimals.
func fmt(_ v: Double) -> String {
    if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
    let r = (v * 100).rounded() / 100
    return r == r.rounded() ? String(Int(r)) : String(r)
}
