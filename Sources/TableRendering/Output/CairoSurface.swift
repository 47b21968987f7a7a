internal import CCairo

/// A Cairo surface and the one reference to it: destroyed when this is let go, on every path,
/// a thrown error's included.
final class CairoSurface {
    let pointer: OpaquePointer

    /// Takes over the reference `pointer` (a surface just created).
    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { cairo_surface_destroy(pointer) }

    /// Finishes the surface (a document's last bytes are written now) and throws its error, if
    /// it has one.
    func finish() throws(RenderError) {
        cairo_surface_finish(pointer)
        try check(cairo_surface_status(pointer))
    }
}

/// Throws Cairo's own message for a failed status.
func check(_ status: cairo_status_t) throws(RenderError) {
    guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
}
