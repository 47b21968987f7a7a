import ArgumentParser
import AtomicFiles

extension TextMeasureCommand.Render {
    /// Refuses, before any work, an `--output` that is not a regular file or a new path (a
    /// device, a FIFO, a folder, or a link to one) or that is the input file itself (the same
    /// device and inode, whatever the names or links).
    func checkOutput() throws {
        try AtomicFile<ValidationError>.checkTarget(output, isNot: options.file == "-" ? nil : options.file) { path, reason in
            ValidationError("--output \(path): \(reason)")
        }
    }
}
