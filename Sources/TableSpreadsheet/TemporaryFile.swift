#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A new file beside a target, renamed over it once written: a failure never leaves a partial
/// file nor replaces an existing one. Made as `open` makes files (0666 less the umask), or with
/// the permissions of the file it replaces.
final class TemporaryFile {
    let path: String
    private let target: String
    private var committed = false

    init(beside target: String) throws(SpreadsheetError) {
        self.target = target
        let folder = target.lastIndex(of: "/").map { String(target[...$0]) } ?? ""
        var existing = stat()
        let mode = stat(target, &existing) == 0 ? existing.st_mode & 0o777 : nil
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        while true {
            let name = folder + ".textmeasure-" + String((0..<6).map { _ in letters.randomElement()! }) + ".xlsx"
            let descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 {
                if let mode { fchmod(descriptor, mode) }
                close(descriptor)
                path = name
                return
            }
            guard errno == EEXIST else { throw .cannotWrite(path: target, reason: String(cString: strerror(errno))) }
        }
    }

    /// Renames the file over the target.
    func commit() throws(SpreadsheetError) {
        guard rename(path, target) == 0 else { throw .cannotWrite(path: target, reason: String(cString: strerror(errno))) }
        committed = true
    }

    /// Removes the file unless it was committed.
    func discard() {
        if !committed { unlink(path) }
    }
}
