/// Undo and redo (Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y): every committed edit is one step of the
/// arrangement's `EditHistory`; travelling applies a step's inverse through the same relayout as
/// any edit, so the items slide back from where they are drawn, and saves it like any edit.
extension Engine {
    public var canUndo: Bool { arrangement.history.canUndo }
    public var canRedo: Bool { arrangement.history.canRedo }

    /// A change made for good: saved by the host, and one step of the history, called `summary`
    /// in toasts. With `toast`, the summary is shown with an Undo (away from `avoid`, a drop point).
    mutating func commit(_ log: EditLog, summary: String? = nil, toast: Bool = false, avoid: Point? = nil) {
        outbox.post(.commit(log))
        arrangement.recordCommit(log, summary: summary)
        if toast, let summary {
            presentation.show(Toast(text: summary, action: .undo, shownAt: now, avoid: avoid))
            outbox.redraw()
        }
    }

    /// The toast was clicked: its action (undo, or redo after an undo), and it goes.
    mutating func actOnToast(at t: Double) {
        guard let toast = presentation.toast else { return }
        presentation.dismissToast()
        outbox.redraw()
        if let action = toast.action { _ = travel(action, at: t) }
    }

    /// Undoes the newest committed edit. A gesture in progress (a press, a carried item) is
    /// cancelled instead and nothing is undone: the first Ctrl+Z takes back what the hand is doing.
    /// A drop still flying home lands at once first. Nothing while the collection loads.
    /// Returns whether the model changed.
    @discardableResult
    public mutating func undo(at t: Double) -> Bool { travel(.undo, at: t) }

    /// Redoes the newest undone edit (same rules as `undo(at:)`).
    @discardableResult
    public mutating func redo(at t: Double) -> Bool { travel(.redo, at: t) }

    private mutating func travel(_ direction: EditHistory.Direction, at t: Double) -> Bool {
        if session.press != nil || session.isCarrying {
            cancelDrag(at: t)
            return false
        }
        guard !isLoading else { return false }
        session.landed()
        let before = layoutBefore(at: t, animated: true)
        guard let step = arrangement.travel(direction, deferring: layoutDeferral) else { return false }
        let edits = LoggedEdits(step.log)
        afterRelayout(before, edits: edits, at: t, animated: true)
        outbox.post(.commit(step.log))
        navigation.follow(model, after: edits)
        refreshFolderPanel()
        revealChange(edits.footprint)
        // What was done, with the way back: "Undid: Moved Photos into Travel — Redo".
        let what = step.summary ?? "the last change"
        presentation.show(Toast(text: (direction == .undo ? "Undid: " : "Redid: ") + what,
                                action: direction == .undo ? .redo : .undo, shownAt: t, avoid: nil))
        return true
    }

    /// Scrolls the first place the edit touched into view (when no folder is open over it).
    private mutating func revealChange(_ footprint: EditFootprint) {
        guard folderPanel == nil, let slot = footprint.slots.first, let j = snapshot.flatIndex(of: slot) else { return }
        reveal(j)
    }
}
