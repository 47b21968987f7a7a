/// One row of packages.tsv, a field a property, as an app would hold it.
public struct Package: Equatable, Sendable {
    public var name, version, section, maintainer, installedSize, description: String

    /// Every row of packages.tsv, in the file's order (loaded on first use).
    public static let all: [Package] = PackageTable.load().rows.map(Package.init(fields:))

    /// A row from its fields, in the order of `PackageTable.columns`.
    public init(fields: [String]) {
        (name, version, section) = (fields[PackageTable.name], fields[PackageTable.version], fields[PackageTable.section])
        (maintainer, installedSize, description) =
            (fields[PackageTable.maintainer], fields[PackageTable.installedSize], fields[PackageTable.description])
    }
}
