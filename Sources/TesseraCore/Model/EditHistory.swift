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

    /// One user's step: the edits, and what to call them in a toast ("Moved Photos into Travel").
    public struct Step: Hashable, Sendable {
        public var log: EditLog
        public var summary: String?
    }

    public private(set) var undoSteps: [Step] = []
    public private(set) var redoSteps: [Step] = []
    private var itemsHeld = 0

    public init() {}

    public var canUndo: Bool { !undoSteps.isEmpty }
    public var canRedo: Bool { !redoSteps.isEmpty }

    /// A new edit the user made: it can be undone, and what was undone before can no longer be redone.
    mutating func record(_ log: EditLog, summary: String? = nil) {
        guard !log.isEmpty else { return }
        for step in redoSteps { itemsHeld -= step.log.itemsHeld }
        redoSteps.removeAll()
        push(Step(log: log, summary: summary), onto: \.undoSteps)
    }

    /// Takes the newest step of one stack; its inverse goes on the other with `land(_:from:)`.
    mutating func take(_ direction: Direction) -> Step? {
        let stack: WritableKeyPath<EditHistory, [Step]> = direction == .undo ? \.undoSteps : \.redoSteps
        guard let step = self[keyPath: stack].popLast() else { return nil }
        itemsHeld -= step.log.itemsHeld
        return step
    }

    /// The log of an undo (or redo) just applied: the step that travels back the other way (it
    /// keeps the step's summary).
    mutating func land(_ inverse: EditLog, summary: String?, from direction: Direction) {
        push(Step(log: inverse, summary: summary), onto: direction == .undo ? \.redoSteps : \.undoSteps)
    }

    public enum Direction: Hashable, Sendable { case undo, redo }

    private mutating func push(_ step: Step, onto stack: WritableKeyPath<EditHistory, [Step]>) {
        self[keyPath: stack].append(step)
        itemsHeld += step.log.itemsHeld
        // The oldest steps go first (never the one just pushed).
        var drop = 0
        while itemsHeld > Self.itemBudget, drop < undoSteps.count - 1 {
            itemsHeld -= undoSteps[drop].log.itemsHeld
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
            case .inserted, .retitled: n
            case .removed(_, _, let items): items.reduce(n + items.count) { $0 + $1.children.count }
            case .replaced(_, _, let item): n + 1 + item.children.count
            }
        }
    }
}
