/// A colour with straight (not premultiplied) alpha, each component from 0 to 1 (clamped; NaN
/// as 0), in sRGB.
public struct Color: Sendable, Hashable {
    public let red: Double
    public let green: Double
    public let blue: Double
    public let opacity: Double

    /// A colour from its components (each clamped to `0...1`, NaN as 0).
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func unit(_ value: Double) -> Double { value >= 0 ? min(value, 1) : 0 }
        (self.red, self.green, self.blue, self.opacity) = (unit(red), unit(green), unit(blue), unit(opacity))
    }

    /// A grey: 0 is black, 1 white.
    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// The same colour at another opacity.
    public func opacity(_ opacity: Double) -> Color {
        Color(red: red, green: green, blue: blue, opacity: opacity)
    }

    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let clear = Color(white: 0, opacity: 0)
    public static let gray = Color(red: 142 / 255, green: 142 / 255, blue: 147 / 255)
    /// SwiftUI's blue (system blue, light appearance).
    public static let blue = Color(red: 0, green: 122 / 255, blue: 1)
    /// SwiftUI's red (system red, light appearance).
    public static let red = Color(red: 1, green: 59 / 255, blue: 48 / 255)
}
