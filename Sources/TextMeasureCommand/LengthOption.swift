import ArgumentParser
import TextMeasure

/// The library's range for lengths, checked on the command line: a length option is a number
/// from 0 to `maximumLength` (10⁹ px), a size or wrap width one above 0, at most 10⁹.
enum LengthOption {
    /// What a length option must be, as the messages say it.
    static let range = "a number from 0 to 1e9"
    static let positiveRange = "a number above 0, at most 1e9"

    /// Throws a `ValidationError` naming `option` unless `value` is in range (above 0 when `positive`).
    static func check(_ value: Double, _ option: String, positive: Bool = false) throws {
        guard isValid(value, positive: positive) else {
            throw ValidationError("\(option) must be \(positive ? positiveRange : range), not \(value)")
        }
    }

    static func isValid(_ value: Double, positive: Bool = false) -> Bool {
        (positive ? value > 0 : value >= 0) && value <= maximumLength
    }
}
