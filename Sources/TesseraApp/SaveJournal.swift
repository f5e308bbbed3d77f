/// An opt-in record of every save attempt on stderr (`tessera --log-saves`), written for the
/// kill-safety check: it tells exactly which bytes are legitimate on disk at any moment.
///
///     tessera: save 3 begin fnv1a64=9f2c0e1d4b7a6358 bytes=18231
///     tessera: save 3 done
///
/// "begin" is written before the temporary file is created and "done" after the rename, so a
/// process killed at any instant leaves a file equal to the last "done" (or the file it started
/// with) or to the one attempt that has begun without ending. Anything else is a torn write.
///
/// Used by one thread at a time: the ``SaveWorker``'s.
final class SaveJournal: @unchecked Sendable {
    private let log: @Sendable (String) -> Void
    private var attempts = 0

    init(log: @escaping @Sendable (String) -> Void) { self.log = log }

    /// Logs the start of an attempt; returns its number.
    func begin(_ bytes: [UInt8]) -> Int {
        attempts += 1
        log("save \(attempts) begin fnv1a64=\(Self.hex(Self.fnv1a64(bytes))) bytes=\(bytes.count)")
        return attempts
    }

    func end(_ attempt: Int, ok: Bool) { log("save \(attempt) \(ok ? "done" : "failed")") }

    /// FNV-1a, 64 bits: offset basis 0xcbf29ce484222325, prime 0x100000001b3.
    static func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

    static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}
