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

extension Path {
    /// The path cut to `window`: the same inside it, its parts outside brought to within a
    /// corner radius of it, so that drawing it paints the same pixels inside `window` (grown by
    /// whatever a stroke or anti-aliasing reaches) with coordinates near the window's. Nil when
    /// nothing of the path is inside. A rectangle is cut to its intersection; a rounded
    /// rectangle's sides whose corners lie wholly outside are moved to a radius beyond the window
    /// (its straight edges inside stay where they were, and it stays a rounded rectangle); a line
    /// is clipped to its stretch inside.
    func cut(to window: Rect) -> Path? {
        switch kind {
        case .rectangle(let rect):
            let minX = max(rect.minX, window.minX), maxX = min(rect.maxX, window.maxX)
            let minY = max(rect.minY, window.minY), maxY = min(rect.maxY, window.maxY)
            guard minX <= maxX, minY <= maxY else { return nil }
            if (minX, minY, maxX, maxY) == (rect.minX, rect.minY, rect.maxX, rect.maxY) { return self }
            return .rectangle(Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
        case .roundedRectangle(let rect, let radius):
            guard rect.intersects(window) else { return nil }
            // A moved side keeps its corners outside the window and at least 2 radii from the other side.
            let maxX = rect.maxX - radius > window.maxX ? max(window.maxX, rect.minX + radius) + radius : rect.maxX
            let minX = rect.minX + radius < window.minX ? min(window.minX, maxX - radius) - radius : rect.minX
            let maxY = rect.maxY - radius > window.maxY ? max(window.maxY, rect.minY + radius) + radius : rect.maxY
            let minY = rect.minY + radius < window.minY ? min(window.minY, maxY - radius) - radius : rect.minY
            if (minX, minY, maxX, maxY) == (rect.minX, rect.minY, rect.maxX, rect.maxY) { return self }
            return Path(.roundedRectangle(Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY), cornerRadius: radius))
        case .line(let start, let end):
            // Liang–Barsky: the line's parameters t in 0...1 whose points lie inside the window.
            let (dx, dy) = (end.x - start.x, end.y - start.y)
            var (low, high) = (0.0, 1.0)
            for (p, q) in [(-dx, start.x - window.minX), (dx, window.maxX - start.x),
                           (-dy, start.y - window.minY), (dy, window.maxY - start.y)] {
                if p == 0 {
                    if q < 0 { return nil }
                } else if p < 0 {
                    low = max(low, q / p)
                } else {
                    high = min(high, q / p)
                }
            }
            guard low <= high else { return nil }
            if low == 0, high == 1 { return self }
            return .line(from: Point(x: start.x + low * dx, y: start.y + low * dy),
                         to: Point(x: start.x + high * dx, y: start.y + high * dy))
        }
    }
}
