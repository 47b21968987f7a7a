#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif
import Synchronization

/// A file written whole or not at all, as careful tools do: into a temporary file in the same
/// folder, flushed to the disk (`fsync`), then renamed over the file, and the folder flushed, so
/// a failure or a crash never leaves a partial file nor replaces an existing one.
///
/// - The file keeps the permissions of the file it replaces; a new file gets 0666 less the
///   process's umask, as `open` gives it.
/// - A symbolic link at the path is kept and its target written (links followed to the last; a
///   link to a missing file creates that file).
/// - Only a regular file is replaced: a path that is, or links to, a character or block device,
///   a FIFO, a socket or a folder is refused before anything is written (a render to a link to
///   `/dev/null` must not replace `/dev/null`).
/// - The temporary file (`.textmeasure-`, the writing process's id, `-` and six random
///   characters) is removed when the write fails (`discard`), and when the process is stopped by
///   SIGINT or SIGTERM while writing, if those signals have their default action (the file is
///   removed, then the signal is raised again). One a process stopped by SIGKILL (or a crash) left
///   behind is removed by the next write to its folder: a file of that name, the current user's,
///   whose process is gone and which was last written more than an hour ago (or, named as before
///   the process id was, `.textmeasure-` and six characters, last written more than an hour ago).
///
/// Errors are the caller's own type (`Failure`), made by `failure` from the path the caller gave
/// and the system's reason: one implementation for TableRendering's `RenderError` and
/// TableSpreadsheet's `SpreadsheetError`.
package final class AtomicFile<Failure: Error> {
    /// The temporary file, for a writer that opens it by name (its descriptor stays open here).
    package let temporary: String
    private var target: String
    private var reported: String
    private let failure: (_ path: String, _ reason: String) -> Failure
    private var descriptor: Int32
    private var slot: Int?

    /// Creates the temporary file beside `path` (symbolic links followed) with the permissions
    /// of the file it replaces (or the umask's), registered for removal on SIGINT and SIGTERM.
    /// Errors name `path`.
    package convenience init(writing path: String, failure: @escaping (_ path: String, _ reason: String) -> Failure) throws(Failure) {
        let target = try Self.resolvingLinks(path, failure: failure)
        try Self.checkKind(of: target, reportedAs: path, failure: failure)
        try self.init(replacing: target, reportedAs: path, failure: failure)
    }

    /// Checks that `path` can be written, before any work: links followed, it is a regular file or
    /// a new path, and not the file at `input` (the same device and inode, whatever the names or links).
    ///
    /// - Throws: `failure(path, reason)` naming what `path` is.
    package static func checkTarget(_ path: String, isNot input: String?,
                                    failure: (_ path: String, _ reason: String) -> Failure) throws(Failure) {
        let target = try resolvingLinks(path, failure: failure)
        try checkKind(of: target, reportedAs: path, failure: failure)
        var written = stat(), read = stat()
        if let input, stat(target, &written) == 0, stat(input, &read) == 0,
           written.st_dev == read.st_dev, written.st_ino == read.st_ino {
            throw failure(path, "it is the input file \(input); writing it would destroy what is being read")
        }
    }

    /// Refuses a `target` (links followed) that exists and is not a regular file.
    private static func checkKind(of target: String, reportedAs path: String,
                                  failure: (_ path: String, _ reason: String) -> Failure) throws(Failure) {
        var info = stat()
        guard stat(target, &info) == 0 else { return }  // a new file (or an error the write names)
        let named = target == path ? "it" : target
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw failure(path, String(cString: strerror(EISDIR)))
        case S_IFCHR: throw failure(path, "\(named) is a character device, not a regular file")
        case S_IFBLK: throw failure(path, "\(named) is a block device, not a regular file")
        case S_IFIFO: throw failure(path, "\(named) is a FIFO, not a regular file")
        case S_IFSOCK: throw failure(path, "\(named) is a socket, not a regular file")
        default: throw failure(path, "\(named) is not a regular file")
        }
    }

    /// Creates the temporary file in `target`'s folder with `target`'s permissions (or the
    /// umask's), registered for removal on SIGINT and SIGTERM. Errors name `reported`.
    init(replacing target: String, reportedAs reported: String,
         failure: @escaping (_ path: String, _ reason: String) -> Failure) throws(Failure) {
        (self.target, self.reported, self.failure) = (target, reported, failure)
        let folder = target.lastIndex(of: "/").map { String(target[...$0]) } ?? ""
        var existing = stat()
        let mode = stat(target, &existing) == 0 ? existing.st_mode & 0o777 : nil
        InterruptCleanup.install()
        StaleFiles.remove(in: folder)
        while true {
            let name = folder + ".textmeasure-\(getpid())-" + AtomicFile.randomSuffix()
            // Registered before it exists, so an interrupt between the two cannot leave it behind.
            let slot = InterruptCleanup.register(name)
            let opened = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if opened >= 0 {
                (temporary, descriptor, self.slot) = (name, opened, slot)
                break
            }
            let failure = errno
            if let slot { InterruptCleanup.unregister(slot) }
            guard failure == EEXIST else { throw self.failure(reported, String(cString: strerror(failure))) }
        }
        if let mode, fchmod(descriptor, mode) != 0 { throw lastFailure() }
    }

    /// Writes all of `bytes` at the end of the file.
    package func append(_ bytes: [UInt8]) throws(Failure) {
        var failure: Failure?
        bytes.withUnsafeBytes { raw in
            do throws(Failure) { try append(raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes `text`'s UTF-8 at the end of the file, from the string's own storage (a copy only
    /// for a string not stored as UTF-8).
    package func append(_ text: String) throws(Failure) {
        var (text, failure) = (text, Failure?.none)
        text.withUTF8 { bytes in
            do throws(Failure) { try append(UnsafeRawBufferPointer(bytes)) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes all of `bytes` at the end of the file.
    package func append(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        var written = 0
        while written < bytes.count {
            let result = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw lastFailure()
            }
            written += result
        }
    }

    /// Flushes the file, renames it over the target and flushes the folder.
    package func commit() throws(Failure) {
        guard fsync(descriptor) == 0 else { throw lastFailure() }
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0, rename(temporary, target) == 0 else { throw lastFailure() }
        release()
        let folder = target.lastIndex(of: "/").map { String(target[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            _ = fsync(directory)  // not every file system can; the data is written either way
            close(directory)
        }
    }

    /// Commits the file as `path` (in the same folder) instead of the path it was made for: a
    /// file named by its contents, known once they are written. `path` is checked as
    /// `init(writing:failure:)` checks its path; errors name it.
    package func commit(renamedTo path: String) throws(Failure) {
        let resolved = try Self.resolvingLinks(path, failure: failure)
        try Self.checkKind(of: resolved, reportedAs: path, failure: failure)
        (target, reported) = (resolved, path)
        try commit()
    }

    /// Removes the temporary file unless it was committed.
    package func discard() {
        if descriptor >= 0 { close(descriptor); descriptor = -1 }
        guard slot != nil else { return }
        unlink(temporary)
        release()
    }

    private func release() {
        if let slot { InterruptCleanup.unregister(slot) }
        slot = nil
    }

    /// The error for the last system call's failure (the temporary file is removed by `discard`).
    private func lastFailure() -> Failure {
        failure(reported, String(cString: strerror(errno)))
    }

    private static func randomSuffix() -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<6).map { _ in letters.randomElement()! })
    }

    /// `path` with symbolic links followed to the file they name (which may not exist yet).
    static func resolvingLinks(_ path: String, failure: (_ path: String, _ reason: String) -> Failure) throws(Failure) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { throw failure(path, String(cString: strerror(errno))) }
            let link = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : (current.lastIndex(of: "/").map { String(current[...$0]) } ?? "") + link
        }
        throw failure(path, String(cString: strerror(ELOOP)))
    }
}

/// Temporary files of writers that died without removing them (SIGKILL, a crash).
enum StaleFiles {
    /// How long ago a stale file was last written, at least, in seconds: a writer may be slow,
    /// and a process in another PID namespace looks gone.
    static let age = 3600

    /// Removes from `folder` ("" for the current one) the temporary files of ours that are stale
    /// (see `AtomicFile`). O(entries of the folder). Failures are ignored: this is tidying.
    static func remove(in folder: String) {
        guard let directory = opendir(folder.isEmpty ? "." : folder) else { return }
        defer { closedir(directory) }
        let now = time(nil)
        while let entry = readdir(directory) {
            // The name in place, to its NUL: a record is only as long as its name (`d_reclen`), so
            // copying the whole `d_name` array reads past it (AddressSanitizer: heap-buffer-overflow).
            let name = String(cString: UnsafeRawPointer(entry).advanced(by: Self.nameOffset).assumingMemoryBound(to: CChar.self))
            guard isStale(name: name) else { continue }
            var info = stat()
            guard lstat(folder + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
                  now - modified(info) > age else { continue }
            unlink(folder + name)
        }
    }

    /// Where a directory entry's name starts in its record.
    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!

    private static func modified(_ info: stat) -> time_t {
        #if canImport(Darwin)
        info.st_mtimespec.tv_sec
        #else
        info.st_mtim.tv_sec
        #endif
    }

    /// Whether `name` is one of our temporary files whose process is gone: `.textmeasure-PID-XXXXXX`
    /// with no process PID, or `.textmeasure-XXXXXX` (named before the process id was).
    static func isStale(name: String) -> Bool {
        guard name.hasPrefix(".textmeasure-") else { return false }
        let parts = name.dropFirst(".textmeasure-".count).split(separator: "-", omittingEmptySubsequences: false)
        let suffix = parts.last!
        guard suffix.count == 6, suffix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
        if parts.count == 1 { return true }
        guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0 else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}

/// The temporary files being written, removed by a SIGINT or SIGTERM handler before the signal
/// stops the process. The handler only reads atomics and fixed buffers and calls `unlink`,
/// `sigaction` and `raise`, all async-signal-safe.
enum InterruptCleanup {
    static let slotCount = 64
    static let pathCapacity = Int(PATH_MAX)
    /// Slots taken (bit i: slot i), and slots whose path is complete.
    private static let taken = Atomic<UInt64>(0)
    private static let live = Atomic<UInt64>(0)
    nonisolated(unsafe) private static let paths: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * pathCapacity)
        buffer.initialize(repeating: 0, count: slotCount * pathCapacity)
        return buffer
    }()
    private static let installed: Void = {
        _ = (paths, taken.load(ordering: .relaxed), live.load(ordering: .relaxed))  // made before a handler can read them
        for signal in [SIGINT, SIGTERM] {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0, current.handler == nil else { continue }  // the program's own, or ignored
            var action = sigaction()
            action.handler = InterruptCleanup.handle
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }()

    /// Installs the handler for SIGINT and SIGTERM where they have their default action (once).
    static func install() { _ = installed }

    /// Notes `path` for removal on an interrupt; nil when every slot is taken or the path is too long.
    static func register(_ path: String) -> Int? {
        let bytes = Array(path.utf8CString)
        guard bytes.count <= pathCapacity else { return nil }
        var current = taken.load(ordering: .relaxed)
        while true {
            guard current != .max else { return nil }
            let slot = (~current).trailingZeroBitCount
            let (exchanged, original) = taken.compareExchange(expected: current, desired: current | 1 << slot, ordering: .acquiringAndReleasing)
            if exchanged {
                bytes.withUnsafeBufferPointer { (paths + slot * pathCapacity).update(from: $0.baseAddress!, count: $0.count) }
                live.bitwiseOr(1 << slot, ordering: .releasing)
                return slot
            }
            current = original
        }
    }

    /// Forgets slot `slot`: its file was renamed or removed.
    static func unregister(_ slot: Int) {
        live.bitwiseAnd(~(1 << slot), ordering: .acquiringAndReleasing)
        taken.bitwiseAnd(~(1 << slot), ordering: .releasing)
    }

    private static let handle: @convention(c) (Int32) -> Void = { signal in
        var files = live.load(ordering: .acquiring)
        while files != 0 {
            let slot = files.trailingZeroBitCount
            unlink(paths + slot * pathCapacity)
            files &= files - 1
        }
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)  // the default action, taken when the handler returns
        raise(signal)
    }
}

extension sigaction {
    /// The handler (`sa_handler`); nil for the default action.
    fileprivate var handler: (@convention(c) (Int32) -> Void)? {
        get {
            #if canImport(Darwin)
            __sigaction_u.__sa_handler
            #else
            __sigaction_handler.sa_handler
            #endif
        }
        set {
            #if canImport(Darwin)
            __sigaction_u.__sa_handler = newValue
            #else
            __sigaction_handler.sa_handler = newValue
            #endif
        }
    }
}
