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

extension FontSet {
    /// The simple-text analysis of the font at `index` with its feature settings (built on first use).
    func simpleText(_ index: Int) -> SimpleTextAnalysis {
        let face = face(index)
        return face.simpleText.analysis(of: face, features: featureSettings(index))
    }
}
