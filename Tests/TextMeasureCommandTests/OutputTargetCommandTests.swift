import Foundation
import Testing
import TextMeasureTestSupport

/// What `--output` may name: a regular file or a new path, never a device, a FIFO or a link to
/// one (replacing it would replace the device), and never the input file, whatever the names.
@Suite struct OutputTargetCommandTests {
    let folder: String
    let csv: String
    let table = "Name,Count\na,1\nb,2\n"

    init() throws {
        folder = try RenderingFixtures.temporaryFolder()
        csv = folder + "/table.csv"
        try table.write(toFile: csv, atomically: false, encoding: .utf8)
    }

    func kind(_ path: String) throws -> FileAttributeType? {
        try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
    }

    /// A link to a character device (a null device of the test's own, made with mknod as root:
    /// a test that failed must not replace the system's /dev/null), and a FIFO, for every format:
    /// refused, named, left as they were.
    @Test(arguments: ["png", "pdf", "svg", "html", "json", "xlsx"])
    func aDeviceOrFIFOIsRefused(_ format: String) throws {
        let device = folder + "/null-device", link = folder + "/null." + format
        #expect(mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0, "mknod needs root")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: device)
        let linked = try Command().run(["render", csv, "-o", link], input: [])
        #expect(linked.status != 0)
        #expect(linked.stderr.contains("\(link): \(device) is a character device, not a regular file"), "\(linked.stderr)")
        #expect(try kind(device) == .typeCharacterSpecial)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == device)

        let fifo = folder + "/fifo." + format
        #expect(mkfifo(fifo, 0o644) == 0)
        let piped = try Command().run(["render", csv, "-o", fifo], input: [])
        #expect(piped.status != 0)
        #expect(piped.stderr.contains("\(fifo): it is a FIFO, not a regular file"), "\(piped.stderr)")
        #expect((try? kind(fifo)) != .typeRegular)
    }

    /// The input under its own name with an output's extension, through a symbolic link, and
    /// through a hard link: the same device and inode each time.
    @Test func theInputIsNeverTheOutput() throws {
        let named = folder + "/data.json"
        try table.write(toFile: named, atomically: false, encoding: .utf8)
        let link = folder + "/link.pdf", hard = folder + "/hard.xlsx"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "table.csv")
        try FileManager.default.linkItem(atPath: csv, toPath: hard)
        for (input, output) in [(named, named), (csv, link), (csv, hard)] {
            let result = try Command().run(["render", input, "-o", output], input: [])
            #expect(result.status != 0)
            #expect(result.stderr.contains("\(output): it is the input file \(input)"), "\(result.stderr)")
            #expect(try String(contentsOfFile: input, encoding: .utf8) == table)
        }
        // Another file is written as ever.
        #expect(try Command().run(["render", csv, "-o", folder + "/other.pdf"], input: []).status == 0)
    }
}
