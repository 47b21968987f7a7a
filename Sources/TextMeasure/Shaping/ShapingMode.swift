internal import Synchronization

/// How widths are computed: `auto` sums advances and pair adjustments for text the simple-text
/// analysis proves HarfBuzz would shape to exactly that sum, and shapes everything else;
/// `harfbuzz` shapes every text. Both give the same widths, to the font unit.
///
/// The switch is process-wide, for comparisons and for anyone who distrusts the proof:
///
/// ```swift
/// ShapingMode.current = .harfbuzz
/// ```
public enum ShapingMode: UInt8, Sendable, CaseIterable {
    /// The simple-text path where it applies, `hb_shape` elsewhere (the default).
    case auto
    /// `hb_shape` for every text.
    case harfbuzz

    private static let stored = Atomic<UInt8>(ShapingMode.auto.rawValue)

    /// The mode every measurement uses from now on (default `.auto`). Cached widths stay valid:
    /// both modes give the same numbers.
    public static var current: ShapingMode {
        get { ShapingMode(rawValue: stored.load(ordering: .relaxed)) ?? .auto }
        set { stored.store(newValue.rawValue, ordering: .relaxed) }
    }
}
