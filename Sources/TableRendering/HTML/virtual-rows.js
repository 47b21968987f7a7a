// The script of a virtualised HTML table (`DataTableLayout.html(style:alignments:options:)`): a
// function of the table's options, called right after this text with them, as `(options)`:
// - id: the table's element id;
// - url: the row data (offsets on its first line, then one row a line);
// - prefetch: rows kept in the DOM above and below the viewport;
// - footer: whether the last row is the table's footer (class `s`);
// - gap: the rows' spacing in a striped style (their stripes drawn under a spanning cell), or null.
// It fetches the rows and keeps those in the viewport ± prefetch in the DOM: on every scroll or
// resize, a binary search of the offsets finds the first and last rows shown, and when they
// change the window's <tbody> gets their rows, written from the JSON as the page writes rows,
// and its table moves to the first one's offset. When the rows are in, the table's <div> gets
// data-rows="ready" and fires `rowsready`. With a gap, a spanning cell holds the stripes of
// the rows of odd index under it, as `HTMLRows.stripes(under:from:)` writes them.
(({ id, url, prefetch, footer, gap }) => {
  const root = document.getElementById(id);
  const frame = root.querySelector(".t"), table = root.querySelector("table.w"), body = table.tBodies[0];
  // The row data, one row a line (lines 2 to n + 1), each parsed when it is shown.
  let offsets = [], text = "", starts = [], count = 0, shown = "";
  const last = footer ? " s" : "";
  const cells = i => JSON.parse(text.slice(starts[i + 2], starts[i + 3] - (i + 1 < count ? 2 : 1)));
  const escape = text => text.replace(/[&<>]/g, c => c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;");
  // A line: [left, top, baseline, right-to-left, node, …]; a run: class × 2 + right-to-left (negated, less
  // one, when its last character is trimmed), text, width or null; a box: [right-to-left, node, …].
  // Written as the page writes lines.
  const nodes = (l, from) => {
    let html = "";
    for (let i = from; i < l.length; i += 3) {
      if (Array.isArray(l[i])) { html += '<span class="b' + (l[i][0] ? " q" : "") + '">' + nodes(l[i], 1) + "</span>"; i -= 2; continue; }
      const run = l[i] < 0 ? -1 - l[i] : l[i], text = [...l[i + 1]];
      html += '<span class="f' + (run >> 1) + (run & 1 ? " r" : "")
        + (l[i + 2] === null ? '"' : ' g" style="width:' + l[i + 2] + 'px"') + ">"
        + (l[i] < 0 ? escape(text.slice(0, -1).join("")) + '<span class="h">' + escape(text.slice(-1).join("")) + "</span>"
           : escape(l[i + 1])) + "</span>";
    }
    return html;
  };
  const line = l => '<div class="l' + (l[3] ? " q" : "") + '" style="left:' + l[0] + "px;top:" + l[1] + "px;--b:" + l[2] + 'px">'
    + nodes(l, 4) + "</div>";
  // The stripes under a cell spanning rows i to end - 1: their odd rows, each less the spacing after it.
  const stripes = (i, end) => {
    const bands = [];
    for (let k = i | 1; k < end; k += 2) {
      const a = offsets[k] - offsets[i], b = offsets[k + 1] - offsets[i] - (k + 1 < count ? gap : 0);
      bands.push("#0000 " + a + "px,#000 " + a + "px " + b + "px,#0000 " + b + "px");
    }
    return bands.length ? '<div class="y" style="mask-image:linear-gradient(' + bands.join(",") + ')"></div>' : "";
  };
  // Rows first to end - 1 are shown. A cell spanning rows ([count, …] at its first row, that
  // row's number below) is a rowspan at the first of its rows shown, omitted below.
  const row = (i, first, end) => {
    let html = '<tr data-row="' + i + '"' + (i % 2 ? i === count - 1 ? ' class="o z' + last + '"' : ' class="o"' : i === count - 1 ? ' class="z' + last + '"' : "")
      + ' style="height:' + (offsets[i + 1] - offsets[i]) + 'px">', position = 0;
    cells(i).forEach((cell, column) => {
      let start = i, attributes = "";
      if (typeof cell === "number") {
        if (i !== first) return;
        start = cell;
        cell = cells(start)[column];
      }
      let from = 0, spanEnd = 0;
      if (typeof cell[0] === "number") {
        spanEnd = Math.min(start + cell[0], end);
        attributes = ' rowspan="' + (spanEnd - i) + '"' + (start + cell[0] === count ? ' class="z' + (!position && column ? ' m"' : '"') : "");
        from = 1;
      }
      if (!position && column && !attributes.includes("class")) attributes += ' class="m"';
      if (position++ !== column) attributes += ' data-c="' + column + '"';
      const style = typeof cell[from] === "string" ? cell[from++] : null;
      const under = gap !== null && spanEnd && !(style && style.includes("background:")) ? stripes(i, spanEnd) : "";
      html += "<td" + attributes + (style ? ' style="' + style + '"' : "") + ">" + under + cell.slice(from).map(line).join("") + "</td>";
    });
    return html + "</tr>";
  };
  // The last row whose top is at or above y (0 above the first).
  const rowAt = y => {
    let low = 0, high = count - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (offsets[middle] <= y) low = middle; else high = middle - 1;
    }
    return low;
  };
  const update = () => {
    if (!count) return;
    const top = -frame.getBoundingClientRect().top;
    const first = Math.max(0, rowAt(top) - prefetch);
    const end = Math.min(count, rowAt(top + innerHeight) + 1 + prefetch);
    if (shown === first + ":" + end) return;
    shown = first + ":" + end;
    table.style.top = offsets[first] + "px";
    let html = "";
    for (let i = first; i < end; i++) html += row(i, first, end);
    body.innerHTML = html;
  };
  fetch(url).then(response => response.text()).then(data => {
    text = data;
    for (let at = 0; at >= 0; at = text.indexOf("\n", at) + 1 || -1) starts.push(at);
    offsets = JSON.parse(text.slice(text.indexOf("["), starts[1] - 2));
    count = offsets.length - 1;
    addEventListener("scroll", update, { passive: true, capture: true });
    addEventListener("resize", update);
    update();
    root.dataset.rows = "ready";
    root.dispatchEvent(new Event("rowsready"));
  });
})