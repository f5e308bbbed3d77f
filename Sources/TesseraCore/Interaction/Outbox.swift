/// What the engine has to tell its host since the host last asked: effects (save, opened, …) and
/// whether the scene changed. The host empties it each frame (`Engine.takeEffects`,
/// `Engine.takeNeedsDisplay`).
public struct Outbox: Equatable, Sendable {
    public private(set) var effects: [EngineEffect] = []
    /// Something drawn changed since the last `takeNeedsDisplay`.
    public private(set) var needsDisplay = true

    public init() {}

    init(effects: [EngineEffect], needsDisplay: Bool) { self.effects = effects; self.needsDisplay = needsDisplay }

    mutating func post(_ effect: EngineEffect) { effects.append(effect) }
    mutating func redraw() { needsDisplay = true }

    mutating func takeEffects() -> [EngineEffect] {
        defer { effects.removeAll() }
        return effects
    }

    mutating func takeNeedsDisplay() -> Bool {
        defer { needsDisplay = false }
        return needsDisplay
    }
}

/// What the engine tells its host.
public enum EngineEffect: Hashable, Sendable {
    /// The model changed for good (a drop, a folder change): save it. The log holds the steps of
    /// that change, from the model as it was at the previous commit to the model now: what a store
    /// needs to write only what changed (`EditLog.footprint`).
    case commit(EditLog)
    case lifted(ItemID)
    case cancelled(ItemID)
    /// A click opened an item or folder.
    case opened(ItemID)
    /// A done item refused to lift.
    case refused(ItemID)
    case layoutChanged(LayoutChoice)
    /// Put this text on the clipboard (Ctrl+C, Ctrl+X in a title being typed).
    case copy(String)
    /// Read the clipboard's text and hand it back as `InputEvent.paste` (or `.pasteRefused`).
    case paste
    /// Open the item made from a file or link with the desktop's default application for it
    /// (a click, Enter, the menu's Open); its title names it in what goes wrong.
    case launch(location: String, title: String)
    /// A step of a move, in words (`Announcement.text`): for assistive technology.
    case announce(String)
}
