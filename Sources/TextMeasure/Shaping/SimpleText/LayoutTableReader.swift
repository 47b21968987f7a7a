/// Reads what the simple-text analysis needs from a face's GSUB or GPOS table and HarfBuzz
/// does not expose, as typed `LookupEffect`s: lookup types (extensions resolved), flags,
/// coverage, ligature components, context rules and pair value formats.
///
/// With `KernTable`, the only place the analysis reads table bytes: every read is checked
/// against the table's length, and anything out of bounds or not in the specification throws
/// `MalformedTable`, after which the face is measured by HarfBuzz alone. Glyph sets are kept
/// only over the candidates (the glyphs simple text can hold), so the work is linear in the
/// table's size.
struct LayoutTableReader {
    private let table: TableBytes
    private let isPositioning: Bool
    private let candidates: CandidateGlyphs
    private var summary = LookupSummary()
    /// Candidate glyphs of each class of a class definition, by (offset, class).
    private var classGlyphs: [Int: [UInt16]] = [:]
    private var classMaps: [Int: [UInt16: Int]] = [:]
    private var pairFirst: Set<UInt16> = []
    /// The index of the lookup being read.
    private var lookupIndex = 0
    /// Whether a pair adjustment of the lookup being read covers a candidate.
    private var pairCoversCandidates = false

    /// The effects of `lookups` (indices into the lookup list) of the GSUB (`isPositioning`
    /// false) or GPOS table `table`, over `candidates`. O(table size).
    static func summary(of table: UnsafeRawBufferPointer, isPositioning: Bool, lookups: [Int],
                        candidates: CandidateGlyphs) throws(MalformedTable) -> LookupSummary {
        var reader = LayoutTableReader(table: TableBytes(table), isPositioning: isPositioning, candidates: candidates)
        try reader.read(lookups: lookups)
        return reader.summary
    }

    private init(table: TableBytes, isPositioning: Bool, candidates: CandidateGlyphs) {
        self.table = table
        self.isPositioning = isPositioning
        self.candidates = candidates
    }

    private mutating func read(lookups: [Int]) throws(MalformedTable) {
        guard try table.u16(0) == 1 else { throw MalformedTable() }
        guard let lookupList = try table.offset16(0, at: 8) else {
            guard lookups.isEmpty else { throw MalformedTable() }
            return
        }
        let count = try table.u16(lookupList)
        for index in lookups {
            guard index < count, let lookup = try table.offset16(lookupList, at: lookupList + 2 + 2 * index) else {
                throw MalformedTable()
            }
            lookupIndex = index
            try read(lookup: lookup)
        }
        summary.pairFirstGlyphs = pairFirst.sorted()
    }

    private mutating func read(lookup: Int) throws(MalformedTable) {
        let type = try table.u16(lookup), subtables = try table.u16(lookup + 4)
        let flags = LookupFlags(rawValue: UInt16(try table.u16(lookup + 2)))
        let ignoresBases = flags.contains(.ignoreBaseGlyphs)
        let firstEffect = summary.effects.count
        pairCoversCandidates = false
        for index in 0..<subtables {
            guard let subtable = try table.offset16(lookup, at: lookup + 6 + 2 * index) else { throw MalformedTable() }
            var (kind, at) = (type, subtable)
            if type == (isPositioning ? 9 : 7) {  // extension: u16 format 1, u16 type, u32 offset
                guard try table.u16(subtable) == 1 else { throw MalformedTable() }
                kind = try table.u16(subtable + 2)
                at = subtable + (try table.u32(subtable + 4))
                guard kind != type else { throw MalformedTable() }
            }
            let start = summary.effects.count
            try (isPositioning ? readPositioning(kind, at, ignoresBases: ignoresBases) : readSubstitution(kind, at))
            if ignoresBases {
                // Base glyphs are skipped by its matching: positions need not be adjacent. Whatever
                // it could match, it may change.
                for index in start..<summary.effects.count { summary.effects[index] = .touches(summary.effects[index].glyphs) }
            }
        }
        // Skipping ligatures matters only to a lookup that can fire in simple text (mark
        // attachments, which often skip them, cover no candidate).
        if flags.contains(.ignoreLigatures),
           pairCoversCandidates || summary.effects[firstEffect...].contains(where: { !$0.glyphs.isEmpty }) {
            summary.ignoresLigatures = true
        }
    }

    /// The lookup flags the analysis reads (OpenType's LookupFlag bits).
    private struct LookupFlags: OptionSet {
        let rawValue: UInt16
        static let ignoreBaseGlyphs = LookupFlags(rawValue: 0x0002)
        static let ignoreLigatures = LookupFlags(rawValue: 0x0004)
    }

    private mutating func readSubstitution(_ type: Int, _ at: Int) throws(MalformedTable) {
        switch type {
        case 1, 2, 3:  // single, multiple, alternate: u16 format, offset coverage
            guard (1...2).contains(try table.u16(at)) else { throw MalformedTable() }
            summary.effects.append(.touches(try coverage(at, at: at + 2).map(\.glyph)))
        case 4:
            guard try table.u16(at) == 1 else { throw MalformedTable() }
            try readLigatures(at)
        case 5: try readContext(at)
        case 6: try readChainContext(at)
        case 8:  // reverse chain: coverage, backtrack coverages, lookahead coverages, substitutes
            guard try table.u16(at) == 1 else { throw MalformedTable() }
            let input = try coverage(at, at: at + 2).map(\.glyph)
            let backtrackCount = try table.u16(at + 4)
            let backtrack = try coverages(at, count: backtrackCount, at: at + 6)
            let lookaheadCount = try table.u16(at + 6 + 2 * backtrackCount)
            let lookahead = try coverages(at, count: lookaheadCount, at: at + 8 + 2 * backtrackCount)
            summary.effects.append(.context(backtrack: backtrack, input: [input], lookahead: lookahead, targets: [0]))
        default: throw MalformedTable()
        }
    }

    private mutating func readPositioning(_ type: Int, _ at: Int, ignoresBases: Bool) throws(MalformedTable) {
        switch type {
        case 1, 3, 4, 5, 6:  // single, cursive, mark attachments (mark coverage first): u16 format, offset coverage
            let format = try table.u16(at)
            guard format == 1 || type == 1 && format == 2 else { throw MalformedTable() }
            summary.effects.append(.touches(try coverage(at, at: at + 2).map(\.glyph)))
        case 2:  // pair: u16 format, offset coverage, u16 valueFormat1, u16 valueFormat2
            guard (1...2).contains(try table.u16(at)) else { throw MalformedTable() }
            let first = try coverage(at, at: at + 2).map(\.glyph)
            if try table.u16(at + 6) != 0 || ignoresBases {
                // A value for the second glyph moves HarfBuzz past it: pairs no longer overlap.
                summary.effects.append(.touches(first))
            } else {
                pairFirst.formUnion(first)
                if !first.isEmpty { pairCoversCandidates = true }
            }
        case 7: try readContext(at)
        case 8: try readChainContext(at)
        default: throw MalformedTable()
        }
    }

    /// LigatureSubstFormat1: coverage, u16 count, offsets to ligature sets (by coverage index);
    /// a set: u16 count, offsets to ligatures; a ligature: u16 glyph, u16 component count, components.
    /// Ligatures with a component that is no candidate are left out: they never fire in simple text.
    private mutating func readLigatures(_ at: Int) throws(MalformedTable) {
        let setCount = try table.u16(at + 4)
        for (glyph, index) in try coverage(at, at: at + 2) where index < setCount {
            guard let set = try table.offset16(at, at: at + 6 + 2 * index) else { continue }
            for ligatureIndex in 0..<(try table.u16(set)) {
                guard let ligature = try table.offset16(set, at: set + 2 + 2 * ligatureIndex) else { throw MalformedTable() }
                let count = try table.u16(ligature + 2)
                guard count > 1 else {
                    summary.effects.append(.touches([glyph]))
                    continue
                }
                var components: [UInt16] = []
                for component in 1..<count {
                    let id = try table.u16(ligature + 4 + 2 * (component - 1))
                    guard candidates.contains(id) else { components = []; break }
                    components.append(UInt16(id))
                }
                if !components.isEmpty {
                    summary.effects.append(.ligature(start: glyph, components: components,
                                                     glyph: UInt16(try table.u16(ligature)), lookup: lookupIndex))
                }
            }
        }
    }

    /// SequenceContext formats 1-3 (GSUB 5, GPOS 7).
    private mutating func readContext(_ at: Int) throws(MalformedTable) {
        switch try table.u16(at) {
        case 1:  // coverage, u16 count, rule sets by coverage index; rule: u16 glyphCount, u16 lookupCount, glyphs
            let setCount = try table.u16(at + 4)
            for (glyph, index) in try coverage(at, at: at + 2) where index < setCount {
                guard let set = try table.offset16(at, at: at + 6 + 2 * index) else { continue }
                for rule in try offsets(set) {
                    let count = try table.u16(rule)
                    let input = try glyphSequence(count: count - 1, at: rule + 4)
                    appendContext(backtrack: [], input: [[glyph]] + input, lookahead: [],
                                  targets: try targets(countAt: rule + 2, recordsAt: rule + 2 + 2 * count, inputCount: count))
                }
            }
        case 2:  // coverage, classDef, u16 count, rule sets by class; rule: u16 glyphCount, u16 lookupCount, classes
            let covered = try coverage(at, at: at + 2).map(\.glyph)
            let classDef = try table.offset16(at, at: at + 4)
            for (first, rules) in try classRuleSets(at, covered: covered, classDef: classDef, countAt: at + 6) {
                for rule in rules {
                    let count = try table.u16(rule)
                    let input = try classSequence(classDef, count: count - 1, at: rule + 4)
                    appendContext(backtrack: [], input: [first] + input, lookahead: [],
                                  targets: try targets(countAt: rule + 2, recordsAt: rule + 2 + 2 * count, inputCount: count))
                }
            }
        case 3:  // u16 glyphCount, u16 lookupCount, coverages
            let count = try table.u16(at + 2)
            guard count > 0 else { throw MalformedTable() }
            appendContext(backtrack: [], input: try coverages(at, count: count, at: at + 6), lookahead: [],
                          targets: try targets(countAt: at + 4, recordsAt: at + 6 + 2 * count, inputCount: count))
        default: throw MalformedTable()
        }
    }

    /// ChainedSequenceContext formats 1-3 (GSUB 6, GPOS 8).
    private mutating func readChainContext(_ at: Int) throws(MalformedTable) {
        switch try table.u16(at) {
        case 1:
            let setCount = try table.u16(at + 4)
            for (glyph, index) in try coverage(at, at: at + 2) where index < setCount {
                guard let set = try table.offset16(at, at: at + 6 + 2 * index) else { continue }
                for rule in try offsets(set) {
                    var cursor = rule
                    let backtrackCount = try table.u16(cursor)
                    let backtrack = try glyphSequence(count: backtrackCount, at: cursor + 2)
                    cursor += 2 + 2 * backtrackCount
                    let inputCount = try table.u16(cursor)
                    guard inputCount > 0 else { throw MalformedTable() }
                    let input = try glyphSequence(count: inputCount - 1, at: cursor + 2)
                    cursor += 2 * inputCount
                    let lookahead = try glyphSequence(count: try table.u16(cursor), at: cursor + 2)
                    cursor += 2 + 2 * lookahead.count
                    appendContext(backtrack: backtrack, input: [[glyph]] + input, lookahead: lookahead,
                                  targets: try targets(countAt: cursor, recordsAt: cursor + 2, inputCount: inputCount))
                }
            }
        case 2:
            let covered = try coverage(at, at: at + 2).map(\.glyph)
            let backtrackDef = try table.offset16(at, at: at + 4)
            let inputDef = try table.offset16(at, at: at + 6)
            let lookaheadDef = try table.offset16(at, at: at + 8)
            for (first, rules) in try classRuleSets(at, covered: covered, classDef: inputDef, countAt: at + 10) {
                for rule in rules {
                    var cursor = rule
                    let backtrackCount = try table.u16(cursor)
                    let backtrack = try classSequence(backtrackDef, count: backtrackCount, at: cursor + 2)
                    cursor += 2 + 2 * backtrackCount
                    let inputCount = try table.u16(cursor)
                    guard inputCount > 0 else { throw MalformedTable() }
                    let input = try classSequence(inputDef, count: inputCount - 1, at: cursor + 2)
                    cursor += 2 * inputCount
                    let lookahead = try classSequence(lookaheadDef, count: try table.u16(cursor), at: cursor + 2)
                    cursor += 2 + 2 * lookahead.count
                    appendContext(backtrack: backtrack, input: [first] + input, lookahead: lookahead,
                                  targets: try targets(countAt: cursor, recordsAt: cursor + 2, inputCount: inputCount))
                }
            }
        case 3:
            var cursor = at + 2
            let backtrackCount = try table.u16(cursor)
            let backtrack = try coverages(at, count: backtrackCount, at: cursor + 2)
            cursor += 2 + 2 * backtrackCount
            let inputCount = try table.u16(cursor)
            guard inputCount > 0 else { throw MalformedTable() }
            let input = try coverages(at, count: inputCount, at: cursor + 2)
            cursor += 2 + 2 * inputCount
            let lookahead = try coverages(at, count: try table.u16(cursor), at: cursor + 2)
            cursor += 2 + 2 * lookahead.count
            appendContext(backtrack: backtrack, input: input, lookahead: lookahead,
                          targets: try targets(countAt: cursor, recordsAt: cursor + 2, inputCount: inputCount))
        default: throw MalformedTable()
        }
    }

    /// A rule needing a glyph simple text never holds can never fire in it, and one without
    /// nested lookups changes nothing: both are left out.
    private mutating func appendContext(backtrack: [[UInt16]], input: [[UInt16]], lookahead: [[UInt16]], targets: [Int]) {
        guard !targets.isEmpty, !(backtrack + input + lookahead).contains(where: \.isEmpty) else { return }
        summary.effects.append(.context(backtrack: backtrack, input: input, lookahead: lookahead, targets: targets))
    }

    /// The input positions of a rule's lookup records (u16 count at `countAt`; records of u16
    /// sequence index and u16 lookup index from `recordsAt`). HarfBuzz skips a record past the input.
    private func targets(countAt: Int, recordsAt: Int, inputCount: Int) throws(MalformedTable) -> [Int] {
        let count = try table.u16(countAt)
        try table.check(recordsAt, 4 * count)
        var positions = Set<Int>()
        for record in 0..<count {
            let index = try table.u16(recordsAt + 4 * record)
            if index < inputCount { positions.insert(index) }
        }
        return positions.sorted()
    }

    /// u16 count, then that many offsets from `at`.
    private func offsets(_ at: Int) throws(MalformedTable) -> [Int] {
        let count = try table.u16(at)
        var result: [Int] = []
        for index in 0..<count {
            guard let offset = try table.offset16(at, at: at + 2 + 2 * index) else { throw MalformedTable() }
            result.append(offset)
        }
        return result
    }

    /// `count` glyph ids from `at`, each as the one-glyph set of candidates it allows.
    private func glyphSequence(count: Int, at: Int) throws(MalformedTable) -> [[UInt16]] {
        guard count >= 0 else { throw MalformedTable() }
        var sequence: [[UInt16]] = []
        for index in 0..<count {
            let glyph = try table.u16(at + 2 * index)
            sequence.append(candidates.contains(glyph) ? [UInt16(glyph)] : [])
        }
        return sequence
    }

    /// `count` class values from `at`, each as the candidates of that class of `classDef`.
    private mutating func classSequence(_ classDef: Int?, count: Int, at: Int) throws(MalformedTable) -> [[UInt16]] {
        guard count >= 0 else { throw MalformedTable() }
        var sequence: [[UInt16]] = []
        for index in 0..<count { sequence.append(try glyphs(ofClass: try table.u16(at + 2 * index), in: classDef)) }
        return sequence
    }

    /// `count` coverage offsets (from `base`) at `at`, as candidate sets.
    private func coverages(_ base: Int, count: Int, at: Int) throws(MalformedTable) -> [[UInt16]] {
        var sets: [[UInt16]] = []
        for index in 0..<count { sets.append(try coverage(base, at: at + 2 * index).map(\.glyph)) }
        return sets
    }

    /// The candidates a coverage table (offset at `at`, from `base`) covers, with their coverage indices.
    private func coverage(_ base: Int, at: Int) throws(MalformedTable) -> [(glyph: UInt16, index: Int)] {
        guard let coverage = try table.offset16(base, at: at) else { throw MalformedTable() }
        var covered: [(glyph: UInt16, index: Int)] = []
        switch try table.u16(coverage) {
        case 1:
            let count = try table.u16(coverage + 2)
            try table.check(coverage + 4, 2 * count)
            // Out of order, HarfBuzz's bisection may miss some: taking every glyph listed only
            // removes more from S, bans more and shapes more pairs.
            for index in 0..<count {
                let glyph = try table.u16(coverage + 4 + 2 * index)
                if candidates.contains(glyph) { covered.append((UInt16(glyph), index)) }
            }
        case 2:
            let count = try table.u16(coverage + 2)
            try table.check(coverage + 4, 6 * count)
            for range in 0..<count {  // as in format 1, ranges out of order are all taken
                let at = coverage + 4 + 6 * range
                let (start, end, index) = (try table.u16(at), try table.u16(at + 2), try table.u16(at + 4))
                guard start <= end else { continue }
                for glyph in candidates.glyphs(in: start...end) { covered.append((glyph, index + Int(glyph) - start)) }
            }
        default: throw MalformedTable()
        }
        return covered
    }

    /// The candidates of class `value` of the class definition at `classDef` (none: every glyph is class 0).
    private mutating func glyphs(ofClass value: Int, in classDef: Int?) throws(MalformedTable) -> [UInt16] {
        let key = (classDef ?? 0) << 16 | value
        if let glyphs = classGlyphs[key] { return glyphs }
        let map = try classes(classDef)
        let glyphs = candidates.sorted.filter { (map[$0] ?? 0) == value }
        classGlyphs[key] = glyphs
        return glyphs
    }

    /// The rule sets of a class-based context (format 2), whose count is at `countAt` and whose
    /// offsets follow it: for each class that has a set, the covered glyphs of that class and the
    /// offsets of the set's rules.
    private mutating func classRuleSets(_ at: Int, covered: [UInt16], classDef: Int?, countAt: Int)
        throws(MalformedTable) -> [(first: [UInt16], rules: [Int])] {
        var sets: [(first: [UInt16], rules: [Int])] = []
        for setClass in 0..<(try table.u16(countAt)) {
            guard let set = try table.offset16(at, at: countAt + 2 + 2 * setClass) else { continue }
            let classMap = try classes(classDef)
            sets.append((covered.filter { (classMap[$0] ?? 0) == setClass }, try offsets(set)))
        }
        return sets
    }

    /// The nonzero classes of the candidates in the class definition at `classDef`.
    private mutating func classes(_ classDef: Int?) throws(MalformedTable) -> [UInt16: Int] {
        guard let classDef else { return [:] }
        if let map = classMaps[classDef] { return map }
        var map: [UInt16: Int] = [:]
        switch try table.u16(classDef) {
        case 1:  // u16 startGlyph, u16 count, classes
            let start = try table.u16(classDef + 2), count = try table.u16(classDef + 4)
            try table.check(classDef + 6, 2 * count)
            if count > 0 {
                for glyph in candidates.glyphs(in: start...(start + count - 1)) {
                    let value = try table.u16(classDef + 6 + 2 * (Int(glyph) - start))
                    if value != 0 { map[glyph] = value }
                }
            }
        case 2:  // u16 count, (start, end, class)
            let count = try table.u16(classDef + 2)
            try table.check(classDef + 4, 6 * count)
            var previous = -1
            for range in 0..<count {
                let at = classDef + 4 + 6 * range
                let (start, end, value) = (try table.u16(at), try table.u16(at + 2), try table.u16(at + 4))
                guard previous < start, start <= end else { throw MalformedTable() }
                previous = end
                if value != 0 { for glyph in candidates.glyphs(in: start...end) { map[glyph] = value } }
            }
        default: throw MalformedTable()
        }
        classMaps[classDef] = map
        return map
    }
}
