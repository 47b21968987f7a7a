import Foundation
import Testing
import TextMeasureTestSupport

/// A FIFO or a shell's `<(…)` (a pipe under /dev/fd) as the input file is read to its end, as a
/// file is; it was refused as "cannot be read".
@Suite struct PipeInputCommandTests {
    /// bash's process substitution, and a named FIFO written by another process: the same
    /// widths as the same CSV from a file.
    @Test func aPipeIsReadAsAFile() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let csv = "Name,Price\nWidget,$1.00\n\"Gadget, large\",$249.00\n"
        let file = folder + "/table.csv"
        try csv.write(toFile: file, atomically: false, encoding: .utf8)
        let expected = try Command().run(["columns", file], input: [])
        #expect(expected.status == 0, "\(expected.stderr)")
        let quoted = "'\(Command.executable)'"
        let substituted = try Command().run(["-c", "\(quoted) columns <(cat '\(file)')"], input: [], executable: "/bin/bash")
        #expect(substituted.status == 0, "\(substituted.stderr)")
        #expect(substituted.stdout == expected.stdout)
        let fifo = folder + "/fifo.csv"
        #expect(mkfifo(fifo, 0o600) == 0)
        let named = try Command().run(["-c", "cat '\(file)' > '\(fifo)' & \(quoted) columns '\(fifo)'; wait"], input: [], executable: "/bin/bash")
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout == expected.stdout)
    }
}
