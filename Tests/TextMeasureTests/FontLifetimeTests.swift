import Foundation
import Testing
@testable import TextMeasure

/// Faces loaded from bytes live as long as a `Font` or `FontStack` uses them, and no longer.
@Suite struct FontLifetimeTests {
    /// Holds a face without keeping it alive.
    final class Watch {
        weak var face: FontFace?
        init(_ face: FontFace) { self.face = face }
    }

    @Test func facesFromBytesAreFreedWithTheirLastFont() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: BundledFont.notoSansMono.path())))
        let bundled = try Font.bundled(.notoSans)
        var watches: [Watch] = []
        var kept: Font?
        for round in 0..<40 {
            let font = try Font(data: bytes, size: 14)
            // Each font is used as a server would: measured alone and in a stack, through the cache.
            #expect(font.width(of: "0123456789") == 84)  // 10 × 600 units × 14 / 1000
            _ = try FontStack([font, bundled]).width(of: "Ab")
            watches.append(Watch(font.face))
            if round == 20 { kept = font }
        }
        let live = watches.filter { $0.face != nil }
        #expect(live.count == 1)
        #expect(live.first?.face === kept?.face)
    }

    /// A font reports its file with links resolved, whichever path loaded it first: two paths to
    /// one file share one face, and a test of system fallback (whose configuration's fonts are links
    /// to the system's) saw the path of whichever test loaded the file first.
    @Test func aFileReachedThroughALinkIsReportedAsItself() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("font-link-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A file no test has loaded, reached first through a link to it.
        let file = folder.appendingPathComponent("Mono.ttf").path, link = folder.appendingPathComponent("link.ttf").path
        try FileManager.default.copyItem(atPath: BundledFont.notoSansMono.path(), toPath: file)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        let resolved = URL(fileURLWithPath: file).resolvingSymlinksInPath().path
        let throughLink = try Font(path: link, size: 10), direct = try Font(path: file, size: 10)
        #expect(throughLink.path == resolved)
        #expect(direct.path == resolved)
        #expect(throughLink.width(of: "0") == 6)  // 600 units × 10 / 1000
    }

    /// Freeing a set takes no lock: a thread may free one while holding another lock, and a lock
    /// taken in `deinit` could then be taken in the opposite order by another thread (a fuzz run
    /// hung 363 s in `FontSet.deinit` on the intern table's lock). Here the table's own lock is
    /// held while another thread frees a set of a face from bytes (held weakly by the table, whose
    /// `deinit` took that lock to remove its entry): the free must finish, not wait for the lock.
    @Test func freeingASetTakesNoLock() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: BundledFont.notoSansMono.path())))
        final class Holder: @unchecked Sendable { var font: Font? }
        let holder = Holder()
        holder.font = try Font(data: bytes, size: 14).withFeatures([try FontFeature("zz03=1")])
        #expect(holder.font?.width(of: "0") == 8.4)
        let freed = DispatchSemaphore(value: 0)
        let finished = FontSet.withTableLocked {
            Thread {
                holder.font = nil  // the set's last reference: its deinit runs here
                freed.signal()
            }.start()
            return freed.wait(timeout: .now() + 5) == .success
        }
        if !finished { freed.wait() }  // it got the lock once released: wait for it before the test ends
        #expect(finished, "freeing a font set waited for the intern table's lock")
        #expect(FontSet.internedCount < 500)
    }

    /// Sets of faces from files are held by the intern table while used and let go once unused:
    /// 600 distinct sets made and dropped on four threads do not stay (the table keeps at most
    /// its sweep threshold, 64, of unused ones, plus the sets other suites running now use: under
    /// 500, which the 600 would pass if none were let go), and
    /// a set still in use survives every sweep: an equal font made afterwards gets the same one.
    @Test func unusedSetsOfFileFacesAreLetGo() throws {
        let bundled = try Font.bundled(.notoSansMono)
        let kept = bundled.withFeatures([try FontFeature("zz01=7")])
        let failures = Lock<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<150 {
                do {
                    // A tag no face has: each is a new set, measuring as the plain font does.
                    let font = bundled.withFeatures([try FontFeature("zz02=\(thread * 1_000 + value)")])
                    let width = font.width(of: "0123456789")  // 10 × 600 units × 14 / 1000
                    if width != 84 { failures.withLock { $0.append("\(width)") } }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(FontSet.internedCount < 500)
        #expect(bundled.withFeatures([try FontFeature("zz01=7")]) == kept)
    }
}
