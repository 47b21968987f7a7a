/// A row a live table serves: its fields, one text a column, and an ID the server gives it
/// (rows read from a file are numbered from 0; an inserted row takes the next number).
public protocol ServedRow: Identifiable, Sendable where ID == Int {
    /// The row's texts, one a column.
    var fields: [String] { get set }
    /// A row with `id` and `fields`.
    init(id: Int, fields: [String])
}
