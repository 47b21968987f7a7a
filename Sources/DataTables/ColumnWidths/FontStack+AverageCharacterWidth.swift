public import TextMeasure

extension FontStack {
    /// The mean nominal advance of the primary font over printable ASCII (U+0020 … U+007E,
    /// each of the 95 characters once), in points: the font's own `averageCharWidth` for
    /// `.calibratedAverage`.
    ///
    /// - Complexity: O(95): the nominal advances of the 95 characters, whatever the text measured.
    public var averageCharacterWidth: Double {
        let printable = String(String.UnicodeScalarView((0x20...0x7E).compactMap(Unicode.Scalar.init)))
        return primary.nominalWidth(of: printable) / 95
    }
}
