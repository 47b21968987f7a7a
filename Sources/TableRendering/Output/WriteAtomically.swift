internal import AtomicFiles

/// Writes `bytes` to `path` whole or not at all, as careful tools do: into a temporary file in
/// the same folder, flushed to the disk (`fsync`), then renamed over the file, and the folder
/// flushed, so a failure or a crash never leaves a partial file nor replaces an existing one.
///
/// - The file keeps the permissions of the file it replaces; a new file gets 0666 less the
///   process's umask, as `open` gives it.
/// - A symbolic link at `path` is kept and its target written (links followed to the last; a
///   link to a missing file creates that file).
/// - The temporary file (`.textmeasure-` and six random characters) is removed when the write
///   fails, and when the process is stopped by SIGINT or SIGTERM while writing, if those
///   signals have their default action (the file is removed, then the signal is raised again).
///
/// - Throws: `RenderError.cannotWrite` naming the path and the system's reason.
/// - Complexity: O(n) in the byte count.
public func writeAtomically(_ bytes: [UInt8], to path: String) throws(RenderError) {
    let file = try AtomicFile(writing: path, failure: RenderError.cannotWrite)
    defer { file.discard() }
    try file.append(bytes)
    try file.commit()
}

/// `text`'s UTF-8 written to `path` as `writeAtomically(_:to:)` writes bytes, from the string's own
/// storage (a copy only for a string that is not stored as UTF-8).
func writeAtomically(_ text: String, to path: String) throws(RenderError) {
    let file = try AtomicFile(writing: path, failure: RenderError.cannotWrite)
    defer { file.discard() }
    try file.append(text)
    try file.commit()
}
