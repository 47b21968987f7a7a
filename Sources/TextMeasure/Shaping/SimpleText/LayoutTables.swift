/// What the simple-text analysis needs from a face's GSUB, GPOS and `kern` tables and HarfBuzz
/// does not expose: lookup types (extensions resolved), flags, coverage, ligature components,
/// context rules, pair value formats and the legacy `kern` subtables' formats.
///
/// The only place the analysis reads table bytes: every read is checked against the table's
/// length, and anything out of bounds or not in the specification throws `Malformed`, after
/// which the face is measured by HarfBuzz alone. Glyph sets are kept only over `candidates`
/// (the glyphs simple text can hold), so the work is linear in the table's size.
enum LayoutTables {
    struct Malformed: Error {
        /// The line of the check that failed, for diagnosis.
        let line: Int
        init(line: Int = #line) { self.line = line }
    }

    /// Which glyphs a lookup of the plan may change in a string of candidate glyphs.
    enum Effect: Equatable {
        /// It may change these glyphs wherever they are.
        case touches([UInt16])
        /// A ligature of lookup `lookup` (an index into the lookup list) that replaces `start`
        /// followed by `components` with `glyph`; ligatures of one start are listed in the order
        /// HarfBuzz tries them (subtable by subtable, each set's ligatures in order).
        case ligature(start: UInt16, components: [UInt16], glyph: UInt16, lookup: Int)
        /// A rule that fires where each position holds a glyph of its set; its nested lookups apply
        /// at the input positions `targets` (none: it changes nothing).
        case context(backtrack: [[UInt16]], input: [[UInt16]], lookahead: [[UInt16]], targets: [Int])
    }

    /// The effects of `lookups` (indices into the table's lookup list) and the first glyphs of
    /// their pair adjustments that may adjust a candidate pair.
    struct Summary: Equatable {
        var effects: [Effect] = []
        var pairFirst: [UInt16] = []
        /// Whether a lookup that may fire in simple text skips ligature glyphs (then glyphs around
        /// a ligature may meet).
        var ignoresLigatures = false
    }

    /// The glyphs simple text can hold: a membership table by glyph id and the sorted ids.
    struct Candidates {
        let member: [Bool]
        let sorted: [UInt16]

        init(_ glyphs: Set<UInt16>, glyphCount: Int) {
            var member = [Bool](repeating: false, count: max(glyphCount, Int(glyphs.max() ?? 0) + 1))
            for glyph in glyphs { member[Int(glyph)] = true }
            self.member = member
            self.sorted = glyphs.sorted()
        }

        func contains(_ glyph: Int) -> Bool { glyph < member.count && member[glyph] }
    }

    /// Reads the GSUB (`isPositioning` false) or GPOS table `table`.
    static func summary(of table: UnsafeRawBufferPointer, isPositioning: Bool, lookups: [Int],
                        candidates: Candidates) throws(Malformed) -> Summary {
        var reader = Reader(table: Bytes(table), isPositioning: isPositioning, candidates: candidates)
        try reader.read(lookups: lookups)
        return reader.summary
    }

    /// The usable subtables of a legacy `kern` table: nil when HarfBuzz could apply one whose
    /// effect is not a sum over adjacent pairs (format 1 or 3, cross-stream); else the left
    /// glyphs of its pairs, or nil inside for "any glyph" (format 2).
    static func kernLeftGlyphs(of table: UnsafeRawBufferPointer) throws(Malformed) -> [UInt16]? {
        let bytes = Bytes(table)
        var left: Set<UInt16> = []
        var anyGlyph = false
        if try bytes.u16(0) == 0 {  // OpenType: u16 version, u16 count; subtables u16 version, u16 length, u16 coverage
            var offset = 4
            for _ in 0..<(try bytes.u16(2)) {
                let length = try bytes.u16(offset + 2), coverage = try bytes.u16(offset + 4)
                let format = coverage >> 8
                let horizontal = coverage & 1 != 0, crossStream = coverage & 4 != 0
                if horizontal {
                    guard !crossStream, format == 0 || format == 2 else { throw Malformed() }
                    if format == 0 { try kernPairs(bytes, at: offset + 6, into: &left) } else { anyGlyph = true }
                }
                guard length >= 6 else { throw Malformed() }
                // HarfBuzz steps by the length field; a format 0 subtable must agree with its pair count.
                let pairs = format == 0 ? try bytes.u16(offset + 6) : 0
                guard format != 0 || length == (14 + 6 * pairs) & 0xFFFF else { throw Malformed() }
                offset += length
            }
        } else {
            guard try bytes.u32(0) == 0x0001_0000 else { throw Malformed() }
            var offset = 8  // Apple: u32 version, u32 count; subtables u32 length, u16 coverage, u16 tuple index
            for _ in 0..<(try bytes.u32(4)) {
                let length = try bytes.u32(offset), coverage = try bytes.u16(offset + 4)
                let format = coverage & 0xFF
                let vertical = coverage & 0x8000 != 0, crossStream = coverage & 0x4000 != 0, variation = coverage & 0x2000 != 0
                if !vertical, !variation {
                    guard !crossStream, format == 0 || format == 2 else { throw Malformed() }
                    if format == 0 { try kernPairs(bytes, at: offset + 8, into: &left) } else { anyGlyph = true }
                }
                guard length >= 8 else { throw Malformed() }
                offset += length
            }
        }
        return anyGlyph ? nil : left.sorted()
    }

    /// The left glyphs of a format 0 subtable's pairs: u16 count, 3 × u16, then (left, right, value).
    private static func kernPairs(_ bytes: Bytes, at offset: Int, into left: inout Set<UInt16>) throws(Malformed) {
        let count = try bytes.u16(offset)
        try bytes.check(offset + 8, count * 6)
        for index in 0..<count { left.insert(UInt16(try bytes.u16(offset + 8 + index * 6))) }
    }

    /// Big-endian reads, each checked against the table's length.
    struct Bytes {
        let table: UnsafeRawBufferPointer
        init(_ table: UnsafeRawBufferPointer) { self.table = table }

        func check(_ offset: Int, _ count: Int) throws(Malformed) {
            guard offset >= 0, count >= 0, offset <= table.count, count <= table.count - offset else { throw Malformed() }
        }

        func u16(_ offset: Int) throws(Malformed) -> Int {
            try check(offset, 2)
            return Int(table[offset]) << 8 | Int(table[offset + 1])
        }

        func u32(_ offset: Int) throws(Malformed) -> Int {
            try check(offset, 4)
            return try u16(offset) << 16 | u16(offset + 2)
        }

        /// The table offset that the 16-bit offset at `at` (relative to `base`) points to; nil when it is 0.
        func offset16(_ base: Int, at: Int) throws(Malformed) -> Int? {
            let value = try u16(at)
            return value == 0 ? nil : base + value
        }
    }

    private struct Reader {
        let table: Bytes
        let isPositioning: Bool
        let candidates: Candidates
        var summary = Summary()
        /// Candidate glyphs of each class of a class definition, by (offset, class).
        private var classGlyphs: [Int: [UInt16]] = [:]
        private var classMaps: [Int: [UInt16: Int]] = [:]
        private var pairFirst: Set<UInt16> = []
        /// The index of the lookup being read.
        private var lookupIndex = 0
        /// Whether a pair adjustment of the lookup being read covers a candidate.
        private var pairCoversCandidates = false

        init(table: Bytes, isPositioning: Bool, candidates: Candidates) {
            self.table = table
            self.isPositioning = isPositioning
            self.candidates = candidates
        }

        mutating func read(lookups: [Int]) throws(Malformed) {
            guard try table.u16(0) == 1 else { throw Malformed() }
            guard let lookupList = try table.offset16(0, at: 8) else {
                guard lookups.isEmpty else { throw Malformed() }
                return
            }
            let count = try table.u16(lookupList)
            for index in lookups {
                guard index < count, let lookup = try table.offset16(lookupList, at: lookupList + 2 + 2 * index) else {
                    throw Malformed()
                }
                lookupIndex = index
                try read(lookup: lookup)
            }
            summary.pairFirst = pairFirst.sorted()
        }

        private mutating func read(lookup: Int) throws(Malformed) {
            let type = try table.u16(lookup), flag = try table.u16(lookup + 2), subtables = try table.u16(lookup + 4)
            let ignoresBases = flag & 0x0002 != 0
            let firstEffect = summary.effects.count
            pairCoversCandidates = false
            for index in 0..<subtables {
                guard let subtable = try table.offset16(lookup, at: lookup + 6 + 2 * index) else { throw Malformed() }
                var (kind, at) = (type, subtable)
                if type == (isPositioning ? 9 : 7) {  // extension: u16 format 1, u16 type, u32 offset
                    guard try table.u16(subtable) == 1 else { throw Malformed() }
                    kind = try table.u16(subtable + 2)
                    at = subtable + (try table.u32(subtable + 4))
                    guard kind != type else { throw Malformed() }
                }
                let start = summary.effects.count
                try (isPositioning ? readPositioning(kind, at, ignoresBases: ignoresBases) : readSubstitution(kind, at))
                if ignoresBases {
                    // Base glyphs are skipped by its matching: positions need not be adjacent. Whatever
                    // it could match, it may change.
                    for index in start..<summary.effects.count { summary.effects[index] = .touches(Self.glyphs(summary.effects[index])) }
                }
            }
            // Skipping ligatures matters only to a lookup that can fire in simple text (mark
            // attachments, which often skip them, cover no candidate).
            if flag & 0x0004 != 0,
               pairCoversCandidates || summary.effects[firstEffect...].contains(where: { !Self.glyphs($0).isEmpty }) {
                summary.ignoresLigatures = true
            }
        }

        private static func glyphs(_ effect: Effect) -> [UInt16] {
            switch effect {
            case .touches(let glyphs): glyphs
            case .ligature(let start, let components, _, _): [start] + components
            case .context(let backtrack, let input, let lookahead, _): (backtrack + input + lookahead).flatMap { $0 }
            }
        }

        private mutating func readSubstitution(_ type: Int, _ at: Int) throws(Malformed) {
            switch type {
            case 1, 2, 3:  // single, multiple, alternate: u16 format, offset coverage
                guard (1...2).contains(try table.u16(at)) else { throw Malformed() }
                summary.effects.append(.touches(try coverage(at, at: at + 2).map(\.glyph)))
            case 4:
                guard try table.u16(at) == 1 else { throw Malformed() }
                try readLigatures(at)
            case 5: try readContext(at)
            case 6: try readChainContext(at)
            case 8:  // reverse chain: coverage, backtrack coverages, lookahead coverages, substitutes
                guard try table.u16(at) == 1 else { throw Malformed() }
                let input = try coverage(at, at: at + 2).map(\.glyph)
                let backtrackCount = try table.u16(at + 4)
                let backtrack = try coverages(at, count: backtrackCount, at: at + 6)
                let lookaheadCount = try table.u16(at + 6 + 2 * backtrackCount)
                let lookahead = try coverages(at, count: lookaheadCount, at: at + 8 + 2 * backtrackCount)
                summary.effects.append(.context(backtrack: backtrack, input: [input], lookahead: lookahead, targets: [0]))
            default: throw Malformed()
            }
        }

        private mutating func readPositioning(_ type: Int, _ at: Int, ignoresBases: Bool) throws(Malformed) {
            switch type {
            case 1, 3, 4, 5, 6:  // single, cursive, mark attachments (mark coverage first): u16 format, offset coverage
                let format = try table.u16(at)
                guard format == 1 || type == 1 && format == 2 else { throw Malformed() }
                summary.effects.append(.touches(try coverage(at, at: at + 2).map(\.glyph)))
            case 2:  // pair: u16 format, offset coverage, u16 valueFormat1, u16 valueFormat2
                guard (1...2).contains(try table.u16(at)) else { throw Malformed() }
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
            default: throw Malformed()
            }
        }

        /// LigatureSubstFormat1: coverage, u16 count, offsets to ligature sets (by coverage index);
        /// a set: u16 count, offsets to ligatures; a ligature: u16 glyph, u16 component count, components.
        /// Ligatures with a component that is no candidate are left out: they never fire in simple text.
        private mutating func readLigatures(_ at: Int) throws(Malformed) {
            let setCount = try table.u16(at + 4)
            for (glyph, index) in try coverage(at, at: at + 2) where index < setCount {
                guard let set = try table.offset16(at, at: at + 6 + 2 * index) else { continue }
                for ligatureIndex in 0..<(try table.u16(set)) {
                    guard let ligature = try table.offset16(set, at: set + 2 + 2 * ligatureIndex) else { throw Malformed() }
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
        private mutating func readContext(_ at: Int) throws(Malformed) {
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
                let setCount = try table.u16(at + 6)
                for setClass in 0..<setCount {
                    guard let set = try table.offset16(at, at: at + 8 + 2 * setClass) else { continue }
                    let classMap = try classes(classDef)
                    let first = covered.filter { (classMap[$0] ?? 0) == setClass }
                    for rule in try offsets(set) {
                        let count = try table.u16(rule)
                        let input = try classSequence(classDef, count: count - 1, at: rule + 4)
                        appendContext(backtrack: [], input: [first] + input, lookahead: [],
                                      targets: try targets(countAt: rule + 2, recordsAt: rule + 2 + 2 * count, inputCount: count))
                    }
                }
            case 3:  // u16 glyphCount, u16 lookupCount, coverages
                let count = try table.u16(at + 2)
                guard count > 0 else { throw Malformed() }
                appendContext(backtrack: [], input: try coverages(at, count: count, at: at + 6), lookahead: [],
                              targets: try targets(countAt: at + 4, recordsAt: at + 6 + 2 * count, inputCount: count))
            default: throw Malformed()
            }
        }

        /// ChainedSequenceContext formats 1-3 (GSUB 6, GPOS 8).
        private mutating func readChainContext(_ at: Int) throws(Malformed) {
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
                        guard inputCount > 0 else { throw Malformed() }
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
                let setCount = try table.u16(at + 10)
                for setClass in 0..<setCount {
                    guard let set = try table.offset16(at, at: at + 12 + 2 * setClass) else { continue }
                    let inputMap = try classes(inputDef)
                    let first = covered.filter { (inputMap[$0] ?? 0) == setClass }
                    for rule in try offsets(set) {
                        var cursor = rule
                        let backtrackCount = try table.u16(cursor)
                        let backtrack = try classSequence(backtrackDef, count: backtrackCount, at: cursor + 2)
                        cursor += 2 + 2 * backtrackCount
                        let inputCount = try table.u16(cursor)
                        guard inputCount > 0 else { throw Malformed() }
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
                guard inputCount > 0 else { throw Malformed() }
                let input = try coverages(at, count: inputCount, at: cursor + 2)
                cursor += 2 + 2 * inputCount
                let lookahead = try coverages(at, count: try table.u16(cursor), at: cursor + 2)
                cursor += 2 + 2 * lookahead.count
                appendContext(backtrack: backtrack, input: input, lookahead: lookahead,
                              targets: try targets(countAt: cursor, recordsAt: cursor + 2, inputCount: inputCount))
            default: throw Malformed()
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
        private func targets(countAt: Int, recordsAt: Int, inputCount: Int) throws(Malformed) -> [Int] {
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
        private func offsets(_ at: Int) throws(Malformed) -> [Int] {
            let count = try table.u16(at)
            var result: [Int] = []
            for index in 0..<count {
                guard let offset = try table.offset16(at, at: at + 2 + 2 * index) else { throw Malformed() }
                result.append(offset)
            }
            return result
        }

        /// `count` glyph ids from `at`, each as the one-glyph set of candidates it allows.
        private func glyphSequence(count: Int, at: Int) throws(Malformed) -> [[UInt16]] {
            guard count >= 0 else { throw Malformed() }
            var sequence: [[UInt16]] = []
            for index in 0..<count {
                let glyph = try table.u16(at + 2 * index)
                sequence.append(candidates.contains(glyph) ? [UInt16(glyph)] : [])
            }
            return sequence
        }

        /// `count` class values from `at`, each as the candidates of that class of `classDef`.
        private mutating func classSequence(_ classDef: Int?, count: Int, at: Int) throws(Malformed) -> [[UInt16]] {
            guard count >= 0 else { throw Malformed() }
            var sequence: [[UInt16]] = []
            for index in 0..<count { sequence.append(try glyphs(ofClass: try table.u16(at + 2 * index), in: classDef)) }
            return sequence
        }

        /// `count` coverage offsets (from `base`) at `at`, as candidate sets.
        private func coverages(_ base: Int, count: Int, at: Int) throws(Malformed) -> [[UInt16]] {
            var sets: [[UInt16]] = []
            for index in 0..<count { sets.append(try coverage(base, at: at + 2 * index).map(\.glyph)) }
            return sets
        }

        /// The candidates a coverage table (offset at `at`, from `base`) covers, with their coverage indices.
        private func coverage(_ base: Int, at: Int) throws(Malformed) -> [(glyph: UInt16, index: Int)] {
            guard let coverage = try table.offset16(base, at: at) else { throw Malformed() }
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
                    for glyph in candidates(in: start...end) { covered.append((glyph, index + Int(glyph) - start)) }
                }
            default: throw Malformed()
            }
            return covered
        }

        /// The candidates in `range`, by binary search over the sorted ids.
        private func candidates(in range: ClosedRange<Int>) -> ArraySlice<UInt16> {
            let sorted = candidates.sorted
            var (low, high) = (0, sorted.count)
            while low < high {
                let middle = (low + high) / 2
                if Int(sorted[middle]) < range.lowerBound { low = middle + 1 } else { high = middle }
            }
            var end = low
            while end < sorted.count, Int(sorted[end]) <= range.upperBound { end += 1 }
            return sorted[low..<end]
        }

        /// The candidates of class `value` of the class definition at `classDef` (none: every glyph is class 0).
        private mutating func glyphs(ofClass value: Int, in classDef: Int?) throws(Malformed) -> [UInt16] {
            let key = (classDef ?? 0) << 16 | value
            if let glyphs = classGlyphs[key] { return glyphs }
            let map = try classes(classDef)
            let glyphs = candidates.sorted.filter { (map[$0] ?? 0) == value }
            classGlyphs[key] = glyphs
            return glyphs
        }

        /// The nonzero classes of the candidates in the class definition at `classDef`.
        private mutating func classes(_ classDef: Int?) throws(Malformed) -> [UInt16: Int] {
            guard let classDef else { return [:] }
            if let map = classMaps[classDef] { return map }
            var map: [UInt16: Int] = [:]
            switch try table.u16(classDef) {
            case 1:  // u16 startGlyph, u16 count, classes
                let start = try table.u16(classDef + 2), count = try table.u16(classDef + 4)
                try table.check(classDef + 6, 2 * count)
                if count > 0 {
                    for glyph in candidates(in: start...(start + count - 1)) {
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
                    guard previous < start, start <= end else { throw Malformed() }
                    previous = end
                    if value != 0 { for glyph in candidates(in: start...end) { map[glyph] = value } }
                }
            default: throw Malformed()
            }
            classMaps[classDef] = map
            return map
        }
    }
}

extension LayoutTables.Effect {
    /// The glyph a ligature makes; nil for other effects.
    var ligatureGlyph: UInt16? {
        if case .ligature(_, _, let glyph, _) = self { glyph } else { nil }
    }
}
