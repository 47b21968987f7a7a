internal import CHarfBuzz

/// An OpenType feature setting, written as HarfBuzz and CSS write them:
/// `"kern"`, `"-liga"`, `"tnum"`, `"ss01=1"`, `"aalt=2"`, `"liga[3:5]=0"`.
public struct FontFeature: Sendable, Hashable, CustomStringConvertible {
    let tag: UInt32
    let value: UInt32
    let start: UInt32
    let end: UInt32

    /// Parses a feature setting; throws `FontError.invalidFeature` naming the string.
    ///
    /// - Complexity: O(length) of `setting`.
    public init(_ setting: String) throws(FontError) {
        var feature = hb_feature_t()
        guard hb_feature_from_string(setting, -1, &feature) != 0 else { throw .invalidFeature(setting) }
        self.init(feature)
    }

    init(_ feature: hb_feature_t) {
        (tag, value, start, end) = (feature.tag, feature.value, feature.start, feature.end)
    }

    /// `tnum`, on for the whole text: tabular figures, every digit one width.
    public static let tabularFigures = FontFeature(
        hb_feature_t(tag: 0x74 << 24 | 0x6E << 16 | 0x75 << 8 | 0x6D, value: 1, start: 0, end: .max))

    var hbFeature: hb_feature_t { hb_feature_t(tag: tag, value: value, start: start, end: end) }

    /// The setting in HarfBuzz's canonical spelling.
    public var description: String {
        var buffer = [CChar](repeating: 0, count: 128)
        var feature = hbFeature
        hb_feature_to_string(&feature, &buffer, UInt32(buffer.count))
        return String(nulTerminated: buffer)
    }
}
