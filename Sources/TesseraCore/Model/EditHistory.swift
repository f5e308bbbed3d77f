/// Undo and redo for a session: the committed edits, each one the user's step (a drop, a move, a
/// folder made; a whole drag is one), kept as their `EditLog`s, not as copies of the model.
///
/// Undoing a step applies its log's inverse (`EditLog.undo`), which returns the log of that undo;
/// that log is the redo step, and undoing *it* gives the original edit back. So both stacks hold
/// logs and both directions are the same operation.
///
/// Bounded by memory, not by count: a step holds the items its edits removed or replaced (a
/// folder with its children). Past `itemBudget` items across both stacks, the oldest undo steps
/// are forgotten (a million-item session keeps thousands of steps in a few MB). Cleared on quit:
/// it lives only in the engine.
public struct EditHistory: Hashable, Sendable {
    /// Most items kept across both stacks: ~56 bytes each plus their titles, ~15 MB at most.
    public static let itemBudget = 200_000

    public private(set) var undoSteps: [EditLog] = []
    public private(set) var redoSteps: [EditLog] = []
    private var itemsHeld = 0

    public init() {}

    public var canUndo: Bool { !undoSteps.isEmpty }
    public var canRedo: Bool { !redoSteps.isEmpty }

    /// A new edit the user made: it can be undone, and what was undone before can no longer be redone.
    mutating func record(_ log: EditLog) {
        guard !log.isEmpty else { return }
        for step in redoSteps { itemsHeld -= step.itemsHeld }
        redoSteps.removeAll()
        push(log, onto: \.undoSteps)
    }

    /// Takes the newest step of one stack; its inverse goes on the other with `land(_:from:)`.
    mutating func take(_ direction: Direction) -> EditLog? {
        let stack: WritableKeyPath<EditHistory, [EditLog]> = direction == .undo ? \.undoSteps : \.redoSteps
        guard let log = self[keyPath: stack].popLast() else { return nil }
        itemsHeld -= log.itemsHeld
        return log
    }

    /// The log of an undo (or redo) just applied: the step that travels back the other way.
    mutating func land(_ inverse: EditLog, from direction: Direction) {
        push(inverse, onto: direction == .undo ? \.redoSteps : \.undoSteps)
    }

    public enum Direction: Hashable, Sendable { case undo, redo }

    private mutating func push(_ log: EditLog, onto stack: WritableKeyPath<EditHistory, [EditLog]>) {
        self[keyPath: stack].append(log)
        itemsHeld += log.itemsHeld
        // The oldest steps go first (never the one just pushed).
        var drop = 0
        while itemsHeld > Self.itemBudget, drop < undoSteps.count - 1 {
            itemsHeld -= undoSteps[drop].itemsHeld
            drop += 1
        }
        if drop > 0 { undoSteps.removeFirst(drop) }
    }
}

extension EditLog {
    /// Items the log holds (removed or replaced entries, a folder with its children): what keeping
    /// it costs.
    var itemsHeld: Int {
        steps.reduce(0) { n, step in
            switch step {
            case .inserted: n
            case .removed(_, _, let item), .replaced(_, _, let item): n + 1 + item.children.count
            }
        }
    }
}
