#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the bundled font files are, or every place that was searched.
///
/// Searched in order: `$TEXTMEASURE_FONTS_DIR`; the resource bundle SwiftPM copies beside the
/// executable (`TextMeasure_TextMeasureFonts.resources` on Linux, `.bundle` on macOS); this
/// source folder (a checkout). No Foundation: `Bundle.module` traps when the bundle is missing,
/// and a missing font folder must be an error the caller can handle.
public enum BundledFontsDirectory {
    /// The file every candidate folder must contain to count as the font folder.
    static let markerFile = "NotoSans-Regular.ttf"

    /// The folder holding the bundled fonts, or the folders searched when none holds them.
    public static let location: Result<String, SearchFailure> = {
        var searched: [String] = []
        for candidate in candidates() {
            searched.append(candidate)
            if access(candidate + "/" + markerFile, R_OK) == 0 { return .success(candidate) }
        }
        return .failure(SearchFailure(searched: searched))
    }()

    /// No candidate folder held the bundled fonts.
    public struct SearchFailure: Error, Sendable, Equatable {
        /// Every folder looked in, in order.
        public let searched: [String]
    }

    private static func candidates() -> [String] {
        var result: [String] = []
        if let override = getenv("TEXTMEASURE_FONTS_DIR") { result.append(String(cString: override)) }
        if let executableDirectory = executableDirectory() {
            result.append(executableDirectory + "/TextMeasure_TextMeasureFonts.resources")
            result.append(executableDirectory + "/TextMeasure_TextMeasureFonts.bundle/Contents/Resources")
            result.append(executableDirectory + "/TextMeasure_TextMeasureFonts.bundle")
        }
        let source = #filePath
        if let slash = source.lastIndex(of: "/") { result.append(String(source[..<slash])) }
        return result
    }

    private static func executableDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        #if canImport(Darwin)
        var size = UInt32(buffer.count)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        let path = String(cString: buffer)
        #else
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #endif
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }
}
