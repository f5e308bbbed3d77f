// libFuzzer entry point for the XSETTINGS parser (what another client puts in a property on our
// display). Built by scripts/fuzz.sh with TesseraDesktop's sources as one module.
//
// The oracle, for every input:
//   - parsing never crashes, traps or hangs;
//   - a blob it calls clean (no problems) holds no more settings than its header declares
//     (fewer when a name repeats);
//   - the settings it returns read as `DesktopSettings` without trapping, and whatever that keeps
//     is in range (a threshold of 1...200 px, DPI 48...480, ...).

@_cdecl("LLVMFuzzerTestOneInput")
public func xsettingsFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let parsed = XSettings.parse(bytes)
    if parsed.problems.isEmpty, bytes.count >= 12 {
        let declared = bytes[0] == 0
            ? UInt32(bytes[8]) | UInt32(bytes[9]) << 8 | UInt32(bytes[10]) << 16 | UInt32(bytes[11]) << 24
            : UInt32(bytes[11]) | UInt32(bytes[10]) << 8 | UInt32(bytes[9]) << 16 | UInt32(bytes[8]) << 24
        if parsed.settings.values.count > Int(declared) { fatalError("more settings than the header declares") }
    }
    var lines = 0
    let s = DesktopSettings(parsed.settings) { _ in lines += 1 }
    if let v = s.dragThreshold, !(1...200).contains(v) { fatalError("threshold \(v) kept") }
    if let v = s.dpi, !(48...480).contains(v) { fatalError("dpi \(v) kept") }
    if let v = s.doubleClickTime, !(0.05...5).contains(v) { fatalError("double-click \(v) kept") }
    if let v = s.cursorThemeSize, !(1...512).contains(v) { fatalError("cursor size \(v) kept") }
    return 0
}
