// ICU's line-break iterator and bidi algorithm, reached through unversioned wrappers.
//
// ICU renames every function by its version (ubrk_open -> ubrk_open_72) with macros Swift does
// not import, so the static inline wrappers below call the versioned names.
//
// This header deliberately includes no ICU header that defines types. Swift's Foundation carries
// its own, newer ICU (_FoundationICU), and Clang rejects two modules that define ICU's enums
// differently. Debug builds load a module's internal imports into every module that imports it,
// so the test and command targets, which use Foundation, would see both. The few ICU functions
// used are therefore declared here with ABI-identical C types (pointers stay opaque, enums are
// 32-bit ints); only the version macros come from ICU (uvernum.h defines nothing else).
#include <stdint.h>
#include <stdlib.h>
#include <unicode/uvernum.h>

#define CICU_VERSIONED(name) U_ICU_ENTRY_POINT_RENAME(name)

void *CICU_VERSIONED(ubrk_open)(int32_t type, const char *locale, const uint16_t *text, int32_t length, int32_t *status);
void CICU_VERSIONED(ubrk_close)(void *iterator);
void CICU_VERSIONED(ubrk_setUText)(void *iterator, void *text, int32_t *status);
int32_t CICU_VERSIONED(ubrk_next)(void *iterator);
void *CICU_VERSIONED(utext_openUTF8)(void *reused, const char *text, int64_t length, int32_t *status);
void *CICU_VERSIONED(utext_close)(void *text);

enum {
    CICU_UBRK_LINE = 2,   // UBreakIteratorType UBRK_LINE
    CICU_UBRK_DONE = -1,  // UBRK_DONE
};

/// A line-break iterator and the UTF-8 text it reads, reused from one text to the next.
typedef struct {
    void *iterator;
    void *text;
} cicu_line_breaker;

/// A new breaker with the rules of `locale` ("" for the root locale's; "@lb=normal" for CSS's
/// `line-break: normal`, which breaks before small kana and the prolonged sound mark), or NULL
/// when ICU cannot load its line-break rules.
static inline cicu_line_breaker *cicu_line_breaker_open(const char *locale) {
    int32_t status = 0;
    void *iterator = CICU_VERSIONED(ubrk_open)(CICU_UBRK_LINE, locale, NULL, 0, &status);
    if (status > 0 || iterator == NULL) return NULL;
    cicu_line_breaker *breaker = malloc(sizeof(cicu_line_breaker));
    if (breaker == NULL) { CICU_VERSIONED(ubrk_close)(iterator); return NULL; }
    breaker->iterator = iterator;
    breaker->text = NULL;
    return breaker;
}

static inline void cicu_line_breaker_close(cicu_line_breaker *breaker) {
    if (breaker->text != NULL) CICU_VERSIONED(utext_close)(breaker->text);
    CICU_VERSIONED(ubrk_close)(breaker->iterator);
    free(breaker);
}

/// Writes the line-break opportunities of `length` bytes of UTF-8 at `text` into `offsets`
/// (byte offsets after 0, ending with `length`); returns how many there are, or -1 when ICU
/// fails or `capacity` is too small. Invalid UTF-8 is read as U+FFFD, as ICU's UTF-8 text
/// provider does. (Which breaks are mandatory is left to the caller: ICU's rule status after a
/// dictionary break, as in Thai, reports the status of the break that ends the run.)
static inline int32_t cicu_line_breaks(cicu_line_breaker *breaker, const char *text, int64_t length,
                                       int32_t *offsets, int32_t capacity) {
    int32_t status = 0;
    void *utext = CICU_VERSIONED(utext_openUTF8)(breaker->text, text, length, &status);
    if (status > 0 || utext == NULL) return -1;
    breaker->text = utext;
    CICU_VERSIONED(ubrk_setUText)(breaker->iterator, utext, &status);
    if (status > 0) return -1;
    int32_t count = 0;
    for (int32_t offset = CICU_VERSIONED(ubrk_next)(breaker->iterator); offset != CICU_UBRK_DONE;
         offset = CICU_VERSIONED(ubrk_next)(breaker->iterator)) {
        if (count == capacity) return -1;
        offsets[count] = offset;
        count += 1;
    }
    return count;
}

int32_t CICU_VERSIONED(u_getIntPropertyValue)(int32_t scalar, int32_t property);

/// The Line_Break property of `scalar` (UCHAR_LINE_BREAK, 0x1008): ICU's ULineBreak value.
static inline int32_t cicu_line_break_class(int32_t scalar) {
    return CICU_VERSIONED(u_getIntPropertyValue)(scalar, 0x1008);
}

void *CICU_VERSIONED(ubidi_open)(void);
void CICU_VERSIONED(ubidi_close)(void *bidi);
void CICU_VERSIONED(ubidi_setPara)(void *bidi, const uint16_t *text, int32_t length, uint8_t paraLevel,
                                   uint8_t *embeddingLevels, int32_t *status);
const uint8_t *CICU_VERSIONED(ubidi_getLevels)(void *bidi, int32_t *status);
int32_t CICU_VERSIONED(ubidi_getBaseDirection)(const uint16_t *text, int32_t length);

enum {
    CICU_UBIDI_RTL = 1,  // UBiDiDirection UBIDI_RTL
};

/// A UBiDi object, reused from one text to the next; NULL when ICU cannot allocate one.
static inline void *cicu_bidi_open(void) { return CICU_VERSIONED(ubidi_open)(); }

static inline void cicu_bidi_close(void *bidi) { CICU_VERSIONED(ubidi_close)(bidi); }

/// 1 when the first strong character of `length` UTF-16 units at `text` is R or AL (UAX #9
/// rules P2 and P3, without isolates), else 0: no strong character reads left to right.
static inline int32_t cicu_bidi_first_strong_is_rtl(const uint16_t *text, int32_t length) {
    return CICU_VERSIONED(ubidi_getBaseDirection)(text, length) == CICU_UBIDI_RTL;
}

/// Resolves the UAX #9 embedding levels of `length` UTF-16 units at `text` as one paragraph
/// level (0 or 1; every paragraph of the text gets it) and writes its level runs in logical
/// order: `limits[i]` is the UTF-16 offset where run `i` ends, `levels[i]` its level. Returns
/// how many runs there are, or -1 when ICU fails or `capacity` is too small.
static inline int32_t cicu_bidi_runs(void *bidi, const uint16_t *text, int32_t length, uint8_t paragraphLevel,
                                     int32_t *limits, uint8_t *levels, int32_t capacity) {
    int32_t status = 0;
    CICU_VERSIONED(ubidi_setPara)(bidi, text, length, paragraphLevel, NULL, &status);
    if (status > 0) return -1;
    // One pass over the levels: ubidi_getLogicalRun looks its run up from the start each time,
    // which made a text of many runs cost the square of its length.
    const uint8_t *all = CICU_VERSIONED(ubidi_getLevels)(bidi, &status);
    if (status > 0 || all == NULL) return -1;
    int32_t count = 0;
    for (int32_t position = 0; position < length; count += 1) {
        if (count == capacity) return -1;
        int32_t end = position + 1;
        while (end < length && all[end] == all[position]) end += 1;
        limits[count] = end;
        levels[count] = all[position];
        position = end;
    }
    return count;
}
