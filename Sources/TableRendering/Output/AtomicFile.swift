#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A file written whole or not at all: into a temporary file beside `path`, renamed over it by
/// `commit()`; dropped without a commit (a failure, a thrown error), the temporary file is
/// removed, so a failure never leaves a partial file nor replaces an existing one.
final class AtomicFile {
    let path: String
    private let temporary: String
    private var descriptor: Int32
    private var committed = false
    /// Why the last write failed (the system's reason), if one did.
    private(set) var failure: String?

    /// - Throws: `RenderError.cannotWrite` naming the path and the system's reason.
    init(path: String) throws(RenderError) {
        self.path = path
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        var template = ((folder.isEmpty ? "" : folder) + "/.textmeasure-XXXXXX").utf8CString.map { $0 }
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Appends `bytes`; false (and `failure` set) when the system refuses.
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var written = 0
        while written < bytes.count, failure == nil {
            let result = writeToDescriptor(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0, errno != EINTR { failure = String(cString: strerror(errno)) }
            if result > 0 { written += result }
        }
        return failure == nil
    }

    /// Puts the file in place of `path`.
    ///
    /// - Throws: `RenderError.cannotWrite` naming the path and the system's reason.
    func commit() throws(RenderError) {
        if let failure { throw .cannotWrite(path: path, reason: failure) }
        fchmod(descriptor, 0o644)
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0, rename(temporary, path) == 0 else {
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        committed = true
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if !committed { unlink(temporary) }
    }
}

/// The system's `write` (inside `AtomicFile`, `write` names its own).
private func writeToDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// Writes `bytes` to `path` whole or not at all: into a temporary file beside it, then renamed
/// over it, so a failure never leaves a partial file (nor replaces an existing one).
///
/// - Throws: `RenderError.cannotWrite` naming the path and the system's reason.
public func writeAtomically(_ bytes: [UInt8], to path: String) throws(RenderError) {
    let file = try AtomicFile(path: path)
    guard bytes.withUnsafeBytes(file.write) else { throw .cannotWrite(path: path, reason: file.failure ?? "") }
    try file.commit()
}
