extension FontStack {
    /// The width of `text` in primary font units, and the part of it its hanging whitespace
    /// takes, as `mode` measures it (no cache): for comparing the simple-text path with HarfBuzz.
    package func units(of text: String, mode: ShapingMode) -> (units: Double, hanging: Double) {
        let measured = Shaper.measure(of: text, in: fontSet, mode: mode)
        return (measured.units, measured.hangingUnits)
    }

    /// Whether `width(of:)` measures `text` without shaping in `ShapingMode.auto`: the stack has no
    /// language (see the article "Measuring text"), and every run of the text is left to right, in one face whose analysis proves the sum of advances and pair
    /// adjustments equal to `hb_shape`'s width (see the article "Measuring text").
    ///
    /// - Complexity: O(length), or O(length × fonts) when the text needs itemizing; a face's
    ///   first call analyses its layout tables.
    public func takesSimpleTextPath(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        var bytes = text
        return bytes.withUTF8 { utf8 in
            let runs = Itemizer.primaryRun(utf8, in: fontSet, direction: .auto).map { [$0] }
                ?? Itemizer.runs(of: text, in: fontSet)
            return fontSet.language == nil && runs.allSatisfy { run in
                run.level == 0 && fontSet.simpleText(run.faceIndex)
                    .measure(utf8, run.utf8Range, script: run.bufferScript, hangingStart: .max) != nil
            }
        }
    }
}

/// The simple-text analysis's table reader, exposed for tests that feed it broken tables.
package enum SimpleTextTableReader {
    /// The lengths among `lengths` at which `table` (a GSUB, or GPOS when `isPositioning`) cut
    /// short reads without error but differently from the whole table: a reader that checks its
    /// bounds either fails on a cut table or never needed the bytes cut off. Every lookup is read,
    /// with glyphs 0..<`glyphs` as candidates. Nil when the whole table does not read.
    package static func misreadTruncations(of table: [UInt8], isPositioning: Bool, glyphs: Int,
                                           lengths: some Sequence<Int>) -> [Int]? {
        let candidates = LayoutTables.Candidates(Set((0..<glyphs).map { UInt16($0) }), glyphCount: glyphs)
        let lookupList = table.count >= 10 ? Int(table[8]) << 8 | Int(table[9]) : 0
        let count = lookupList > 0 && lookupList + 2 <= table.count ? Int(table[lookupList]) << 8 | Int(table[lookupList + 1]) : 0
        func read(_ length: Int) -> LayoutTables.Summary? {
            table.withUnsafeBytes { bytes in
                try? LayoutTables.summary(of: UnsafeRawBufferPointer(rebasing: bytes[..<length]), isPositioning: isPositioning,
                                          lookups: Array(0..<count), candidates: candidates)
            }
        }
        guard let whole = read(table.count) else { return nil }
        return lengths.filter { read($0).map { $0 != whole } ?? false }
    }
}

extension FontSet {
    /// The simple-text analysis of the font at `index` with its feature settings (built on first use).
    func simpleText(_ index: Int) -> SimpleTextShaping {
        let face = face(index)
        return face.simpleText.shaping(of: face, features: featureSettings(index))
    }
}
