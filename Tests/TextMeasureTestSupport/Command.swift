import Foundation
import Testing

/// The `textmeasure` executable, run as a user runs it: by the command's tests and by the
/// library tests that check a feature end to end.
package struct Command {
    package init() {}

    package static let executable: String = {
        // Tests run from the build folder that also holds the command.
        let test = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = test.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("textmeasure").path), folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("textmeasure").path
    }()

    package struct Result { package let status: Int32; package let stdout: String; package let stderr: String }

    /// Runs the command with `arguments` and `input` on its standard input. Input is written and
    /// both outputs are read on threads of their own, so no amount of any blocks the others; a
    /// command still running after `timeLimit` seconds is stopped (SIGTERM, then SIGKILL) and the test fails. With
    /// `terminalStderr`, standard error is a pseudo-terminal (what a progress bar needs).
    /// `environment` adds to (or replaces in) this process's environment.
    /// `executable` runs another program instead (a shell that sets limits, then runs the command).
    package func run(_ arguments: [String], input: [UInt8], terminalStderr: Bool = false, timeLimit: Double = 120,
             environment: [String: String] = [:], executable: String = Command.executable) throws -> Result {
        _ = Self.pipeWritesFailInsteadOfKilling
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        let terminal = terminalStderr ? try Self.pseudoTerminal() : nil
        process.standardError = terminal.map { FileHandle(fileDescriptor: $0.child, closeOnDealloc: false) } ?? stderr
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        if let terminal { close(terminal.child) }  // the command holds the only other end now
        let writer = Background {
            try? stdin.fileHandleForWriting.write(contentsOf: Data(input))
            try? stdin.fileHandleForWriting.close()
            return Data()
        }
        let out = Background { Self.readToEnd(stdout.fileHandleForReading.fileDescriptor) }
        let err = Background { Self.readToEnd(terminal?.main ?? stderr.fileHandleForReading.fileDescriptor) }
        if exited.wait(timeout: .now() + timeLimit) == .timedOut {
            process.terminate()
            Issue.record("textmeasure \(arguments.joined(separator: " ")) still ran after \(timeLimit) s: stopped")
            // It inherits this thread's signal mask, where SIGTERM may be blocked: then SIGKILL.
            if exited.wait(timeout: .now() + 2) == .timedOut { kill(process.processIdentifier, SIGKILL) }
            exited.wait()
        }
        _ = writer.result
        let result = Result(status: process.terminationStatus, stdout: String(decoding: out.result, as: UTF8.self),
                            stderr: String(decoding: err.result, as: UTF8.self))
        if let terminal { close(terminal.main) }
        return result
    }

    /// A new pseudo-terminal: `main`, the end this process reads, and `child`, the terminal the
    /// command writes to.
    package static func pseudoTerminal() throws -> (main: Int32, child: Int32) {
        // In glibc, but not in Swift's Glibc module.
        func function<F>(_ name: String, _: F.Type) throws -> F { unsafeBitCast(try #require(dlsym(nil, name)), to: F.self) }
        let openMain = try function("posix_openpt", (@convention(c) (Int32) -> Int32).self)
        let unlock = try function("unlockpt", (@convention(c) (Int32) -> Int32).self)
        let name = try function("ptsname", (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
        let main = openMain(O_RDWR | O_NOCTTY)
        try #require(main >= 0 && unlock(main) == 0)
        let child = open(String(cString: try #require(name(main))), O_RDWR | O_NOCTTY)
        try #require(child >= 0)
        return (main, child)
    }

    /// Writing to a pipe whose reader has gone (a command that stops before reading all its
    /// input) fails with EPIPE instead of killing the tests with SIGPIPE.
    package static let pipeWritesFailInsteadOfKilling: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Everything `descriptor` gives until its end (or, for a pseudo-terminal, until no process
    /// holds its other end).
    package static func readToEnd(_ descriptor: Int32) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count > 0 {
                data.append(contentsOf: chunk[..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }

    /// `body` run on a thread of its own; `result` waits for it.
    package final class Background: @unchecked Sendable {
        private var value = Data()
        private let finished = DispatchSemaphore(value: 0)

        package init(_ body: @escaping @Sendable () -> Data) {
            Thread.detachNewThread { [self] in
                value = body()  // published to `result` by the semaphore
                finished.signal()
            }
        }

        package var result: Data {
            finished.wait()
            finished.signal()
            return value
        }
    }
}
