import CPango
import TesseraCore

/// Every kind of text the renderer sets: the scene's label styles plus the text inside tiles.
enum TextStyle: Hashable {
    case label(LabelNode.Style)
    /// An item title under its icon.
    case cellTitle
    /// An item title beside its icon, in a wide (row-shaped) tile.
    case rowTitle
    /// The number in a folder's count badge.
    case badge
    /// A new item's tile without an icon: its title's first character in the icon's place (scaled
    /// to the icon's size when drawn).
    case initial

    /// Font families in fallback order, one for every style (headers, titles, labels, badges): Noto
    /// Sans CJK sets Chinese and Latin alike (its Latin narrower than DejaVu's: fewer titles cut
    /// short), in its regular and bold faces; DejaVu Sans covers what it lacks. The bold face (a
    /// 19 MB file, 2.4 MB of it resident once loaded) loads when bold text is first shown
    /// (`TextRenderer.loadFonts(usedIn:)`), so a collection without headers never pays for it.
    static let families = "Noto Sans CJK SC, DejaVu Sans"

    /// Font size in logical pixels.
    var pixelSize: Double {
        switch self {
        case .label(.header): 15
        case .label(.footer): 11
        case .label(.listTitle): 14
        case .label(.banner), .label(.toast), .label(.addRow), .label(.caption), .label(.menuItem), .label(.menuItemDisabled): 13
        case .label(.detailTitle): 22
        case .label(.folderTitle): 18
        case .label(.inspector): 11
        case .cellTitle: 11
        case .rowTitle: 13
        case .badge: 10
        case .initial: 40
        }
    }

    var isBold: Bool {
        switch self {
        // A badge's digits and an open folder's (larger) title in the regular face, as a phone's
        // home screen sets them: bold adds little there but the bold face's 2.4 MB to a
        // collection that has folders and no headers.
        case .label(.header), .label(.listTitle), .label(.banner): true
        case .badge, .label(.folderTitle), .initial: false
        case .label(.footer), .label(.detailTitle), .label(.inspector), .label(.toast), .label(.addRow), .label(.caption), .label(.menuItem),
             .label(.menuItemDisabled), .cellTitle, .rowTitle: false
        }
    }

    var isCentered: Bool {
        switch self {
        case .label(.detailTitle), .label(.folderTitle), .label(.banner), .label(.toast), .label(.caption), .cellTitle, .badge, .initial: true
        case .label(.header), .label(.footer), .label(.listTitle), .label(.inspector), .label(.addRow), .label(.menuItem), .label(.menuItemDisabled),
             .rowTitle: false
        }
    }

    /// The text's colour in `palette`.
    func color(in palette: Palette) -> Color {
        switch self {
        case .label(.footer): palette.secondaryText
        case .label(.addRow): palette.accentText
        case .label(.menuItemDisabled): palette.secondaryText
        case .label(.banner), .label(.toast), .label(.caption), .badge: palette.onFill
        default: palette.text
        }
    }
}
