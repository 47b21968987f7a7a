internal import CHarfBuzz

extension Font {
    /// The face's weight class, as its `OS/2` table states it (`usWeightClass`, read by
    /// HarfBuzz's `hb_style_get_value`): 400 for a regular face, 700 for a bold one. What HTML's
    /// `@font-face` declares, so that a browser draws the face as it is and never emboldens it.
    ///
    /// - Complexity: O(1).
    public var weightClass: Double { Double(hb_style_get_value(face.font, HB_STYLE_TAG_WEIGHT)) }
}
