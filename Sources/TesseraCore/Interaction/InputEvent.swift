/// Input as the core understands it, in window coordinates (logical pixels).
/// The shell translates platform events into these and passes each with its timestamp.
public enum InputEvent: Hashable, Sendable {
    /// The primary button pressed, with the modifiers held (Ctrl+click toggles an item's mark,
    /// Shift+click marks a range; Ctrl on empty space adds what the band touches).
    case pointerDown(Point, Modifiers = [])
    case pointerMove(Point)
    case pointerUp(Point)
    /// The secondary button (a right-click): the context menu of what is under it.
    case contextClick(Point)
    /// A wheel's notches, in logical pixels (positive dy scrolls content up, showing what is
    /// below): the surface eases there.
    case wheel(dx: Double, dy: Double, at: Point)
    /// Pixel-precise scrolling (a touchpad's two fingers, a high-resolution wheel), in logical
    /// pixels as `wheel`: applied at once, so the surface follows the fingers.
    case scroll(dx: Double, dy: Double, at: Point)
    /// A touchscreen finger, told from others by `id` (see `Engine+Touch`): a hold lifts, a move
    /// pans and flings, a tap clicks. While one finger drives a gesture, other fingers and the
    /// mouse are ignored.
    case touch(TouchPhase, id: UInt32, at: Point)
    /// A key pressed, with the modifiers held (Ctrl+Z: `.key(.character("z"), [.control])`; a
    /// letter with Ctrl held comes lowercase, Shift said by the modifiers).
    case key(Key, Modifiers = [])
    case resize(Size)
    /// The pointer left the window (while not grabbed).
    case pointerLeft
    /// The pointer grab or keyboard focus was taken away: any drag is cancelled.
    case grabLost
    /// The clipboard's text, as asked for by `EngineEffect.paste`: goes into the title being
    /// typed (cleaned, and cut to the title limit with a notice). Valid Unicode by construction:
    /// the host refuses bytes that are not UTF-8 before they get here.
    case paste(String)
    /// The clipboard could not be read as text: why, in words for the user (shown as a notice).
    case pasteRefused(String)
    /// A press in the title being typed, at character `index` (the host measured the glyphs
    /// under it); `extending`: the pointer moved there with the button held, selecting the text
    /// from the press. A press in the field is this, never a `pointerDown` (which would commit).
    case caret(Int, extending: Bool)
    /// The seconds between two frames of the display showing the window (its refresh, capped by
    /// `--max-fps`; see `DisplayRate`): what the engine asks frames at while something moves.
    /// Sent at start, when the window moves to another monitor and when a monitor's mode changes.
    case frameInterval(Double)
    /// What the desktop asks of gestures (XSETTINGS `Net/DndDragThreshold`, `Net/DoubleClickTime`,
    /// `Gtk/EnableAnimations`, with the command line's flags applied by the host): the press-and-move
    /// slop (px), the double-click interval (s) and reduced motion. Sent at start and on changes.
    case gestureSettings(slop: Double, doubleClickInterval: Double, reduceMotion: Bool)
    /// Items dropped from another app at a window point (XDND): made at the gap there, in order,
    /// one undoable step (`Engine.dropIn`).
    case dropIn([IncomingItem], at: Point)
    /// Another app's drag is over the window at this point (XDND positions): the gap bar, a
    /// folder's dwell and the edge autoscroll show where a drop would land (`Engine.dragOver`).
    case dragOver(Point)
    /// That drag left the window or was given up.
    case dragLeft
    /// The platform's news about the pictures and icons of the files items were made from (an
    /// image decoded, a file gone), and an image's aspect for masonry.
    case artwork([ArtworkReport])
    /// Something the user should read in a toast: an item that could not be opened and why.
    case notice(String)
    /// How far the platform's work after an edit has got (the pictures of a large drop being
    /// read); nil when it has ended. Shown once it has taken a while (`WorkProgress`).
    case progress(WorkProgress?)
}

/// The modifier keys held with a key.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1)
    public static let control = Modifiers(rawValue: 2)
    public static let alt = Modifiers(rawValue: 4)
}

public enum Key: Hashable, Sendable {
    case escape, enter, space, left, right, up, down, pageUp, pageDown, home, end
    /// Deletes the selected item (while typing a title: the character after the caret).
    case delete
    /// While typing a title: the character before the caret.
    case backspace
    /// Renames the selected item (or the open folder).
    case f2
    /// Toggles the inspector overlay.
    case f12
    /// The Menu key, and F10 (with Shift: the context menu of the selected item).
    case menu, f10
    /// A printable character, e.g. "1" to switch to the grid layout.
    case character(String)
}
