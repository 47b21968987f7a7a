/// A shape a style fills, strokes or clips to, resolved in the frame it is applied to (as a
/// SwiftUI shape fills its view).
public protocol Shape: Sendable {
    /// The shape's outline when it fills `frame`.
    func path(in frame: Rect) -> Path
}

/// The frame itself.
public struct Rectangle: Shape, Hashable {
    public init() {}
    public func path(in frame: Rect) -> Path { .rectangle(frame) }
}

/// The frame with its corners rounded, as SwiftUI's `RoundedRectangle(cornerRadius:)`. The
/// radius is at most half the frame's shorter side; a negative or NaN radius draws square corners.
public struct RoundedRectangle: Shape, Hashable {
    public var cornerRadius: Double
    public init(cornerRadius: Double) { self.cornerRadius = cornerRadius }
    public func path(in frame: Rect) -> Path {
        let limit = min(frame.width, frame.height) / 2
        return Path(.roundedRectangle(frame, cornerRadius: cornerRadius >= 0 ? min(cornerRadius, limit) : 0))
    }
}

/// A shape placed in drawing coordinates: what a display list fills, strokes and clips.
public struct Path: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case rectangle(Rect)
        /// A rectangle with corners of this radius, already limited to half the shorter side.
        case roundedRectangle(Rect, cornerRadius: Double)
        /// A straight line.
        case line(from: Point, to: Point)
    }

    public var kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    /// A rectangle.
    public static func rectangle(_ rect: Rect) -> Path { Path(.rectangle(rect)) }
    /// A straight line.
    public static func line(from start: Point, to end: Point) -> Path { Path(.line(from: start, to: end)) }

    /// The smallest rectangle holding the path (a line's has no width or no height).
    public var bounds: Rect {
        switch kind {
        case .rectangle(let rect), .roundedRectangle(let rect, _): rect
        case .line(let start, let end):
            Rect(x: min(start.x, end.x), y: min(start.y, end.y), width: abs(end.x - start.x), height: abs(end.y - start.y))
        }
    }
}
