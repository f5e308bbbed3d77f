/// Finds an icon's file in the user's icon theme, as the freedesktop Icon Theme Specification
/// (0.13) says: the theme, then the themes it inherits, then `hicolor`; in each, a directory made
/// for the size wanted, else the nearest size; then the unthemed `pixmaps`. Each name is tried in
/// turn (GIO's names for a type go from most specific to generic).
///
/// Pure: the file system is asked through `IconFiles`, so tests give it a made-up theme.
public struct IconThemeLookup {
    /// What the lookup reads: an `index.theme`'s text and whether a file is there.
    public struct IconFiles {
        public var contents: (String) -> String?
        public var exists: (String) -> Bool
        public init(contents: @escaping (String) -> String?, exists: @escaping (String) -> Bool) {
            self.contents = contents; self.exists = exists
        }
    }

    /// One of a theme's directories, as its `index.theme` describes it.
    struct Directory: Equatable {
        enum Kind: Equatable { case fixed, scalable, threshold }
        var path: String
        var size: Int
        var scale = 1
        var kind = Kind.threshold
        var minSize: Int
        var maxSize: Int
        var threshold = 2

        func matches(_ wanted: Int, scale wantedScale: Int) -> Bool {
            guard scale == wantedScale else { return false }
            switch kind {
            case .fixed: return size == wanted
            case .scalable: return (minSize...max(minSize, maxSize)).contains(wanted)
            case .threshold: return (size - threshold...size + threshold).contains(wanted)
            }
        }

        func distance(_ wanted: Int, scale wantedScale: Int) -> Int {
            let w = wanted * wantedScale
            switch kind {
            case .fixed: return abs(size * scale - w)
            case .scalable:
                if w < minSize * scale { return minSize * scale - w }
                if w > maxSize * scale { return w - maxSize * scale }
                return 0
            case .threshold:
                if w < (size - threshold) * scale { return minSize * scale - w }
                if w > (size + threshold) * scale { return w - maxSize * scale }
                return 0
            }
        }
    }

    struct Theme: Equatable {
        var name: String
        var inherits: [String]
        var directories: [Directory]
    }

    /// Where themes are looked for, in order (`$HOME/.icons`, `$XDG_DATA_DIRS/icons`), and the
    /// unthemed folder (`/usr/share/pixmaps`).
    public let baseDirectories: [String]
    public let pixmaps: [String]
    private let files: IconFiles
    private var themes: [String: Theme?] = [:]

    public init(baseDirectories: [String], pixmaps: [String] = ["/usr/share/pixmaps"], files: IconFiles) {
        self.baseDirectories = baseDirectories
        self.pixmaps = pixmaps
        self.files = files
    }

    /// The usual places, from the environment's `HOME`, `XDG_DATA_HOME` and `XDG_DATA_DIRS`.
    public static func standardBaseDirectories(home: String?, dataHome: String?, dataDirs: String?) -> [String] {
        var out: [String] = []
        if let home, !home.isEmpty { out.append(home + "/.icons") }
        if let dataHome, !dataHome.isEmpty { out.append(dataHome + "/icons") }
        else if let home, !home.isEmpty { out.append(home + "/.local/share/icons") }
        let dirs = (dataDirs?.isEmpty == false ? dataDirs! : "/usr/local/share:/usr/share").split(separator: ":")
        for d in dirs where !d.isEmpty { out.append(String(d) + "/icons") }
        return out
    }

    /// The file for the first of `names` the theme `themeName` (or what it inherits, or hicolor)
    /// has, at `size` px and `scale`; nil when none has any. Icons are PNG or SVG (XPM is left
    /// out: nothing decodes it here).
    public mutating func lookup(_ names: [String], size: Int, scale: Int = 1, theme themeName: String) -> String? {
        var visited = Set<String>()
        var chain: [String] = []
        func walk(_ name: String) {
            guard visited.insert(name).inserted, let theme = theme(named: name) else { return }
            chain.append(name)
            for parent in theme.inherits { walk(parent) }
        }
        walk(themeName)
        walk("hicolor")
        for t in chain {
            for name in names {
                if let found = lookup(name, size: size, scale: scale, in: t) { return found }
            }
        }
        for name in names {
            for dir in pixmaps {
                for ext in ["png", "svg"] where files.exists("\(dir)/\(name).\(ext)") { return "\(dir)/\(name).\(ext)" }
            }
        }
        return nil
    }

    private mutating func lookup(_ icon: String, size: Int, scale: Int, in themeName: String) -> String? {
        guard let theme = theme(named: themeName) else { return nil }
        for dir in theme.directories where dir.matches(size, scale: scale) {
            for base in baseDirectories {
                for ext in ["png", "svg"] {
                    let path = "\(base)/\(themeName)/\(dir.path)/\(icon).\(ext)"
                    if files.exists(path) { return path }
                }
            }
        }
        var best: (path: String, distance: Int)?
        for dir in theme.directories {
            let d = dir.distance(size, scale: scale)
            if let b = best, b.distance <= d { continue }
            for base in baseDirectories {
                for ext in ["png", "svg"] {
                    let path = "\(base)/\(themeName)/\(dir.path)/\(icon).\(ext)"
                    if files.exists(path) { best = (path, d); break }
                }
                if best?.distance == d { break }
            }
        }
        return best?.path
    }

    /// The theme's index, from the first base directory that has one; cached.
    mutating func theme(named name: String) -> Theme? {
        if let known = themes[name] { return known }
        var found: Theme?
        if !name.isEmpty, !name.contains("/"), name != "..", name != "." {
            for base in baseDirectories {
                if let text = files.contents("\(base)/\(name)/index.theme") {
                    found = Self.parseIndex(text, name: name)
                    break
                }
            }
        }
        themes[name] = .some(found)
        return found
    }

    /// Reads an `index.theme` (a desktop-entry style file): `[Icon Theme]`'s `Inherits`,
    /// `Directories` and `ScaledDirectories`, and each directory's own group.
    static func parseIndex(_ text: String, name: String) -> Theme {
        var groups: [String: [String: String]] = [:]
        var current: String?
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: " \t\r")
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                current = String(line.dropFirst().dropLast())
                continue
            }
            guard let current, let eq = line.firstIndex(of: "=") else { continue }
            let key = line[..<eq].trimmingCharacters(in: " \t")
            let value = line[line.index(after: eq)...].trimmingCharacters(in: " \t")
            groups[current, default: [:]][key] = value
        }
        let head = groups["Icon Theme"] ?? [:]
        func list(_ key: String) -> [String] {
            (head[key] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: " \t") }.filter { !$0.isEmpty }
        }
        var seen = Set<String>()
        var directories: [Directory] = []
        for path in list("Directories") + list("ScaledDirectories") where seen.insert(path).inserted {
            guard let g = groups[path], let size = g["Size"].flatMap({ Int($0) }), size > 0 else { continue }
            var d = Directory(path: path, size: size, minSize: size, maxSize: size)
            if let s = g["Scale"].flatMap({ Int($0) }), s > 0 { d.scale = s }
            switch g["Type"] {
            case "Fixed": d.kind = .fixed
            case "Scalable": d.kind = .scalable
            default: d.kind = .threshold
            }
            if let v = g["MinSize"].flatMap({ Int($0) }) { d.minSize = v }
            if let v = g["MaxSize"].flatMap({ Int($0) }) { d.maxSize = v }
            if let v = g["Threshold"].flatMap({ Int($0) }) { d.threshold = v }
            directories.append(d)
        }
        return Theme(name: name, inherits: list("Inherits"), directories: directories)
    }
}

private extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
