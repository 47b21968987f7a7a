extension FontStack {
    /// The width of `text` in primary font units, and the part of it its hanging whitespace
    /// takes, as `mode` measures it (no cache): for comparing the simple-text path with HarfBuzz.
    package func units(of text: String, mode: ShapingMode) -> (units: Double, hanging: Double) {
        let measured = Shaper.measure(of: text, in: fontSet, mode: mode)
        return (measured.units, measured.hangingUnits)
    }

    /// Whether every run of `text` is measured by the simple-text path (see `ShapingMode.auto`).
    package func takesSimpleTextPath(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        var bytes = text
        return bytes.withUTF8 { utf8 in
            let runs = Itemizer.primaryRun(utf8, in: fontSet, direction: .auto).map { [$0] }
                ?? Itemizer.runs(of: text, in: fontSet)
            return runs.allSatisfy { run in
                let face = fontSet.faces[run.faceIndex]
                return run.level == 0 && face.simpleText.shaping(of: face, features: fontSet.featureSettings[run.faceIndex])
                    .measure(utf8, run.utf8Range, script: run.bufferScript, hangingStart: .max) != nil
            }
        }
    }
}
