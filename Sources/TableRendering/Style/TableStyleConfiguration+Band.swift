extension TableStyleConfiguration {
    /// The table cut to the columns `band` (indices into `columns`, left to right), placed side by
    /// side from x = 0 at their widths: each header and cell moved left with its text, each row
    /// as wide as the band. O(cells).
    func band(_ band: [Int]) -> Self {
        var shifts: [Double] = []
        var x = 0.0
        for index in band {
            shifts.append(x - columns[index].header.frame.minX)
            x += columns[index].header.frame.width
        }
        let bandColumns = zip(band, shifts).map { index, shift in
            let column = columns[index]
            return Column(index: column.index, title: column.title, alignment: column.alignment,
                          header: column.header.moved(by: shift))
        }
        let bandRows = rows.map { row in
            Row(index: row.index, frame: Rect(x: 0, y: row.frame.minY, width: x, height: row.frame.height),
                cells: zip(band, shifts).map { index, shift in row.cells[index].moved(by: shift) })
        }
        return Self(columns: bandColumns, rows: bandRows)
    }
}

extension TableStyleConfiguration.Cell {
    /// The cell moved `dx` points to the right, with its text.
    func moved(by dx: Double) -> Self {
        func move(_ rect: Rect) -> Rect { Rect(x: rect.x + dx, y: rect.y, width: rect.width, height: rect.height) }
        return Self(frame: move(frame), contentFrame: move(contentFrame), text: text.map { item in
            var item = item
            item.origin = Point(x: item.origin.x + dx, y: item.origin.y)
            item.frame = move(item.frame)
            return item
        })
    }
}
