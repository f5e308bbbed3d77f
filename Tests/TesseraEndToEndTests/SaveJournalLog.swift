/// The app's `--log-saves` lines read back from its stderr, and the rule they imply for the file on
/// disk after a kill (see Sources/TesseraApp/SaveJournal.swift for the writing side).
struct SaveJournalLog {
    struct Attempt: Equatable {
        var number: Int
        var digest: String
        var bytes: Int
        /// true: renamed into place; false: failed; nil: the process died before it ended.
        var done: Bool?
    }

    var attempts: [Attempt] = []

    /// Parses "tessera: save N begin fnv1a64=H bytes=B" / "tessera: save N done|failed" lines.
    init(stderr: String) {
        for line in stderr.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count >= 4, words[0] == "tessera:", words[1] == "save", let n = Int(words[2]) else { continue }
            switch words[3] {
            case "begin" where words.count == 6 && words[4].hasPrefix("fnv1a64=") && words[5].hasPrefix("bytes="):
                attempts.append(Attempt(number: n, digest: String(words[4].dropFirst(8)),
                                        bytes: Int(words[5].dropFirst(6)) ?? -1, done: nil))
            case "done", "failed":
                if let i = attempts.lastIndex(where: { $0.number == n }) { attempts[i].done = words[3] == "done" }
            default: continue
            }
        }
    }

    /// The digests the file may have now, given the digest it had when the process started: the last
    /// completed save (or the starting file), plus the one save in flight when the process died.
    func allowedDigests(startingFrom initial: String) -> Set<String> {
        let lastDone = attempts.last(where: { $0.done == true })?.digest ?? initial
        if let last = attempts.last, last.done == nil { return [lastDone, last.digest] }
        return [lastDone]
    }

    /// The save the process was in the middle of when it died, if any.
    var inFlight: Attempt? { attempts.last.flatMap { $0.done == nil ? $0 : nil } }
}

/// FNV-1a, 64 bits, as 16 hex digits: the journal's digest, computed independently of the app.
func fnv1a64Hex(_ bytes: [UInt8]) -> String {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    let s = String(h, radix: 16)
    return String(repeating: "0", count: 16 - s.count) + s
}
