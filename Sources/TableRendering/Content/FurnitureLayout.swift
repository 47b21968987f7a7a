import CellLayout
import TextMeasure

/// Page furniture laid out for a page of a given size: the title's runs, once, and the page
/// numbers' line, shaped for each page when it is drawn.
struct FurnitureLayout {
    /// The title's runs in page coordinates (none without a title).
    let title: [DrawingItem]
    /// How much the title takes from the first page's height, its spacing included (0 without).
    let titleHeight: Double
    /// How much the page's number takes from each page's height, its spacing included; 0
    /// without page numbers.
    let numberHeight: Double
    private let numberFont: FontStack
    private let numberBox: Rect
    private let cache: WidthCache?

    /// `furniture` on `page` inside `margins`, the title in `headerFont`'s bold fonts enlarged
    /// unless it names its own, the numbers in `font`. O(the title's length).
    init(_ furniture: PageFurniture, page: PageSize, margins: EdgeInsets, font: FontStack, headerFont: FontStack,
         cache: WidthCache?) {
        let width = page.width - margins.horizontal
        if let text = furniture.title, !text.isEmpty {
            let bold = headerFont.weight(.bold)
            let titleFont = furniture.titleFont ?? (try? bold.withSize(bold.size * 1.5)) ?? bold
            let lines = titleFont.prepare(text, cache: cache).layout(width: max(0, width)).lines
            let height = lines.reduce(0) { $0 + $1.height }
            let box = Rect(x: margins.leading, y: margins.top, width: max(0, width), height: height)
            title = CellText.items(lines, of: text, font: titleFont, in: box, alignment: .leading, cache: cache).map(DrawingItem.text)
            titleHeight = height + max(0, furniture.spacing)
        } else {
            (title, titleHeight) = ([], 0)
        }
        let line = furniture.pageNumbers ? font.singleLine("Page 1 of 2", width: .infinity, cache: cache).lines.first?.height ?? 0 : 0
        numberHeight = furniture.pageNumbers ? line + max(0, furniture.spacing) : 0
        numberBox = Rect(x: margins.leading, y: page.height - margins.bottom - line, width: max(0, width), height: line)
        (numberFont, self.cache) = (font, cache)
    }

    /// "Page `number` of `count`" centred at the bottom of the page. O(its length).
    func pageNumber(_ number: Int, of count: Int) -> [DrawingItem] {
        let text = "Page \(number) of \(count)"
        let lines = numberFont.singleLine(text, width: .infinity, cache: cache).lines
        return CellText.items(lines, of: text, font: numberFont, in: numberBox, alignment: .center, cache: cache).map(DrawingItem.text)
    }
}
