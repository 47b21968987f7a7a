import Foundation
import TableRendering
import Testing
import TextMeasureTestSupport

/// `writeAtomically(_:to:)` replaces a file as careful tools do: permissions kept (a new file's
/// from the umask), symbolic links kept and their targets written, no temporary file left by a
/// failure or by SIGINT and SIGTERM.
@Suite(.serialized) struct AtomicFileTests {
    let folder: String

    init() throws { folder = try RenderingFixtures.temporaryFolder() }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".textmeasure-") }
    }

    @Test func theReplacedFilesPermissionsAreKept() throws {
        for permissions: mode_t in [0o600, 0o755, 0o640] {
            let path = folder + "/kept-\(String(permissions, radix: 8)).txt"
            try writeAtomically(Array("old".utf8), to: path)
            try #require(chmod(path, permissions) == 0)
            try writeAtomically(Array("new".utf8), to: path)
            #expect(mode(path) == permissions)
            #expect(contents(path) == "new")
        }
        #expect(try leftovers().isEmpty)
    }

    /// A new file is 0666 less the umask (umask 027: 0640; 077: 0600), as `open` would make it.
    @Test func aNewFileHonoursTheUmask() throws {
        for (mask, expected): (mode_t, mode_t) in [(0o027, 0o640), (0o077, 0o600), (0o022, 0o644)] {
            let previous = umask(mask)
            defer { umask(previous) }
            let path = folder + "/new-\(String(mask, radix: 8)).txt"
            try writeAtomically(Array("new".utf8), to: path)
            #expect(mode(path) == expected)
        }
    }

    /// A link is written through: links stay links, the file at the end of the chain gets the
    /// bytes; a link to a missing file creates that file.
    @Test func aSymbolicLinkIsKeptAndItsTargetWritten() throws {
        try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
        try writeAtomically(Array("old".utf8), to: folder + "/real/target.txt")
        try #require(chmod(folder + "/real/target.txt", 0o600) == 0)
        try #require(symlink("real/target.txt", folder + "/link.txt") == 0)  // relative to the link's folder
        try #require(symlink(folder + "/link.txt", folder + "/link-to-link.txt") == 0)
        try writeAtomically(Array("new".utf8), to: folder + "/link-to-link.txt")
        for link in ["/link.txt", "/link-to-link.txt"] {
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder + link)) != nil, "\(link) is still a link")
        }
        #expect(contents(folder + "/real/target.txt") == "new")
        #expect(mode(folder + "/real/target.txt") == 0o600)
        try #require(symlink("real/missing.txt", folder + "/dangling.txt") == 0)
        try writeAtomically(Array("made".utf8), to: folder + "/dangling.txt")
        #expect(contents(folder + "/real/missing.txt") == "made")
        #expect(try leftovers().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/real").filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test func aFailedWriteLeavesNoTemporaryFile() throws {
        try FileManager.default.createDirectory(atPath: folder + "/taken", withIntermediateDirectories: true)
        #expect(throws: RenderError.cannotWrite(path: folder + "/taken", reason: String(cString: strerror(EISDIR)))) {
            try writeAtomically(Array("x".utf8), to: folder + "/taken")
        }
        #expect(try leftovers().isEmpty)
    }

    /// The command, writing a 7 MB page, is stopped (SIGSTOP) while its temporary file exists,
    /// sent `signal`, and let go: it dies of the signal and leaves neither the temporary file nor
    /// the page. It is spawned with no signal blocked and both at their default action (a child
    /// inherits its parent's mask, where test threads may block them).
    @Test(arguments: [SIGTERM, SIGINT])
    func anInterruptedWriteLeavesNoTemporaryFile(signal: Int32) throws {
        let csv = folder + "/big.csv"
        try ("a,b,c\n" + (0..<20000).map { "row \($0),some words here \($0),\($0 * 37)\n" }.joined())
            .write(toFile: csv, atomically: true, encoding: .utf8)
        let page = folder + "/big.html"
        for attempt in 1...5 {
            let process = try spawn(Command.executable, ["render", csv, "-o", page, "--single-line"])
            var caught = false, status: Int32 = 0
            while true {
                if !caught, let name = try leftovers().first {
                    kill(process, SIGSTOP)
                    if FileManager.default.fileExists(atPath: folder + "/" + name) {  // stopped while writing it
                        kill(process, signal)
                        caught = true
                    }
                    kill(process, SIGCONT)
                }
                if waitpid(process, &status, caught ? 0 : WNOHANG) == process { break }
                usleep(200)
            }
            if !caught {  // it finished before its temporary file was seen: try again
                try? FileManager.default.removeItem(atPath: page)
                if attempt == 5 { Issue.record("never caught the command while it wrote") }
                continue
            }
            #expect(status & 0x7f == signal, "the command died of signal \(signal), not \(status & 0x7f) (status \(status))")
            #expect(try leftovers().isEmpty)
            #expect(!FileManager.default.fileExists(atPath: page))
            return
        }
    }

    /// SIGKILL cannot be caught: the command killed while writing leaves its temporary file, and
    /// the next write to the folder removes it once it is an hour old (its mtime set back here)
    /// and its process gone. A live process's file, a file under an hour old, a file named
    /// otherwise and a folder stay; a file named as before the process id was goes by age alone.
    @Test func aKilledWritersFileIsRemovedByTheNextWrite() throws {
        let csv = folder + "/big.csv"
        try ("a,b,c\n" + (0..<20000).map { "row \($0),some words here \($0),\($0 * 37)\n" }.joined())
            .write(toFile: csv, atomically: true, encoding: .utf8)
        var left: String?
        for _ in 1...5 where left == nil {
            let process = try spawn(Command.executable, ["render", csv, "-o", folder + "/big.html", "--single-line"])
            var status: Int32 = 0
            while waitpid(process, &status, WNOHANG) == 0 {
                if let name = try leftovers().first {
                    kill(process, SIGKILL)
                    waitpid(process, &status, 0)
                    left = FileManager.default.fileExists(atPath: folder + "/" + name) ? name : nil
                    break
                }
                usleep(200)
            }
        }
        let killed = try #require(left, "never caught the command while it wrote")
        #expect(killed.hasPrefix(".textmeasure-") && killed.split(separator: "-").count == 3)
        let hourAgo = Date(timeIntervalSinceNow: -3700)
        let live = ".textmeasure-\(getpid())-abcdef", legacy = ".textmeasure-Ab12Cd", fresh = ".textmeasure-Zz99Yy"
        let other = ".textmeasure-notours", folderName = ".textmeasure-AAAAAA-dir"
        for name in [live, legacy, fresh, other] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("x".utf8)))
        }
        try FileManager.default.createDirectory(atPath: folder + "/" + folderName, withIntermediateDirectories: false)
        for name in [killed, live, legacy, other, folderName] {
            try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: folder + "/" + name)
        }
        try writeAtomically(Array("new".utf8), to: folder + "/next.txt")
        #expect(Set(try leftovers()) == [live, fresh, other, folderName])
    }

    /// Starts `executable` with `arguments`, no signal blocked and SIGINT and SIGTERM at their
    /// default action; standard output and error go to /dev/null.
    func spawn(_ executable: String, _ arguments: [String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var process = pid_t()
        let result = posix_spawn(&process, executable, &actions, &attributes, argv, environ)
        try #require(result == 0, "posix_spawn: \(String(cString: strerror(result)))")
        return process
    }
}
