/// A well-formed BCP 47 language tag (RFC 5646 §2.1), and what fontconfig and HarfBuzz are told.
struct LanguageTag: Sendable, Hashable {
    /// The tag as given.
    let tag: String
    /// fontconfig's spelling: language and territory in lower case (`ja`, `zh-tw`, `en-gb`).
    /// fontconfig 2.14 knows Chinese by territory only, so a script subtag becomes its CLDR
    /// likely territory: `zh-Hant` → `zh-tw`, `zh-Hans` → `zh-cn` (an explicit region wins:
    /// `zh-Hant-HK` → `zh-hk`). Other script subtags, variants and extensions are dropped.
    let fontconfigLanguage: String

    /// Throws `FontError.invalidLanguageTag` unless `tag` is well-formed.
    init(_ tag: String) throws(FontError) {
        guard let parsed = Self.parse(tag) else { throw .invalidLanguageTag(tag) }
        self.tag = tag
        var region = parsed.region
        if parsed.language == "zh", region == nil {
            switch parsed.script {
            case "hant": region = "tw"
            case "hans": region = "cn"
            default: break
            }
        }
        fontconfigLanguage = [parsed.language, region].compactMap { $0 }.joined(separator: "-")
    }

    private struct Parsed {
        var language: String
        var script: String?
        var region: String?
    }

    /// The language, script and region subtags (lower case) of a well-formed tag, else nil.
    /// A private-use tag (`x-…`) has language `und`.
    private static func parse(_ tag: String) -> Parsed? {
        let subtags = tag.lowercased().split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard subtags.allSatisfy({ !$0.isEmpty && $0.count <= 8 && $0.allSatisfy(\.isASCIIAlphanumeric) }) else { return nil }
        var position = 0
        func next(_ test: (String) -> Bool) -> String? {
            guard position < subtags.count, test(subtags[position]) else { return nil }
            position += 1
            return subtags[position - 1]
        }
        if subtags[0] == "x" {
            return subtags.count > 1 ? Parsed(language: "und") : nil
        }
        guard let language = next({ (2...8).contains($0.count) && $0.allSatisfy(\.isASCIILetter) }) else { return nil }
        if language.count <= 3 {
            for _ in 0..<3 where next({ $0.count == 3 && $0.allSatisfy(\.isASCIILetter) }) != nil {}
        }
        var parsed = Parsed(language: language)
        parsed.script = next { $0.count == 4 && $0.allSatisfy(\.isASCIILetter) }
        parsed.region = next { ($0.count == 2 && $0.allSatisfy(\.isASCIILetter)) || ($0.count == 3 && $0.allSatisfy(\.isASCIIDigit)) }
        while next({ $0.count >= 5 || ($0.count == 4 && $0.first!.isASCIIDigit) }) != nil {}
        var singletons = Set<String>()
        while position < subtags.count, subtags[position].count == 1, subtags[position] != "x" {
            guard singletons.insert(subtags[position]).inserted else { return nil }
            position += 1
            guard next({ $0.count >= 2 }) != nil else { return nil }
            while next({ $0.count >= 2 }) != nil {}
        }
        if position < subtags.count, subtags[position] == "x" {
            guard position + 1 < subtags.count else { return nil }
            position = subtags.count
        }
        return position == subtags.count ? parsed : nil
    }
}

private extension Character {
    var isASCIILetter: Bool { isASCII && isLetter }
    var isASCIIDigit: Bool { isASCII && isNumber }
    var isASCIIAlphanumeric: Bool { isASCIILetter || isASCIIDigit }
}
