/// Why `DataTableLayout` refused new rows; nothing was changed.
public struct DataTableUpdateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The repeated ID, as `String(describing:)` shows it.
    public let id: String
    /// The indices (in the rows given) of its first two appearances.
    public let firstIndex: Int
    /// See `firstIndex`.
    public let secondIndex: Int

    /// An error naming `id` and where it appears twice.
    public init(id: String, firstIndex: Int, secondIndex: Int) {
        (self.id, self.firstIndex, self.secondIndex) = (id, firstIndex, secondIndex)
    }

    public var description: String {
        "duplicate row ID \(id) at rows \(firstIndex) and \(secondIndex); IDs must be unique"
    }
}
