import Foundation

/// Folders for a test's files. Each is made under one folder of the test process, which is
/// removed when the process exits, so a test run leaves nothing in the temporary directory
/// (one that passes, fails or throws; not one that crashes).
package enum TemporaryFolder {
    /// This process's folder under the temporary directory, removed at exit.
    private static let root: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("textmeasure-tests-\(getpid())").path
        atexit { try? FileManager.default.removeItem(atPath: TemporaryFolder.root) }
        return path
    }()

    /// A new empty folder, named `name` and a UUID.
    package static func make(_ name: String = "folder") throws -> String {
        let path = root + "/\(name)-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
