/// A layout is a configuration value; `snapshot(of:viewport:)` computes an immutable
/// `LayoutSnapshot` for a model at a viewport size. Pure: same inputs, same frames.
public protocol CollectionLayout: Sendable {
    func snapshot(of model: CollectionModel, viewport: Size) -> LayoutSnapshot
}

/// The three layouts the app offers, with their default configurations.
public enum LayoutChoice: String, CaseIterable, Hashable, Sendable {
    case grid, masonry, board

    public var layout: any CollectionLayout {
        switch self {
        case .grid: FlowLayout()
        case .masonry: MasonryLayout()
        case .board: BoardLayout()
        }
    }
}

/// Builds rects from (main, cross) coordinates: main runs along the scroll axis.
struct AxisFrame {
    let main: Axis
    func rect(main m: Double, cross c: Double, mainLength ml: Double, crossLength cl: Double) -> Rect {
        main == .vertical ? Rect(x: c, y: m, width: cl, height: ml) : Rect(x: m, y: c, width: ml, height: cl)
    }
}
