import Foundation

/// `rows` as lines of text: the first field of each row left-aligned, the others right-aligned,
/// two spaces apart, no spaces at the ends of lines.
func alignedTable(_ rows: [[String]]) -> String {
    let fields = rows.map(\.count).max() ?? 0
    let sizes = (0..<fields).map { field in rows.map { field < $0.count ? $0[field].count : 0 }.max() ?? 0 }
    return rows.map { row in
        let padded = row.indices.map { field in
            let gap = String(repeating: " ", count: sizes[field] - row[field].count)
            return field == 0 ? row[field] + gap : gap + row[field]
        }
        var line = padded.joined(separator: "  ")
        while line.last == " " { line.removeLast() }
        return line + "\n"
    }.joined()
}

/// `value` with two decimals.
func decimal(_ value: Double) -> String { String(format: "%.2f", value) }
