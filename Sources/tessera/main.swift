// TEMPORARY smoke executable: opens the window and shows a fixed scene.
// The real app wiring (core engine, state file, ArgumentParser) replaces this file.
import TesseraCore
import TesseraX11
#if canImport(Glibc)
import Glibc
#endif

func fail(_ message: String) -> Never {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(1)
}

/// `--geometry WxH` and `--scale S`, parsed by hand.
var size = Size(width: 960, height: 640)
var scale: Double?
var args = CommandLine.arguments.dropFirst().makeIterator()
while let arg = args.next() {
    switch arg {
    case "--geometry":
        let parts = (args.next() ?? "").split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { fail("tessera: --geometry expects WxH, e.g. 960x640") }
        size = Size(width: parts[0], height: parts[1])
    case "--scale":
        guard let s = args.next().flatMap(Double.init), s > 0 else { fail("tessera: --scale expects a positive number") }
        scale = s
    default:
        fail("tessera: unknown argument '\(arg)' (this smoke build knows --geometry WxH and --scale S)")
    }
}

let assets: String = {
    if let env = getenv("TESSERA_ASSETS") { return String(cString: env) }
    let repo = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
    return repo + "/assets"
}()

@MainActor final class SmokeClient: ShellClient {
    var size = Size.zero
    var dirty = true

    func handle(_ event: InputEvent, at time: Double) {
        if case .resize(let s) = event { size = s; dirty = true }
    }

    func frame(at time: Double) -> Scene? {
        guard dirty else { return nil }
        dirty = false
        return SmokeClient.scene(size: size)
    }

    func nextDeadline(after time: Double) -> Double? { nil }
    func shouldQuit() -> Bool { false }
    func willQuit() {}

    static let icons = ["star", "heart", "cloud", "sun", "moon", "leaf", "music", "camera", "book", "mail", "phone",
                        "map", "gear", "bell", "flag", "home", "chat", "cart", "gift", "clock", "key", "lock",
                        "puzzle", "rocket", "pencil", "palette", "coffee", "film", "globe", "trophy"]
    static let titles = ["Photos", "日历", "音乐播放器", "Mail", "Weather", "地图", "Notes", "相机", "Settings",
                         "Messages", "书架", "Calculator with a long name", "时钟", "Shopping", "礼物", "Keys"]
    static let palette = ["#e74c3c", "#3498db", "#2ecc71", "#f39c12", "#9b59b6", "#1abc9c", "#e67e22", "#34495e"]

    static func scene(size: Size) -> Scene {
        let tile = 96.0, gap = 16.0, margin = 24.0, top = 64.0
        let columns = max(1, Int((size.width - 2 * margin + gap) / (tile + gap)))
        let count = 40
        let rows = (count + columns - 1) / columns
        var nodes: [SceneNode] = [
            .label(LabelNode(frame: Rect(x: margin, y: 16, width: size.width - 2 * margin, height: 32),
                             text: "Tessera 镶嵌 — smoke scene", style: .header)),
            .box(BoxNode(frame: Rect(x: margin - 12, y: top - 12, width: Double(columns) * (tile + gap) - gap + 24,
                                     height: Double(rows) * (tile + gap) - gap + 24),
                         color: Color(red: 0.91, green: 0.92, blue: 0.94), cornerRadius: 16)),
        ]
        var lifted: CellNode?
        for i in 0..<count {
            let frame = Rect(x: margin + Double(i % columns) * (tile + gap), y: top + Double(i / columns) * (tile + gap),
                             width: tile, height: tile)
            var cell = CellNode(id: ItemID("c\(i)"), frame: frame, title: titles[i % titles.count],
                                icon: icons[i % icons.count], color: Color(hex: palette[i % palette.count])!)
            switch i {
            case 5:
                cell.isFolder = true
                cell.title = "文件夹 Folder"
                cell.folderCount = 7
                cell.folderPreview = (0..<7).map {
                    FolderPreviewEntry(icon: icons[($0 * 3) % icons.count], color: Color(hex: palette[$0 % palette.count])!)
                }
            case 9: cell.isDone = true
            case 12: cell.isPressed = true
            case 14: cell.isSelected = true
            case 16: cell.isDropTarget = true
            case 20:
                cell.isLifted = true; cell.rotation = 0.05; cell.scale = 1.06; cell.dwellProgress = 0.6
                lifted = cell
                continue
            default: break
            }
            nodes.append(.cell(cell))
        }
        if let lifted { nodes.append(.cell(lifted)) }
        nodes.append(.label(LabelNode(frame: Rect(x: margin, y: size.height - 28, width: 400, height: 20),
                                      text: "40 items · 1 folder · 页脚", style: .footer)))
        return Scene(size: size, background: Color(red: 0.965, green: 0.968, blue: 0.976), nodes: nodes, cursor: .arrow)
    }
}

let shell: X11Shell
do {
    shell = try X11Shell.open(displayName: nil, size: size, scale: scale, assetDirectory: assets)
} catch {
    fail("\(error)")
}
exit(shell.run(client: SmokeClient()))
