import DataTables

/// What a column's cells are written as, decided for the column as a whole, as a person keeps a
/// sheet: a column of numbers is numbers, a column of dates is dates, and any other column is
/// text throughout. A package named "2048" among names stays text, aligned as text.
public enum SpreadsheetColumnType: Sendable, Hashable {
    /// Every cell a string, shown as written.
    case text
    /// Every non-empty cell a number (`SpreadsheetCell.number`), but the null markers.
    case numbers
    /// Every non-empty cell an ISO 8601 date (`SpreadsheetCell.date`), but the null markers.
    case dates

    /// Texts that stand for a missing value in a column of numbers or dates without making it
    /// text (`NumberReader.nullMarkers`: "-", "–", "—", "N/A", "n/a" and "NA"). They are written
    /// as text, as given, at the column's trailing edge where the column has the spreadsheet's
    /// own alignment.
    public static var nullMarkers: Set<String> { NumberReader.nullMarkers }

    /// The type of a column of `texts`, whose numbers `reader` reads: numbers when every
    /// non-empty text but the null markers is a number, dates when every one is a date, text
    /// otherwise (and for a column with neither).
    ///
    /// - Complexity: O(total length); stops at the first text that makes the column text.
    public static func of(_ texts: some Sequence<String>, reader: NumberReader) -> SpreadsheetColumnType {
        var found: SpreadsheetColumnType?
        for text in texts where !text.isEmpty && !nullMarkers.contains(text) {
            let type: SpreadsheetColumnType = switch SpreadsheetCell(text, reader: reader) {
            case .text: .text
            case .number: .numbers
            case .date: .dates
            }
            guard type != .text, found == nil || found == type else { return .text }
            found = type
        }
        return found ?? .text
    }
}
