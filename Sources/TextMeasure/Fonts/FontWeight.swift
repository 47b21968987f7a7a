/// How heavy text is: the face a font stack measures and draws it in (see `FontStack.weight(_:)`).
public enum FontWeight: String, Sendable, Hashable, CaseIterable {
    /// The stack's own faces.
    case regular
    /// The stack's bold faces, where it has them; the regular ones elsewhere (never synthesised).
    case bold

    /// fontconfig's weight for it, as Pango maps its weights (`FcWeightFromOpenTypeDouble`):
    /// 400 is `FC_WEIGHT_REGULAR` (80), 700 is `FC_WEIGHT_BOLD` (200).
    var fontconfigWeight: Double { self == .bold ? 200 : 80 }
}
