import TextMeasure

/// The bundled fonts the targets measure with, loaded once per process.
public enum Fonts {
    /// The default bundled stack: Latin, Arabic, Hebrew, Devanagari, Thai, CJK and emoji.
    public static let bundled = load { try FontStack.bundled() }
    /// NotoSansMono alone.
    public static let mono = load { try Font.bundled(.notoSansMono) }
    /// NotoSansMono first, the bundled stack as its fallbacks.
    public static let monoFirst = load { try FontStack([mono] + bundled.fonts) }

    /// One of the stacks, picked by the next byte of `input`.
    public static func stack(_ input: inout FuzzInput) -> FontStack {
        input.pick([bundled, mono.stack, monoFirst])
    }

    private static func load<Value>(_ make: () throws -> Value) -> Value {
        do { return try make() } catch { fatalError("the bundled fonts did not load: \(error)") }
    }
}
