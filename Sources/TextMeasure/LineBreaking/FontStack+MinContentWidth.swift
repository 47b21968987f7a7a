internal import ICULineBreaks

extension FontStack {
    /// The min-content width of `text`: `prepare(text, cache: cache).minContentWidth`, to the
    /// font unit. Plain ASCII text that the primary font measures on the simple-text path is
    /// walked once, whole, and its segments' widths are read off that walk (the pair
    /// adjustments between two segments left out), so no segment is measured on its own and the
    /// cache is not consulted; any other text is prepared. O(length).
    package func minContentWidth(of text: String, cache: WidthCache? = .shared) -> Double {
        var bytes = text
        if let units = bytes.withUTF8(minContentUnits(ofSimpleText:)) { return points(Double(units)) }
        return prepare(text, cache: cache).minContentWidth
    }

    /// The widest segment's content in primary font units, from one walk of the simple-text path
    /// (see `SimpleTextAnalysis.ScriptPlan.contentUnits`), when `utf8` is printable ASCII (no tab, no hard break,
    /// no control: each segment is then content and hanging spaces, measured with no context)
    /// that face 0 covers, and the walk applies; else nil.
    private func minContentUnits(ofSimpleText utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !utf8.isEmpty, ShapingMode.current == .auto, fontSet.language == nil,
              utf8.allSatisfy({ (0x20..<0x7F).contains($0) }), Itemizer.isSingleRun(utf8, in: fontSet) else { return nil }
        var pieces: [(start: Int, contentEnd: Int)] = []
        var start = 0
        for opportunity in LineBreakIterator.opportunities(in: utf8, tailoring: lineBreaks.tailoring) {
            pieces.append((start, start + HangingWhitespace.start(in: UnsafeBufferPointer(rebasing: utf8[start..<opportunity.offset]))))
            start = opportunity.offset
        }
        let shaping = fontSet.simpleText(0)
        #if DEBUG
        Shaper.probe?.count(utf8.count)
        #endif
        guard let units = shaping.contentUnits(utf8, pieces: pieces) else { return nil }
        // A piece with no letter is measured alone in Common's plan, the whole in Latin's: such
        // a piece (digits, punctuation) is walked again, alone.
        let isLetter: (UInt8) -> Bool = { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
        let wholeHasLetter = utf8.contains(where: isLetter)
        var widest = 0
        for (index, piece) in pieces.enumerated() {
            let end = index + 1 < pieces.count ? pieces[index + 1].start : utf8.count
            guard wholeHasLetter, !utf8[piece.start..<end].contains(where: isLetter) else {
                widest = max(widest, units[index])
                continue
            }
            guard let alone = shaping.measure(utf8, piece.start..<end, script: nil, hangingStart: piece.contentEnd) else { return nil }
            widest = max(widest, alone.units - alone.hanging)
        }
        return widest
    }
}
