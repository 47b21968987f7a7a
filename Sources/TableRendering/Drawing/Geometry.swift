public import CellLayout

/// A point in drawing coordinates: points (1 pt = 1 px), x to the right, y downward.
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { (self.x, self.y) = (x, y) }
}

/// A rectangle by its top-left corner and size.
public struct Rect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// The rectangle grown by `insets` on each side (shrunk where they are negative).
    public func outset(by insets: EdgeInsets) -> Rect {
        Rect(x: x - insets.leading, y: y - insets.top, width: width + insets.leading + insets.trailing,
             height: height + insets.top + insets.bottom)
    }

    /// The rectangle shrunk by `insets` on each side, never below a size of 0.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: x + insets.leading, y: y + insets.top, width: max(0, width - insets.leading - insets.trailing),
             height: max(0, height - insets.top - insets.bottom))
    }

    /// Whether `other` lies inside this rectangle, edges included, within `tolerance` points.
    public func contains(_ other: Rect, tolerance: Double = 1e-9) -> Bool {
        other.minX >= minX - tolerance && other.maxX <= maxX + tolerance
            && other.minY >= minY - tolerance && other.maxY <= maxY + tolerance
    }

    /// Whether the two rectangles share any point, edges included.
    public func intersects(_ other: Rect) -> Bool {
        other.minX <= maxX && other.maxX >= minX && other.minY <= maxY && other.maxY >= minY
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let x = min(minX, other.minX), y = min(minY, other.minY)
        return Rect(x: x, y: y, width: max(maxX, other.maxX) - x, height: max(maxY, other.maxY) - y)
    }
}
