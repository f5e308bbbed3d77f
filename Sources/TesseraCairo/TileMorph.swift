import CCairo
import TesseraCore

/// A tile whose size animates (a layout switch: grid squares becoming board rows) drawn as a
/// morph: its face filled at the size it has this frame, and its content — icon, title, check —
/// copied from its image unscaled, pinned where that layout pins it and cut by the face's edge.
///
/// Before, the tile's image was stretched to the frame: a board row's text squeezed into a square
/// for the first frames of a switch, a grid tile's icon smeared across a row. UIKit re-lays a
/// cell's content in a layout transition rather than scaling it; this is the cheap form of that.
/// It is also cheaper than the stretch: fills and a copy of whole pixels instead of a bilinear
/// resample of every pixel of the tile (~1.2–1.8 ms of a switch's whole-window frame here).
///
/// Only a tile that is a face of one colour with content on it morphs (``CellPainter/canMorph(_:)``),
/// a folder too (its ring stroked along the face, its count badge kept at the corner): pictures
/// (a picture scales with its tile), pressed tiles, tiles with decorations outside them and high
/// contrast (an outline) keep the stretch.
enum TileMorph {
    /// Where a morph's pieces go, in device pixels.
    struct Plan: Equatable {
        /// The face, and its corners' radius.
        var face: DeviceRect
        var radius: Int
        /// The part of the image copied (nil: none of the content shows), and where it lands.
        var part: DeviceRect?
        var dest: DeviceRect?
    }

    /// The corner radius of a tile `rect` on whole device pixels: ``Theme/cornerFraction`` of its
    /// shorter side, as the painter rounds a tile's corners.
    static func radius(of rect: DeviceRect) -> Int {
        Int((Double(Swift.min(rect.width, rect.height)) * Theme.cornerFraction).rounded())
    }

    /// `rect` less the band a face's rounded corners and edge take: a rect inset by this much lies
    /// inside the rounded shape (the arc passes 0.29 of the radius in from each corner).
    static func interior(of rect: DeviceRect) -> DeviceRect {
        let inset = Int((0.3 * Double(radius(of: rect))).rounded(.up)) + 1
        return DeviceRect(x: rect.x + inset, y: rect.y + inset,
                          width: Swift.max(0, rect.width - 2 * inset), height: Swift.max(0, rect.height - 2 * inset))
    }

    /// The morph of a tile whose face is `face` this frame, drawn from an image whose tile lies at
    /// `imageTile` of its pixels. The content keeps the image's layout: a row's (icon and title
    /// from the leading edge) pinned to the face's leading edge, a square's centred; vertically
    /// centred in both.
    static func plan(face: DeviceRect, imageTile: DeviceRect) -> Plan {
        let row = CheckMark.isRow(Rect(x: 0, y: 0, width: Double(imageTile.width), height: Double(imageTile.height)))
        let dx = row ? face.x - imageTile.x : (2 * face.x + face.width - 2 * imageTile.x - imageTile.width) / 2
        let dy = (2 * face.y + face.height - 2 * imageTile.y - imageTile.height) / 2
        let room = interior(of: face)
        let shown = DeviceRect(x: room.x - dx, y: room.y - dy, width: room.width, height: room.height)
        let part = interior(of: imageTile).intersection(shown)
        let dest = part.map { DeviceRect(x: $0.x + dx, y: $0.y + dy, width: $0.width, height: $0.height) }
        return Plan(face: face, radius: radius(of: face), part: part, dest: dest)
    }

    /// What a folder adds to a face: the ring along its edge (premultiplied ARGB) and, in the
    /// image's pixels, the rect of its count badge over the tile's top-right corner (nil: none).
    struct FolderParts {
        var ring: UInt32
        var badge: DeviceRect?
    }

    /// Draws a tile whose face is `face` this frame from `image`, whose tile is at `imageTile`,
    /// through `direct`. The face's colour is the image's own (a pixel just inside its tile's
    /// corner: a done tile's is grey and half transparent, as painted), and so is the hairline of
    /// shade under it (the pixel below its middle), laid `shadeOffset` pixels lower under an opaque
    /// face only (under a translucent one it would show through). The face is filled around where
    /// the content lands, the content blended or copied over it. A folder's ring is stroked along
    /// the face's edge and its badge copied to the face's top-right corner, the face and the ring
    /// left out under it. False when a piece cannot be drawn that way (the caller then stretches
    /// the image as before); nothing is drawn then.
    static func draw(face: DeviceRect, shadeOffset: Int, image: CellImage, imageTile: DeviceRect,
                     direct: DirectBlit, corners: CornerMasks, folder: FolderParts? = nil) -> Bool {
        let plan = plan(face: face, imageTile: imageTile)
        let inside = interior(of: imageTile)
        guard let fill = image.pixel(x: inside.x, y: inside.y), fill >> 24 != 0,
              plan.radius == 0 || corners.disc(radius: plan.radius) != nil,
              folder == nil || corners.ring(radius: plan.radius) != nil else { return false }
        if fill >> 24 == 0xFF, shadeOffset != 0, let shade = image.pixel(x: imageTile.x + imageTile.width / 2, y: imageTile.maxY),
           shade >> 24 != 0 {
            let under = DeviceRect(x: face.x, y: face.y + shadeOffset, width: face.width, height: face.height)
            _ = direct.fillRoundedRect(under, radius: plan.radius, pixel: shade, corners: corners)
        }
        // The badge keeps its place at the face's top-right corner.
        let badge = folder?.badge.map { b in
            (part: b, dest: DeviceRect(x: face.maxX - (imageTile.maxX - b.x), y: face.y + (b.y - imageTile.y), width: b.width, height: b.height))
        }
        let underBadge = badge.map { [$0.dest] } ?? []
        _ = direct.fillRoundedRect(face, radius: plan.radius, pixel: fill, except: (plan.dest.map { [$0] } ?? []) + underBadge, corners: corners)
        if let folder { _ = direct.strokeRoundedRectEdge(face, radius: plan.radius, pixel: folder.ring, except: underBadge, corners: corners) }
        if let part = plan.part, let dest = plan.dest {
            // Around the badge, which is copied whole after it.
            for piece in dest.subtracting(underBadge) {
                let from = DeviceRect(x: part.x + piece.x - dest.x, y: part.y + piece.y - dest.y, width: piece.width, height: piece.height)
                _ = direct.copy(image, part: from, x: piece.x, y: piece.y)
            }
        }
        if let badge { _ = direct.copy(image, part: badge.part, x: badge.dest.x, y: badge.dest.y) }
        return true
    }
}

extension CellImageCache {
    /// What a pass gives ``drawTransformed(_:cr:pixelScale:paint:placeholder:morph:)`` to draw a
    /// tile whose size animates as a ``TileMorph``.
    struct Morph {
        var direct: DirectBlit
        var corners: CornerMasks
        var pixelScale: Double
        /// A folder's ring, premultiplied ARGB (the palette's).
        var folderRing: UInt32

        /// Draws `cell` from `image`, a picture of `imageCell` (its frame at its margin, at
        /// `imageScale`); false when that image is not a plain tile's (the caller stretches it).
        func draw(_ cell: CellNode, from image: CellImage, of imageCell: CellNode, imageScale: Double, cr: OpaquePointer) -> Bool {
            guard CellPainter.morphs(imageCell) else { return false }
            let f = cell.frame
            var x0 = f.minX, y0 = f.minY, x1 = f.maxX, y1 = f.maxY
            cairo_user_to_device(cr, &x0, &y0)
            cairo_user_to_device(cr, &x1, &y1)
            let left = Int(WholePixels.nearest(x0)), top = Int(WholePixels.nearest(y0))
            let face = DeviceRect(x: left, y: top, width: Int(WholePixels.nearest(x1)) - left, height: Int(WholePixels.nearest(y1)) - top)
            guard face.width > 0, face.height > 0 else { return false }
            let t = imageCell.frame
            let tile = DeviceRect(x: Int((t.minX * imageScale).rounded()), y: Int((t.minY * imageScale).rounded()),
                                  width: Int((t.width * imageScale).rounded()), height: Int((t.height * imageScale).rounded()))
            var folder: TileMorph.FolderParts?
            if imageCell.isFolder {
                folder = TileMorph.FolderParts(ring: folderRing)
                if imageCell.folderCount > 0 {
                    // The badge with its edge and a pixel of antialiasing, on whole pixels outwards.
                    let b = CellPainter.countBadge(CellPainter.badgeLabel(imageCell.folderCount), on: t).insetBy(dx: -2.5, dy: -2.5)
                    let x0 = Int((b.minX * imageScale).rounded(.down)), y0 = Int((b.minY * imageScale).rounded(.down))
                    let x1 = Int((b.maxX * imageScale).rounded(.up)), y1 = Int((b.maxY * imageScale).rounded(.up))
                    folder?.badge = DeviceRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
                }
            }
            return TileMorph.draw(face: face, shadeOffset: Int(pixelScale.rounded()), image: image, imageTile: tile,
                                  direct: direct, corners: corners, folder: folder)
        }
    }
}
