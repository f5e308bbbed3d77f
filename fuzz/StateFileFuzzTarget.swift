// libFuzzer entry point for the state-file decoder. Built by scripts/fuzz.sh together with
// TesseraCore's Geometry, Model, Persistence and Support sources (one module, so internals are
// reachable); not part of the Swift package, because -sanitize=fuzzer needs its own build.
//
// The oracle, for every input:
//   - decoding never crashes, traps, or hangs (libFuzzer reports those);
//   - a file that decodes is a sound model (`checkInvariants()` is empty), and writing it out and
//     reading it back gives the same model: what the app loads, it can save and load again;
//   - a refused file gets a non-empty message;
//   - Foundation's JSONDecoder (FoundationReference.swift, the decoder before StateFileReader)
//     accepts exactly the files StateFileReader accepts, and makes the same model from them; when
//     a file has one problem both name it alike (several: each may report a different one first).
//   - with FUZZ_STRICT=1, also: Foundation never refuses text our syntax check accepted (its
//     message would carry no position, and every message should say where).

#if canImport(Glibc)
import Glibc
#endif

let strict = getenv("FUZZ_STRICT") != nil

@_cdecl("LLVMFuzzerTestOneInput")
public func stateFileFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let reference: Result<CollectionModel, StateFileError> = Result { () throws(StateFileError) in try FoundationReference.decode(bytes) }
    do {
        let model = try StateFile.decode(bytes)
        guard case .success(let expected) = reference else { fatalError("Foundation refuses what the reader accepts: \(reference)") }
        if expected != model { fatalError("the reader and Foundation make different models") }
        let problems = model.checkInvariants()
        if !problems.isEmpty { fatalError("decoded a model that breaks invariants: \(problems)") }
        let again: CollectionModel
        do { again = try StateFile.decode(StateFile.encode(model)) } catch {
            fatalError("the encoder wrote a file the decoder refuses: \(error)")
        }
        if again != model { fatalError("encode/decode round trip changed the model") }
    } catch {
        if case .success = reference { fatalError("the reader refuses what Foundation accepts: \(error)") }
        if error.description.isEmpty { fatalError("empty message for \(error)") }
        if strict, case .notJSON = error { fatalError("a message without a position: \(error)") }
    }
    return 0
}
