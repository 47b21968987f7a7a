// ICU's line-break iterator, reached through unversioned wrappers: ICU renames every symbol
// with its version (ubrk_open -> ubrk_open_72) by macros, which Swift does not import.
#include <unicode/ubrk.h>
#include <unicode/utext.h>

/// A line-break iterator with the root locale's rules (UAX #14 as ICU tailors it), or NULL.
static inline UBreakIterator *cicu_line_iterator_open(UErrorCode *status) {
    return ubrk_open(UBRK_LINE, "", NULL, 0, status);
}

static inline void cicu_line_iterator_close(UBreakIterator *iterator) {
    ubrk_close(iterator);
}

/// Writes the line-break opportunities of `length` bytes of UTF-8 at `text` into `offsets`
/// (byte offsets after 0, ending with `length`) and whether each is a mandatory break into
/// `hard`; returns how many there are, or -1 when ICU fails or `capacity` is too small.
/// Invalid UTF-8 is read as U+FFFD, as ICU's UTF-8 text provider does.
static inline int32_t cicu_line_breaks(UBreakIterator *iterator, const char *text, int64_t length,
                                       int32_t *offsets, unsigned char *hard, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UText utext = UTEXT_INITIALIZER;
    utext_openUTF8(&utext, text, length, &status);
    ubrk_setUText(iterator, &utext, &status);
    if (U_FAILURE(status)) { utext_close(&utext); return -1; }
    int32_t count = 0;
    for (int32_t offset = ubrk_next(iterator); offset != UBRK_DONE; offset = ubrk_next(iterator)) {
        if (count == capacity) { count = -1; break; }
        int32_t rule = ubrk_getRuleStatus(iterator);
        offsets[count] = offset;
        hard[count] = rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT;
        count += 1;
    }
    utext_close(&utext);
    return count;
}
