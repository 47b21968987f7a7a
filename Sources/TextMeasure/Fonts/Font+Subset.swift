internal import CHarfBuzz

extension Font {
    /// The face as a font file of its own (an OpenType font, face index 0) holding only what
    /// shaping text of `scalars` can reach: their glyphs, every glyph a substitution can turn
    /// them into, and every layout feature and script, so a browser shaping that text with the
    /// subset gets HarfBuzz's glyphs and positions with the whole font. Hinting instructions are
    /// dropped: a browser draws the outlines unhinted, at the advances measured here.
    ///
    /// Nil when HarfBuzz cannot subset the face. O(size of the kept tables).
    package func subsetData(keeping scalars: some Sequence<Unicode.Scalar>) -> [UInt8]? {
        guard let input = hb_subset_input_create_or_fail() else { return nil }
        defer { hb_subset_input_destroy(input) }
        let unicodes = hb_subset_input_unicode_set(input)
        for scalar in scalars { hb_set_add(unicodes, scalar.value) }
        for kind in [HB_SUBSET_SETS_LAYOUT_FEATURE_TAG, HB_SUBSET_SETS_LAYOUT_SCRIPT_TAG] {
            let tags = hb_subset_input_set(input, kind)
            hb_set_clear(tags)
            hb_set_invert(tags)  // all of them
        }
        hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_NO_HINTING.rawValue)
        guard let subset = hb_subset_or_fail(face.face, input) else { return nil }
        defer { hb_face_destroy(subset) }
        let blob = hb_face_reference_blob(subset)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(length)).bindMemory(to: UInt8.self))
    }

    /// Whether the face's outlines are CFF (an .otf font; `font/otf` rather than `font/ttf`).
    package var hasCFFOutlines: Bool {
        let tags = [hb_tag_from_string("CFF ", -1), hb_tag_from_string("CFF2", -1)]
        return tags.contains { tag in
            let blob = hb_face_reference_table(face.face, tag)
            defer { hb_blob_destroy(blob) }
            return hb_blob_get_length(blob) > 0
        }
    }
}
