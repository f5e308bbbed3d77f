/// The bytes of a selection transfer as they arrive — whole, or in INCR chunks each read from a
/// property — kept up to a limit, and whether more was offered than was kept. Shared by the
/// clipboard's paste and a drop's data.
struct SelectionBytes {
    private(set) var bytes: [UInt8] = []
    private(set) var overflowed = false

    /// Appends one property's value, `n` bytes at `data`; `after`: bytes the property still held
    /// beyond what was read. Keeps at most `limit` bytes in all.
    mutating func append(_ data: UnsafeMutablePointer<UInt8>?, count n: Int, after: UInt, limit: Int) {
        guard let data, n > 0 else { return }
        let room = limit - bytes.count
        bytes += UnsafeBufferPointer(start: data, count: min(n, max(0, room)))
        if n > room || after > 0 { overflowed = true }
    }
}
