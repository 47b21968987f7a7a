import DataTables

/// What a cell's text is written as: a number or a date with a number format that shows it
/// exactly as the text, or else the text itself (never a formula: "=1+1" is written as text).
public enum SpreadsheetCell: Sendable, Hashable {
    /// Text, written as a string.
    case text(String)
    /// A number, shown by the number format (Excel's format codes).
    case number(Double, format: String)
    /// A date or a date and time, shown by the number format.
    case date(SpreadsheetDate, format: String)

    /// The cell `text` becomes: an ISO 8601 date a date; a number as `reader` reads it
    /// ("$1,234.50", "12.5%", "(12.00)", "−3"; "1.234,5" with a comma decimal separator) a
    /// number, where a format can show it exactly as written (see
    /// `WrittenNumber.spreadsheetValue`); else text.
    ///
    /// - Complexity: O(length).
    public init(_ text: String, reader: NumberReader = NumberReader()) {
        if let (date, format) = SpreadsheetDate.iso8601(text) {
            self = .date(date, format: format)
        } else if let number = reader.read(text).number, let (value, format) = number.spreadsheetValue {
            self = .number(value, format: format)
        } else {
            self = .text(text)
        }
    }
}

/// A calendar date and time of day, as a spreadsheet stores it (a serial day number).
public struct SpreadsheetDate: Sendable, Hashable {
    /// The year (1900–9999), month (1–12) and day (1–31).
    public var year: Int, month: Int, day: Int
    /// The time of day: hour (0–23), minute and second (0–59).
    public var hour: Int, minute: Int, second: Int

    /// The day `year`-`month`-`day` at `hour`:`minute`:`second` (not checked: see `iso8601(_:)`).
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
    }

    /// An ISO 8601 date (`2024-03-15`) or date and time (`2024-03-15T09:30`,
    /// `2024-03-15 09:30:05`), with its number format (`yyyy-mm-dd`, `yyyy-mm-dd"T"hh:mm`, …);
    /// nil for anything else: other forms (week dates, ordinal dates, fractions of a second, time
    /// zones), impossible dates, and dates before 1900-03-01 or after 9999-12-31 (a spreadsheet's
    /// first day is 1900-01-01, and LibreOffice and Excel number the days before March 1900
    /// differently: Excel counts a 29 February 1900 that never was).
    ///
    /// - Complexity: O(length).
    public static func iso8601(_ text: String) -> (SpreadsheetDate, format: String)? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10 || bytes.count == 16 || bytes.count == 19 else { return nil }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in bytes[start..<(start + count)] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              (year, month) >= (1900, 3), year <= 9999 else { return nil }
        var date = SpreadsheetDate(year: year, month: month, day: day)
        var format = "yyyy-mm-dd"
        if bytes.count > 10 {
            let separator = bytes[10]
            guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"),
                  let hour = number(11, 2), let minute = number(14, 2), hour < 24, minute < 60 else { return nil }
            (date.hour, date.minute) = (hour, minute)
            format += separator == UInt8(ascii: "T") ? "\"T\"hh:mm" : " hh:mm"
            if bytes.count == 19 {
                guard bytes[16] == UInt8(ascii: ":"), let second = number(17, 2), second < 60 else { return nil }
                date.second = second
                format += ":ss"
            }
        }
        return (date, format)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
