/// A page's size in points (1/72 inch).
public struct PageSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    /// A page `width` × `height` points.
    public init(width: Double, height: Double) { (self.width, self.height) = (width, height) }

    /// ISO A4: 210 × 297 mm.
    public static let a4 = PageSize(width: 210 / 25.4 * 72, height: 297 / 25.4 * 72)
    /// US Letter: 8.5 × 11 inches.
    public static let letter = PageSize(width: 612, height: 792)

    /// The same page turned sideways (the longer side across).
    public var landscape: PageSize { PageSize(width: max(width, height), height: min(width, height)) }

    /// Checks the page against `Drawing.maximumVectorSide`, Cairo's largest coordinate.
    ///
    /// - Throws: `RenderError.pageTooLarge` naming the page.
    public func checkCairosLimit() throws(RenderError) {
        guard width <= Drawing.maximumVectorSide, height <= Drawing.maximumVectorSide else { throw .pageTooLarge(page: self) }
    }

    public var description: String { "\(width.formatted3) × \(height.formatted3) pt" }
}
