import AtomicFiles
import Foundation

/// Where every accepted change is saved (`textmeasure serve --save`): the CSV file the table
/// came from, rewritten whole through `AtomicFile` (a temporary file, flushed, renamed over it),
/// so a kill at any moment leaves the old file or the new one, never part of one.
struct Saving: Sendable {
    /// The file.
    let path: String
    /// Its field separator.
    let delimiter: Unicode.Scalar

    /// Why the file was not saved (the table stays as edited, in memory).
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "\(path) was not saved: \(reason); the edits are kept in memory" }
    }

    /// Writes `titles` and `rows` as CSV. A file that cannot be written to is refused before
    /// anything is written, since renaming over it would replace it anyway: one made read-only
    /// (no write permission for its owner: refused even to root, who could write it), or one this
    /// process may not write.
    func write<Row: ServedRow>(titles: [String], rows: [Row]) -> Result<Void, Failure> {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IWUSR == 0 {
            return .failure(Failure(path: path, reason: "it is read-only"))
        }
        if access(path, F_OK) == 0, access(path, W_OK) != 0 {
            return .failure(Failure(path: path, reason: String(cString: strerror(errno))))
        }
        do {
            let file = try AtomicFile(writing: path) { Failure(path: $0, reason: $1) }
            defer { file.discard() }
            try file.append(CSVText.bytes(titles: titles, rows: rows.lazy.map(\.fields), delimiter: delimiter))
            try file.commit()
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}
