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

    func run(_ arguments: [String], input: [UInt8]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
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

    @Test func badFontIsAnErrorNamingThePath() throws {
        let result = try run(["width", "--font", "/no/such.ttf"], input: Array("x\n".utf8))
        #expect(result.status != 0)
        #expect(result.stderr.contains("/no/such.ttf"))
        #expect(result.stdout.isEmpty)
    }
}
