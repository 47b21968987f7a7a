import Foundation
import Testing
import TextMeasure

/// The `textmeasure` executable, run as a user runs it.
@Suite struct CommandTests {
    static let executable: String = {
        // Tests run from the build folder that also holds the command.
        let test = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = test.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("textmeasure").path), folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("textmeasure").path
    }()

    struct Result { let status: Int32; let stdout: String; let stderr: String }

    /// Runs the command with `arguments` and `input` on its standard input. Input is written and
    /// both outputs are read on threads of their own, so no amount of any blocks the others; a
    /// command still running after `timeLimit` seconds is stopped (SIGTERM, then SIGKILL) and the test fails. With
    /// `terminalStderr`, standard error is a pseudo-terminal (what a progress bar needs).
    /// `environment` adds to (or replaces in) this process's environment.
    func run(_ arguments: [String], input: [UInt8], terminalStderr: Bool = false, timeLimit: Double = 120,
             environment: [String: String] = [:]) throws -> Result {
        _ = Self.pipeWritesFailInsteadOfKilling
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
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
    static func pseudoTerminal() throws -> (main: Int32, child: Int32) {
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
    static let pipeWritesFailInsteadOfKilling: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Everything `descriptor` gives until its end (or, for a pseudo-terminal, until no process
    /// holds its other end).
    static func readToEnd(_ descriptor: Int32) -> Data {
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
    final class Background: @unchecked Sendable {
        private var value = Data()
        private let finished = DispatchSemaphore(value: 0)

        init(_ body: @escaping @Sendable () -> Data) {
            Thread.detachNewThread { [self] in
                value = body()  // published to `result` by the semaphore
                finished.signal()
            }
        }

        var result: Data {
            finished.wait()
            finished.signal()
            return value
        }
    }

    @Test func widthPrintsOneFullPrecisionWidthPerLine() throws {
        let path = try BundledFont.notoSans.path()
        let result = try run(["width", "--font", path, "--size", "17.5"], input: Array("AVATAR\r\noffice\n\nWa".utf8))
        #expect(result.status == 0)
        let font = try Font(path: path, size: 17.5)
        #expect(result.stdout == ["AVATAR", "office", "", "Wa"].map { "\(font.width(of: $0))\n" }.joined())
    }

    @Test func widthUsesTheBundledStackByDefault() throws {
        let text = "Hello مرحبا 漢字 👍🏽"
        let result = try run(["width", "--json"], input: Array((text + "\n").utf8))
        #expect(result.status == 0)
        let width = try FontStack.bundled(size: 14).width(of: text)
        #expect(result.stdout == "{\"text\":\"\(text)\",\"width\":\(width)}\n")
    }

    /// `--shaping auto` (the simple-text path where it applies) and `--shaping harfbuzz` print
    /// hb-shape's widths for Noto Sans's Latin and Common fixtures (Scripts/golden-widths.py)
    /// at 1000 px, one unit per px, alike.
    @Test(arguments: ["auto", "harfbuzz"])
    func shapingModesPrintHarfBuzzWidths(_ mode: String) throws {
        let golden = Fixtures.goldenWidths.filter {
            $0.fontFile == "NotoSans-Regular.ttf" && $0.features.isEmpty && ($0.label.hasPrefix("latn.") || $0.label.hasPrefix("zyyy."))
                && !$0.text.contains("\n")
        }
        #expect(golden.count >= 15)
        let path = try BundledFont.notoSans.path()
        let input = golden.map { $0.text + "\n" }.joined()
        let result = try run(["width", "--shaping", mode, "--font", path, "--size", "1000"], input: Array(input.utf8))
        #expect(result.stdout == golden.map { "\($0.units * 1000 / $0.unitsPerEm)\n" }.joined())
    }

    @Test func nominalShaping() throws {
        let result = try run(["width", "--shaping", "none", "--size", "10"], input: Array("office\n".utf8))
        #expect(result.stdout == "\(try FontStack.bundled(size: 10).nominalWidth(of: "office"))\n")
    }

    @Test func invalidUTF8NamesTheLine() throws {
        let result = try run(["width"], input: Array("fine\n".utf8) + [0x66, 0xFF, 0x0A] + Array("never\n".utf8))
        #expect(result.status != 0)
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("line 2"))
    }

    @Test func moreStandardErrorThanAPipeHolds() throws {
        // 5,000 lines of bad JSON: an error object on stdout and a line on stderr for each,
        // "textmeasure: line N: not valid JSON" (about 190 KB), far past a 64 KiB pipe buffer.
        let count = 5_000
        let result = try run(["wrap", "--width", "100"], input: Array(String(repeating: "{\n", count: count).utf8))
        #expect(result.status == 1)
        #expect(result.stderr.utf8.count > 1 << 16)
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == count)
        #expect(errors.last == "textmeasure: line \(count): not valid JSON")
        #expect(result.stdout.split(separator: "\n").count == count)
    }

    @Test func moreStandardInputAndOutputThanAPipeHolds() throws {
        // 200,000 lines of "x" in (400 KB) and its width in Noto Sans Mono at 10 px, 6 px, out
        // for each: the command writes output while the helper still writes input.
        let count = 200_000
        let result = try run(["width", "--font", try BundledFont.notoSansMono.path(), "--size", "10"],
                             input: Array(String(repeating: "x\n", count: count).utf8))
        #expect(result.status == 0)
        #expect(result.stdout == String(repeating: "6.0\n", count: count))
    }

    @Test func badFontIsAnErrorNamingThePath() throws {
        let result = try run(["width", "--font", "/no/such.ttf"], input: Array("x\n".utf8))
        #expect(result.status != 0)
        #expect(result.stderr.contains("/no/such.ttf"))
        #expect(result.stdout.isEmpty)
    }

    /// A FIFO given as a font, as a header font or as the bundled font folder's font is refused
    /// at once with an error naming it (opening it would wait for a writer forever); each run is
    /// stopped, and the test failed, after 20 s.
    @Test func fifoAsAFontIsAnErrorNotAHang() throws {
        let folder = NSTemporaryDirectory() + "/textmeasure-fifo-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/NotoSans-Regular.ttf"
        try #require(mkfifo(fifo, 0o600) == 0)
        let csv = Array("a,b\nx,y\n".utf8)
        let runs: [(arguments: [String], input: [UInt8], environment: [String: String])] = [
            (["width", "--font", fifo], Array("x\n".utf8), [:]),
            (["columns", "-", "--header-font", fifo], csv, [:]),
            (["width"], Array("x\n".utf8), ["TEXTMEASURE_FONTS_DIR": folder]),
        ]
        for run in runs {
            let result = try self.run(run.arguments, input: run.input, timeLimit: 20, environment: run.environment)
            #expect(result.status != 0)
            #expect(result.stderr.contains("\(fifo) is a FIFO (named pipe), not a regular file"), "\(run.arguments): \(result.stderr)")
        }
    }
}
