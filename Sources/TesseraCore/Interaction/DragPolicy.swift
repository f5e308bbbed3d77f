/// Every timing and threshold of the interaction, in one value. Defaults follow the seeds
/// (see docs/DESIGN.md); the app lets a user change them on its command line.
public struct DragPolicy: Hashable, Sendable {
    /// Hold this long without moving beyond `slop` to lift an item (seed 000: long press).
    public var liftDelay: Double = 0.5
    /// Pointer travel (px) tolerated before the hold ends.
    public var slop: Double = 6
    /// A press that moves beyond `slop` before the hold lifts the item at once and carries it (a
    /// desktop's press-and-drag, as GNOME's app grid and file managers); off, such a press is
    /// neither a lift nor a click (the pressed look lets go as the slop is passed).
    public var liftOnMove = true
    /// Hover in a gap this long to move the item there (seed 001: 0.5 s "move" timer).
    public var reorderDwell: Double = 0.5
    /// Hover over a cell's centre this long to open it as a drop target (seed 001: 1.0 s "add" timer).
    public var folderDwell: Double = 1.0
    /// The open target grows to `folderOpenScale` over this time (seed 001: 1.3x in 0.5 s)…
    public var folderOpenDuration: Double = 0.5
    public var folderOpenScale: Double = 1.3
    /// …and shrinks back in this time when the pointer leaves (seed 001: 0.1 s).
    public var folderCloseDuration: Double = 0.1
    /// While the folder dwell runs, the target already grows towards this scale (reached as the
    /// dwell ends, then on to `folderOpenScale`): it shows from under the carried snapshot
    /// whatever the grip.
    public var dwellGrowScale: Double = 1.15
    /// While the reorder dwell runs, the two cells beside the gap part, each by up to this
    /// fraction of a cell along the reorder axis, so the gap shows under the carried snapshot.
    public var gapPart: Double = 0.16
    /// The carried snapshot thins to this opacity over a drop target, so the target shows through.
    public var overTargetAlpha: Double = 0.72
    /// The snapshot flies into its slot in this time on release or cancel (seeds 001, 003: 0.25 s).
    public var settleDuration: Double = 0.25
    /// A folder's panel or an item's details grow out of the tile in this time, and shrink back
    /// into it on close.
    public var overlayDuration: Double = 0.3
    /// The lift shake: rotation to ±`shakeAngle` rad and back over `shakeDuration` (seed 001:
    /// (1/π)/6 rad, 0.1 s each way, auto-reversed, once).
    public var shakeAngle: Double = (1 / Double.pi) / 6
    public var shakeDuration: Double = 0.1
    /// After the shake, a gentle continuous wobble so a still pointer still shows a live item.
    public var wobbleAngle: Double = 0.022
    public var wobblePeriod: Double = 0.36
    /// The lifted snapshot is drawn this much larger, reached over `liftScaleDuration`.
    public var liftScale: Double = 1.1
    public var liftScaleDuration: Double = 0.15
    /// A pressed cell eases to this scale (seed 000's pressed look, toned down from 2x for a dense grid).
    public var pressScale: Double = 0.94
    public var pressDuration: Double = 0.1
    /// A done item refuses a lift with a sideways shake of this amplitude (px) and duration.
    public var refuseAmplitude: Double = 6
    public var refuseDuration: Double = 0.3
    /// Edge zone depth (px) where autoscroll starts…
    public var autoscrollEdgeInset: Double = 64
    /// …its speed (px/s) at full depth…
    public var autoscrollMaxSpeed: Double = 1600
    /// …reached after this long in the zone (the ramp keeps the start gentle).
    public var autoscrollRampDuration: Double = 0.5
    /// Neighbours, layout changes and settling springs: time to (nearly) settle.
    public var springSettleTime: Double = 0.3
    /// Wheel scrolling eases towards its target with this time constant (s).
    public var wheelSmoothing: Double = 0.06
    /// Frame interval the engine asks for while something moves (the shell may run faster).
    public var frameInterval: Double = 1.0 / 60
    /// Layout work placed at most this many items a frame at 60 Hz (fewer at a faster pace:
    /// `Engine.layoutSliceBudget`), after the frame is shown: a switch into a masonry of a million
    /// takes ten slices (~3 ms each) before the tiles fly, a re-flow or an edit's exact layout of
    /// the rest as many. The same budget warms a masonry's spare memory afterwards.
    public var layoutSliceItems = 100_000
    /// Zones of a cell: centre (into) vs edge bands (gap).
    public var dropZones = DropZones()
    /// No wobble, shake or springs: things jump to where they go.
    public var reduceMotion = false
    /// Pointer drags are announced too (a keyboard move always is): the caption strip and
    /// `EngineEffect.announce` at each step.
    public var announce = false
    /// Two clicks closer together than this are a double-click (a folder's title: rename it).
    public var doubleClickInterval: Double = 0.4

    public init() {}
}
