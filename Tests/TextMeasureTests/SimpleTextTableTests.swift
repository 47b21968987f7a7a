import Foundation
import Testing
import TextMeasure

/// Broken layout tables make the simple-text analysis give up (HarfBuzz then measures), never
/// crash and never misread.
@Suite struct SimpleTextTableTests {
    /// The bytes of table `tag` of the font file at `path`, found through its table directory.
    static func table(_ tag: String, in bytes: [UInt8]) -> (offset: Int, length: Int)? {
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        for index in 0..<u16(4) {
            let record = 12 + 16 * index
            if String(decoding: bytes[record..<record + 4], as: UTF8.self) == tag { return (u32(record + 8), u32(record + 12)) }
        }
        return nil
    }

    static let notoSans = [UInt8](FileManager.default.contents(atPath: (try? BundledFont.notoSans.path()) ?? "") ?? Data())

    /// Noto Sans's GSUB cut at every length, and its GPOS at every 31st: each cut either fails
    /// to read or reads as the whole table (the bytes cut off were never needed).
    @Test(arguments: [("GSUB", 1), ("GPOS", 31)])
    func truncatedTablesFailOrReadTheSame(_ tag: String, _ stride: Int) throws {
        let (offset, length) = try #require(Self.table(tag, in: Self.notoSans))
        let table = Array(Self.notoSans[offset..<offset + length])
        let misread = SimpleTextTableReader.misreadTruncations(
            of: table, isPositioning: tag == "GPOS", glyphs: 700, lengths: Swift.stride(from: 0, to: length, by: stride))
        #expect(misread == [])
    }

    /// Every lookup of Noto Sans's GSUB given the unknown type 99: HarfBuzz takes such lookups
    /// as empty and shapes on; the analysis cannot read them, so the face goes to HarfBuzz whole,
    /// with HarfBuzz's widths.
    @Test func unknownLookupTypesGiveUp() throws {
        var bytes = Self.notoSans
        let (offset, _) = try #require(Self.table("GSUB", in: bytes))
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        let lookupList = offset + u16(offset + 8)
        for index in 0..<u16(lookupList) {
            let lookup = lookupList + u16(lookupList + 2 + 2 * index)
            (bytes[lookup], bytes[lookup + 1]) = (0, 99)
        }
        let stack = try Font(data: bytes).stack
        let intact = try Font.bundled(.notoSans).stack
        for text in ["AVATAR", "Hello, World", "12:30"] {
            #expect(intact.takesSimpleTextPath(text))
            #expect(!stack.takesSimpleTextPath(text))
            #expect(stack.units(of: text, mode: .auto) == stack.units(of: text, mode: .harfbuzz))
        }
        // With its ligatures gone, "office" is five glyphs wide, as with -liga.
        let unligated = try Font.bundled(.notoSans, features: [FontFeature("-liga")]).stack
        #expect(stack.units(of: "office", mode: .auto) == unligated.units(of: "office", mode: .harfbuzz))
    }
}
