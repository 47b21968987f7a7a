import TextMeasure

/// The bold face of an installed family for a workbook's header: the family's bold stack as
/// fontconfig matches it for Pango (`FontStack(families:…weight: .bold)`), but only when its
/// first font is that family at a bold weight (semibold or above), so that a family without a
/// bold face has its header measured regular, as a spreadsheet draws it, never in a stranger's bold.
enum BoldFace {
    /// `family`'s bold stack at `size` points, falling back to the system's fonts; nil when the
    /// family has no bold face of its own.
    ///
    /// - Complexity: one fontconfig sort over the installed fonts.
    static func find(family: String, size: Double) -> FontStack? {
        guard let bold = try? FontStack(families: [family], size: size, weight: .bold, fallback: .system),
              bold.primary.familyName.lowercased() == family.lowercased(), bold.primary.weightClass >= 600 else { return nil }
        return bold
    }
}
