/// A layout is a configuration value; `snapshot(of:viewport:)` computes an immutable
/// `LayoutSnapshot` for a model at a viewport size. Pure: same inputs, same frames.
public protocol CollectionLayout: Sendable {
    func snapshot(of model: CollectionModel, viewport: Size) -> LayoutSnapshot
}

/// The three layouts the app offers.
public enum LayoutChoice: String, CaseIterable, Hashable, Sendable, Codable {
    case grid, masonry, board

    /// The layout with the app's default configuration.
    public var layout: LayoutConfiguration {
        switch self {
        case .grid: .grid(FlowLayout())
        case .masonry: .masonry(MasonryLayout())
        case .board: .board(BoardLayout())
        }
    }
}

/// One of the three layouts with its configuration: what the engine stores. Which layout it is
/// (`choice`) cannot disagree with how it is configured, because it is the same value.
public enum LayoutConfiguration: CollectionLayout, Hashable, Sendable, Codable {
    case grid(FlowLayout)
    case masonry(MasonryLayout)
    case board(BoardLayout)

    public var choice: LayoutChoice {
        switch self {
        case .grid: .grid
        case .masonry: .masonry
        case .board: .board
        }
    }

    public func snapshot(of model: CollectionModel, viewport: Size) -> LayoutSnapshot {
        snapshot(of: model, viewport: viewport, reusing: nil)
    }

    /// The styles of the labels its sections show (`Engine.scene`): headers and footers, a
    /// board's list titles and its lists' "Add task" rows.
    public var labelStyles: [LabelNode.Style] {
        func bands(header: Double, footer: Double) -> [LabelNode.Style] {
            (header > 0 ? [.header] : []) + (footer > 0 ? [.footer] : [])
        }
        switch self {
        case .grid(let l): return bands(header: l.headerLength, footer: l.footerLength)
        case .masonry(let l): return bands(header: l.headerLength, footer: l.footerLength)
        case .board(let l): return l.addRowHeight > 0 ? [.listTitle, .addRow] : [.listTitle]
        }
    }

    /// As `snapshot(of:viewport:)`; a masonry writes its frames into `spare`'s memory (see
    /// `MasonryLayout.snapshot(of:viewport:reusing:)`), the others leave it.
    func snapshot(of model: CollectionModel, viewport: Size, reusing spare: FrameStore?) -> LayoutSnapshot {
        switch self {
        case .grid(let l): l.snapshot(of: model, viewport: viewport)
        case .masonry(let l): l.snapshot(of: model, viewport: viewport, reusing: spare)
        case .board(let l): l.snapshot(of: model, viewport: viewport)
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
