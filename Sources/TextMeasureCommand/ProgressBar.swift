import Foundation

/// A one-line progress bar on standard error, drawn only when standard error is a terminal.
struct ProgressBar {
    let isShown: Bool
    private var drawn = ""

    /// A bar for work over an input of `inputBytes` bytes: shown for 1 MiB or more when
    /// standard error is a terminal.
    init(inputBytes: Int) {
        self.init(shown: inputBytes >= 1 << 20)
    }

    /// A bar for work over `rows` rows: shown for 10,000 or more (a CSV file of about 1 MiB)
    /// when standard error is a terminal.
    init(rows: Int) {
        self.init(shown: rows >= 10_000)
    }

    private init(shown: Bool) {
        isShown = shown && isatty(STDERR_FILENO) != 0
    }

    /// Redraws the bar as `label` and `fraction` (0…1), when it changed.
    mutating func update(_ label: String, _ fraction: Double) {
        guard isShown else { return }
        let filled = Int((max(0, min(1, fraction)) * 30).rounded(.down))
        let line = "\(label) [\(String(repeating: "#", count: filled))\(String(repeating: ".", count: 30 - filled))] \(Int(fraction * 100))%"
        guard line != drawn else { return }
        drawn = line
        write("\r\u{1B}[K" + line)
    }

    /// Removes the bar.
    mutating func clear() {
        guard isShown, !drawn.isEmpty else { return }
        drawn = ""
        write("\r\u{1B}[K")
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
