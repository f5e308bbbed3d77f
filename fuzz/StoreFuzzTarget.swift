// libFuzzer entry point for what Tessera opens from disk besides a JSON state file: store files
// (SQLite databases) and `tessera import`. Built by scripts/fuzz.sh store together with
// TesseraCore's Geometry, Model, Persistence and Support sources and TesseraStore's (one module, so
// internals are reachable); not part of the Swift package, because -sanitize=fuzzer needs its own build.
//
// Each input is written to a file and opened the way its first byte says:
//   - '{': a JSON state file given to `tessera import`: decoded, written whole into a new store,
//     and read back; the store must give back exactly the model the file decoded to;
//   - anything else: a store, opened and read whole as start-up does (after the first screen).
// The oracle, for every input:
//   - opening and reading never crash, trap or hang (libFuzzer reports those);
//   - a store that reads is a sound model (`checkInvariants()` is empty), its first screen is the
//     first items of each of its sections, and written into a new store it reads back the same;
//   - a refused store gets a non-empty message.
// The seeds are made at start (LLVMFuzzerInitialize) in $FUZZ_SEEDS: stores of the sample data and
// of generated items, and the sample store damaged by every script of Tests/Fixtures/bad-store.

#if canImport(Glibc)
import Glibc
#endif

let scratch = "/dev/shm/tessera-store-fuzz-\(getpid())"
let inputPath = scratch + "/input.db"
let copyPath = scratch + "/copy.db"

func removeStore(_ path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
}

func writeFile(_ path: String, _ bytes: UnsafeBufferPointer<UInt8>) {
    removeStore(path)
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { fatalError("cannot write \(path): errno \(errno)") }
    var done = 0
    while done < bytes.count {
        let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
        if n <= 0 { fatalError("short write to \(path)") }
        done += n
    }
    close(fd)
}

/// `model` written whole into a new store and read back.
func throughAStore(_ model: CollectionModel) -> CollectionModel {
    removeStore(copyPath)
    do {
        let store = try CollectionStore(path: copyPath, create: true)
        defer { store.close() }
        try store.replaceAll(with: model)
        return try store.readAll()
    } catch {
        fatalError("a sound model could not be written and read back: \(error)")
    }
}

func checkStore() {
    let model: CollectionModel
    let first: (model: CollectionModel, complete: Bool)
    do {
        let store = try CollectionStore(path: inputPath)
        defer { store.close() }
        first = try store.firstScreen(limit: 3)
        model = try store.readAll()
    } catch {
        if error.description.isEmpty { fatalError("empty message for \(error)") }
        return
    }
    let problems = model.checkInvariants()
    if !problems.isEmpty { fatalError("read a store that breaks invariants: \(problems)") }
    let prefix = CollectionModel(sections: model.sections.map { Section(id: $0.id, title: $0.title, items: Array($0.items.prefix(3))) })
    // The first screen is read through the indexes, the rest from the table: a damaged file
    // (an index missing rows, pages out of order) can answer the two differently without SQLite
    // noticing. Start-up does not pay an O(N) check for that (DESIGN.md, "The store"); here such
    // a file must be one SQLite's integrity check finds.
    if first.model != prefix && integrityCheck() == "ok" { fatalError("the first screen is not the first items of each section") }
    if throughAStore(model) != model { fatalError("a store read back differently after a rewrite") }
}

/// `PRAGMA integrity_check` of the input: "ok", or SQLite's first complaint.
func integrityCheck() -> String {
    guard let db = try? SQLiteConnection(path: inputPath, mode: .readOnly) else { return "cannot open" }
    defer { db.close() }
    guard let s = try? db.prepare("PRAGMA integrity_check"), (try? s.step()) == true else { return "cannot check" }
    return s.text(at: 0) ?? "not text"
}

func checkImport(_ bytes: [UInt8]) {
    guard let model = try? StateFile.decode(bytes) else { return }
    if throughAStore(model) != model { fatalError("an imported file read back differently from the store") }
}

@_cdecl("LLVMFuzzerInitialize")
public func storeFuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    mkdir(scratch, 0o700)
    guard let seeds = getenv("FUZZ_SEEDS").map({ String(cString: $0) }) else { return 0 }
    func make(_ name: String, _ model: CollectionModel, damage sql: String? = nil) {
        let path = seeds + "/" + name + ".db"
        removeStore(path)
        do {
            let store = try CollectionStore(path: path, create: true)
            try store.replaceAll(with: model)
            if let sql { try store.db.execute(sql) }
            store.close()   // checkpoints: the seed is the database file alone
        } catch {
            fatalError("making seed \(name): \(error)")
        }
        for suffix in ["-wal", "-shm"] { unlink(path + suffix) }
    }
    make("sample", SampleData.model())
    make("generated-200", SampleData.generated(count: 200, sections: 3, seed: 3))
    let corpus = getenv("FUZZ_BAD_STORE").map { String(cString: $0) } ?? "Tests/Fixtures/bad-store"
    guard let dir = opendir(corpus) else { return 0 }
    defer { closedir(dir) }
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        guard name.hasSuffix(".sql"), let file = fopen(corpus + "/" + name, "r") else { continue }
        var sql = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), file) != nil { sql += String(cString: buffer) }
        fclose(file)
        make("bad-" + name.dropLast(4), SampleData.model(), damage: sql)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func storeFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    if bytes[0] == UInt8(ascii: "{") {
        checkImport(Array(bytes))
    } else {
        writeFile(inputPath, bytes)
        checkStore()
    }
    return 0
}
