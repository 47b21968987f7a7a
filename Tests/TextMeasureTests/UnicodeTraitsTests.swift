import Testing
@testable import TextMeasure

/// The itemizer's quick answers against the standard library's Unicode properties, for every
/// scalar: a range the quick answer rules out must hold no scalar with the property.
@Suite struct UnicodeTraitsTests {
    static let scalars = (UInt32(0)...0x10FFFF).compactMap(Unicode.Scalar.init)

    @Test func emojiPresentation() {
        let wrong = Self.scalars.filter { UnicodeTraits.isEmojiPresentation($0) != $0.properties.isEmojiPresentation }
        #expect(wrong.isEmpty, "\(wrong.prefix(10).map { String($0.value, radix: 16) })")
    }

    @Test func defaultIgnorable() {
        let wrong = Self.scalars.filter { UnicodeTraits.isDefaultIgnorable($0) != $0.properties.isDefaultIgnorableCodePoint }
        #expect(wrong.isEmpty, "\(wrong.prefix(10).map { String($0.value, radix: 16) })")
    }

    @Test func spaceAndFormatCategories() {
        let categories: Set<Unicode.GeneralCategory> = [.control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .surrogate]
        let missed = Self.scalars.filter {
            !$0.isASCII && categories.contains($0.properties.generalCategory) && !UnicodeTraits.mayBeSpaceOrFormat($0)
        }
        #expect(missed.isEmpty, "\(missed.prefix(10).map { String($0.value, radix: 16) })")
    }
}
