#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

extension HTMLTable {
    /// Writes the page to `path` and, for a virtualised table, its row data beside it under the
    /// name `rowDataURL` gives (made by `HTMLOptions.rowDataURL(forPage:)`, so with the rows'
    /// hash in it), so that the page and the rows it names are always written together:
    ///
    /// 1. the row data goes to its own new file (another table's rows have another name);
    /// 2. the page replaces the old one, both with `writeAtomically(_:to:)`;
    /// 3. the row data file the old page named (a name of the same form with another hash) is
    ///    removed, and only then.
    ///
    /// A failure at any step leaves the old page with its own rows, or the new page with its
    /// own: never a page with another page's rows. Should the page fail to be written, the new
    /// row data file is removed again.
    ///
    /// - Throws: `RenderError.cannotWrite` naming the file; for a `rowDataURL` that is not a file
    ///   name beside the page (a `/`, `?`, `#` or `:` in it), naming the page.
    /// - Complexity: O(n) in the page's and the row data's sizes.
    public func write(toPage path: String) throws(RenderError) {
        try write(toPage: path, writing: writeAtomically)
    }

    /// `write(toPage:)`, each file written by `writing` (a test makes one fail).
    package func write(toPage path: String, writing: (_ text: String, _ path: String) throws(RenderError) -> Void)
        throws(RenderError) {
        guard let rowData else { return try writing(html, path) }
        var hash = RowDataFile.Hash()
        hash.add(rowData)
        try write(toPage: path, rowDataHash: hash.digits,
                  rowDataAt: { (name) throws(RenderError) in try writing(rowData, RowDataFile.folder(ofPage: path) + name) }, writing: writing)
    }

    /// Writes the page to `path` (with `writing`) after `rowDataAt` puts its row data, when it has
    /// a `rowDataURL`, in the file of that name beside it (see `write(toPage:)` for the order);
    /// `rowDataHash` is the hash in that name.
    func write(toPage path: String, rowDataHash: String, rowDataAt: (_ name: String) throws(RenderError) -> Void,
               writing: (_ text: String, _ path: String) throws(RenderError) -> Void) throws(RenderError) {
        guard let rowDataURL else { return try writing(html, path) }
        let folder = RowDataFile.folder(ofPage: path)
        guard let name = HTMLMarkup.fileName(fromURLPathSegment: rowDataURL) else {
            throw .cannotWrite(path: path, reason: "the row data URL \(rowDataURL) is not a file name beside the page")
        }
        let previous = RowDataFile.named(byPageAt: path, shapedLike: rowDataURL, hash: rowDataHash)
        try rowDataAt(name)
        do {
            try writing(html, path)
        } catch {
            if previous != name { unlink(folder + name) }
            throw error
        }
        if let previous, previous != name { unlink(folder + previous) }
    }
}

/// The row data file of a virtualised page: its hash, and the file an existing page names.
enum RowDataFile {
    /// The 64-bit FNV-1a hash of UTF-8 text given a piece at a time.
    struct Hash {
        private var value: UInt64 = 0xcbf2_9ce4_8422_2325

        /// Adds `text`'s UTF-8. O(n) in its length.
        mutating func add(_ text: String) {
            for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }

        /// 16 lower-case hex digits.
        var digits: String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
    }

    /// The folder of the page at `path`, with its `/` (empty: the current folder).
    static func folder(ofPage path: String) -> String {
        path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    }

    /// The row data file (its name, in the page's folder) that the page now at `path` fetches,
    /// when its URL has the shape of `url`: the same but for 16 hex digits where `url` has
    /// `hash`. Nil when there is no page, or it names no such file. Reads the page's first 64 KiB
    /// (the `<link rel="preload">` is in its head).
    static func named(byPageAt path: String, shapedLike url: String, hash: String) -> String? {
        guard let found = url.ranges(of: hash).last else { return nil }
        let (prefix, suffix) = (url[..<found.lowerBound], url[found.upperBound...])
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var head = [UInt8](repeating: 0, count: 65536)
        let count = read(descriptor, &head, head.count)
        guard count > 0 else { return nil }
        let text = String(decoding: head[..<count], as: UTF8.self)
        let marker = "<link rel=\"preload\" href=\""
        guard let start = text.range(of: marker)?.upperBound,
              let end = text[start...].firstIndex(of: "\"") else { return nil }
        // The page escapes the markup characters a URL path segment can hold, `&` and `'`.
        let old = text[start..<end].replacing("&amp;", with: "&").replacing("&#39;", with: "'")
        guard old.count == url.count, old.hasPrefix(prefix), old.hasSuffix(suffix) else { return nil }
        let digits = old.dropFirst(prefix.count).dropLast(suffix.count)
        guard digits.count == 16, digits.allSatisfy({ "0123456789abcdef".contains($0) }) else { return nil }
        return HTMLMarkup.fileName(fromURLPathSegment: String(old))
    }
}
