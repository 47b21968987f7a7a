import Foundation
import Testing
import TextMeasure
import TextMeasureTestSupport

/// Every numeric option of `textmeasure` is checked before any work, with a message naming the
/// option: lengths from 0 to 10⁹ px (the library's range), font sizes and wrap widths above 0.
@Suite struct CommandValuesTests {
    func run(_ arguments: [String], input: [UInt8] = []) throws -> Command.Result {
        try Command().run(arguments, input: input)
    }

    /// Runs `arguments` and expects a usage error whose message starts with `message`.
    func expectRefused(_ arguments: [String], _ message: String, input: [UInt8] = [],
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try run(arguments, input: input)
        #expect(result.status != 0, "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("Error: " + message), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test func rowLengths() throws {
        let path = try ColumnsCommandTests().file("A,B\nhello,world\n")
        try expectRefused(["rows", path, "--row-spacing", "1e10"], "--row-spacing must be a number from 0 to 1e9, not 10000000000.0")
        try expectRefused(["rows", path, "--vertical-padding", "1e12"], "--vertical-padding must be a number from 0 to 1e9")
        try expectRefused(["rows", path, "--header-height", "inf"], "--header-height must be a number from 0 to 1e9, not inf")
        try expectRefused(["rows", path, "--row-spacing", "nan"], "--row-spacing must be a number from 0 to 1e9, not nan")
        try expectRefused(["rows", path, "--widths", "60,1e308"], "--widths: width 2 must be a number from 0 to 1e9, not '1e308'")
        // The most is accepted: a row is its line and 2 × 10⁹ of padding.
        let result = try run(["rows", path, "--vertical-padding", "1e9", "--row-spacing", "1e9", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("inf") && !result.stdout.contains("-"), "\(result.stdout)")
    }

    @Test func columnLengths() throws {
        let path = try ColumnsCommandTests().file("A,B\nhello,world\n")
        try expectRefused(["columns", path, "--min", "1e308"], "--min must be a number from 0 to 1e9, not 1e+308")
        try expectRefused(["columns", path, "--max=-1"], "--max must be a number from 0 to 1e9, not -1.0")
        try expectRefused(["columns", path, "--frame-width", "inf"], "--frame-width must be a number from 0 to 1e9, not inf")
        try expectRefused(["columns", path, "--padding", "1e308"], "--padding must be a number from 0 to 1e9")
        try expectRefused(["columns", path, "--sort-indicator", "nan"], "--sort-indicator must be a number from 0 to 1e9")
        try expectRefused(["columns", path, "--min", "100", "--max", "50"], "--min (100.0) must be at most --max (50.0)")
    }

    @Test func modeAndStrategyNumbers() throws {
        let path = try ColumnsCommandTests().file("A,B\nhello,world\n")
        try expectRefused(["columns", path, "--mode", "fixed:1e308"], "--mode fixed:W: W must be a number from 0 to 1e9, not '1e308'")
        try expectRefused(["columns", path, "--mode", "fixed:-1"], "--mode fixed:W: W must be a number from 0 to 1e9, not '-1'")
        try expectRefused(["columns", path, "--strategy", "estimatedAverage:nan"],
                          "--strategy estimatedAverage: C must be a number from 0 to 1e9, not 'nan'")
        try expectRefused(["columns", path, "--strategy", "fixed:inf"], "--strategy fixed: W must be a number from 0 to 1e9, not 'inf'")
        try expectRefused(["columns", path, "--strategy", "percentile:95:10"], "--strategy percentile: P must be a number in (0, 1], not '95'")
        try expectRefused(["columns", path, "--strategy", "sampledMax:0"], "--strategy sampledMax: N must be a whole number of at least 1, not '0'")
        try expectRefused(["columns", path, "--mode", "cell:sampledMax:-3"], "--mode cell:sampledMax: N must be a whole number of at least 1, not '-3'")
    }

    @Test func fontSizes() throws {
        try expectRefused(["width", "--size", "1e306"], "--size must be a number above 0, at most 1e9, not 1e+306", input: Array("x\n".utf8))
        try expectRefused(["width", "--size", "0"], "--size must be a number above 0, at most 1e9, not 0.0", input: Array("x\n".utf8))
        let path = try ColumnsCommandTests().file("A\nx\n")
        try expectRefused(["columns", path, "--size", "1e10"], "--size must be a number above 0, at most 1e9")
    }

    @Test func wrapLengths() throws {
        let input = Array("{\"text\": \"a b\"}\n".utf8)
        try expectRefused(["wrap", "--width", "1e308"], "--width must be a number above 0, at most 1e9, not 1e+308", input: input)
        try expectRefused(["wrap", "--width", "10", "--line-height", "1e308"],
                          "--line-height must be 'font', a number of px above 0, at most 1e9 (e.g. 20)", input: input)
        try expectRefused(["wrap", "--width", "10", "--line-height", "2e9x"], "--line-height must be 'font'", input: input)
    }
}
