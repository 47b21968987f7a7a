// A live table: the server measured every row, column and line; this page only places them.
// Protocol and rules: the "Serving a live table" article (TableServer's documentation).
(() => {
  "use strict";
  // Past this many px, scroll positions are scaled: Firefox's elements stop at 17,895,697 px and
  // Chrome's at 33,554,428 px.
  const CAP = 15000000;
  // Rows drawn above and below the viewport, and asked for with those in view.
  const PREFETCH = 20;
  const root = document.getElementById("tm-live");
  const head = root.querySelector(".tm-head"), scroller = root.querySelector("[data-scroll]");
  const layer = root.querySelector(".tm-layer"), spacer = root.querySelector(".tm-spacer");
  const status = root.querySelector(".tm-status"), alert = root.querySelector(".tm-alert");
  const fontSheet = document.getElementById("tm-fonts");

  let socket = null, version = 0, count = 0, measured = 0;
  // Each row's height with the spacing below it, its ID, and the offsets: sums of the heights,
  // valid below `dirty`. The server's heights are on a 2^-20 px grid, so these sums are its offsets.
  let heights = new Float64Array(0), ids = new Float64Array(0), offsets = new Float64Array(1), dirty = 0;
  let columns = [], headerHeight = 0, tableWidth = 0, headerCells = [];
  let faces = 0, classes = 0;
  // Rows' cells and texts by ID; `stale` once the row changed, until it comes again.
  const cache = new Map();
  // Where the viewport's top is, in rows' coordinates (0: the first row's top), and the
  // scrollTop this page last set or saw: a scroll event that does not change it is not the user's.
  let contentY = 0, knownScrollTop = 0;
  const drawn = new Map();
  let asking = null, requestNumber = 0;
  const waiting = new Map();
  let readyResolve, drawnWaiters = [];
  const ready = new Promise(resolve => { readyResolve = resolve; });

  const total = () => { settle(); return offsets[count]; };
  function settle() {
    for (let i = dirty; i < count; i++) offsets[i + 1] = offsets[i] + heights[i];
    dirty = count;
  }
  // The last row whose top is at or above y.
  function rowAt(y) {
    settle();
    let low = 0, high = Math.max(0, count - 1);
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (offsets[middle] <= y) low = middle; else high = middle - 1;
    }
    return low;
  }
  const viewportHeight = () => scroller.clientHeight;
  const scaled = () => total() > CAP;
  // The scroll bar's range as the browser has it (a browser may let it go a pixel past CAP − V).
  const scrollRange = () => Math.max(1, scroller.scrollHeight - scroller.clientHeight);
  const fromScroll = top => Math.min(scaled() ? top / scrollRange() * (total() - viewportHeight()) : top,
                                     Math.max(0, total() - viewportHeight()));
  const toScroll = y => scaled() ? y / Math.max(1, total() - viewportHeight()) * scrollRange() : y;
  // The furthest the viewport's top goes: the content's end, or the last row's top (so that any
  // row can be put at the top).
  const lastY = () => Math.max(0, total() - viewportHeight(), count ? offsets[count - 1] : 0);

  // The first row shown and how far into it the viewport starts: kept through every change of
  // heights or rows above it (DataTableLayout's anchoring).
  function anchor() {
    if (!count) return null;
    const index = rowAt(contentY);
    return { index, delta: contentY - offsets[index] };
  }
  function restore(kept) {
    if (kept && count) {
      const index = Math.min(kept.index, count - 1);
      settle();
      contentY = Math.min(offsets[index] + (index === kept.index ? kept.delta : 0), lastY());
    } else {
      contentY = Math.min(contentY, lastY());
    }
    contentY = Math.max(0, contentY);
    syncScrollbar();
  }
  // The viewport fills the window below the header, in whole px: a fractional height would let the
  // sticky layer meet the content's end a pixel early, at the scroll bar's end.
  function fitViewport() {
    const height = Math.max(0, Math.floor(innerHeight - scroller.getBoundingClientRect().top));
    if (scroller.style.height !== height + "px") scroller.style.height = height + "px";
  }
  function syncScrollbar() {
    fitViewport();
    const v = viewportHeight();
    spacer.style.height = Math.max(0, Math.min(total(), CAP) - v) + "px";
    spacer.style.width = tableWidth + "px";
    layer.style.height = v + "px";
    layer.style.width = scroller.clientWidth + "px";
    const top = toScroll(Math.min(contentY, Math.max(0, total() - v)));
    if (Math.abs(scroller.scrollTop - top) >= 0.5) scroller.scrollTop = top;
    knownScrollTop = scroller.scrollTop;
  }

  // MARK: Drawing

  // A line: [left, top, baseline, right-to-left, node, …]; a run: class × 2 + right-to-left
  // (negated, less one, when its last character is a closing mark trimmed at the line's end),
  // text, width or null; a box: [right-to-left, node, …]. Text goes in as text, never as markup.
  function nodes(parent, line, from) {
    for (let i = from; i < line.length;) {
      if (Array.isArray(line[i])) {
        const box = document.createElement("span");
        box.className = "b" + (line[i][0] ? " q" : "");
        nodes(box, line[i], 1);
        parent.append(box);
        i += 1;
        continue;
      }
      const run = document.createElement("span"), value = line[i] < 0 ? -1 - line[i] : line[i];
      run.className = "f" + (value >> 1) + (value & 1 ? " r" : "") + (line[i + 2] === null ? "" : " g");
      if (line[i + 2] !== null) run.style.width = line[i + 2] + "px";
      if (line[i] < 0) {
        const text = [...line[i + 1]], mark = document.createElement("span");
        mark.className = "h";
        mark.textContent = text.pop();
        run.append(text.join(""), mark);
      } else {
        run.textContent = line[i + 1];
      }
      parent.append(run);
      i += 3;
    }
  }
  function lineElement(line) {
    const element = document.createElement("div");
    element.className = "l" + (line[3] ? " q" : "");
    element.style.left = line[0] + "px";
    element.style.top = line[1] + "px";
    element.style.setProperty("--b", line[2] + "px");
    nodes(element, line, 4);
    return element;
  }
  function cellElement(column, cell) {
    const element = document.createElement("div");
    element.className = "tm-cell";
    element.dataset.column = column;
    element.style.left = columns[column].x + "px";
    element.style.width = columns[column].width + "px";
    let from = 0;
    if (cell && typeof cell[0] === "number") from = 1;  // a span's row count: drawn in its first row
    if (cell && typeof cell[from] === "string") element.style.cssText += ";" + cell[from++];
    if (cell) for (let i = from; i < cell.length; i++) element.append(lineElement(cell[i]));
    return element;
  }
  function visibleColumns(left, width) {
    const shown = [];
    columns.forEach((column, index) => {
      if (index === 0 || (column.x + column.width > left && column.x < left + width)) shown.push(index);
    });
    return shown;
  }
  function drawHeader(left, shown) {
    const key = shown.join(",");
    if (head.dataset.key !== key) {
      head.replaceChildren(...shown.map(j => cellElement(j, headerCells[j])));
      head.dataset.key = key;
    }
    head.style.height = headerHeight + "px";
    for (const cell of head.children) {
      const j = +cell.dataset.column;
      cell.style.left = (j === 0 ? columns[0].x : columns[j].x - left) + "px";
      cell.classList.toggle("tm-sticky", j === 0 && left > 0);
    }
  }
  function draw() {
    if (!columns.length) return;
    settle();
    const v = viewportHeight(), left = scroller.scrollLeft, width = scroller.clientWidth;
    const shown = visibleColumns(left, width), columnKey = shown.join(",");
    drawHeader(left, shown);
    // Where the sticky layer really is: a browser may push it a pixel off the viewport's top (at
    // the end of a scroll range of millions of px); the rows are placed from where it is.
    const frame = scroller.getBoundingClientRect(), placed = layer.getBoundingClientRect();
    const shiftY = placed.top - frame.top, shiftX = placed.left - frame.left;
    const first = count ? rowAt(contentY) : 0;
    let end = first;
    while (end < count && offsets[end] < contentY + v) end++;
    const from = Math.max(0, first - PREFETCH), to = Math.min(count, end + PREFETCH);
    const keep = new Set();
    let missing = false;
    for (let i = from; i < to; i++) {
      const id = ids[i], entry = cache.get(id);
      if (!entry || entry.stale) missing = true;
      keep.add(id);
      let element = drawn.get(id);
      const key = (entry ? entry.key : "none") + "|" + columnKey;
      if (!element || element.dataset.key !== key) {
        const fresh = document.createElement("div");
        fresh.className = "tm-row";
        fresh.dataset.key = key;
        if (entry) fresh.append(...shown.map(j => cellElement(j, entry.cells[j])));
        if (element) element.replaceWith(fresh); else layer.append(fresh);
        drawn.set(id, element = fresh);
      }
      element.dataset.row = i;
      element.classList.toggle("tm-odd", i % 2 === 1);
      element.style.top = (offsets[i] - contentY - shiftY) + "px";
      element.style.height = (offsets[i + 1] - offsets[i]) + "px";
      element.style.left = (-left - shiftX) + "px";
      element.style.width = tableWidth + "px";
      const sticky = element.firstChild;
      if (sticky && sticky.dataset.column === "0") {
        sticky.style.left = (columns[0].x + left) + "px";
        sticky.classList.toggle("tm-sticky", left > 0);
      }
    }
    for (const [id, element] of drawn) {
      if (!keep.has(id)) { element.remove(); drawn.delete(id); }
    }
    status.textContent = count.toLocaleString() + " rows" + (measured < count ? ", " + measured.toLocaleString() + " measured" : "");
    root.dataset.measuredRows = measured;
    if (missing) ask(from, to);
    else {
      const done = drawnWaiters;
      drawnWaiters = [];
      for (const resolve of done) resolve();
      if (readyResolve) {
        api.readyAt = performance.now();
        readyResolve();
        readyResolve = null;
      }
    }
  }
  let drawQueued = false;
  function redraw() {
    if (drawQueued) return;
    drawQueued = true;
    requestAnimationFrame(() => { drawQueued = false; draw(); });
  }

  // MARK: The server

  function send(message) {
    return new Promise((resolve, reject) => {
      message.request = ++requestNumber;
      waiting.set(message.request, { resolve, reject });
      socket.send(JSON.stringify(message));
    });
  }
  // Asks for the rows from..to not held (one request at a time; the newest window wins).
  function ask(from, to) {
    if (asking) { asking.next = [from, to]; return; }
    let first = from, last = to - 1;
    while (first <= last && cache.has(ids[first]) && !cache.get(ids[first]).stale) first++;
    while (last >= first && cache.has(ids[last]) && !cache.get(ids[last]).stale) last--;
    if (first > last) return;
    asking = { next: null };
    send({ type: "rows", from: first, to: last + 1 }).catch(error => { alert.textContent = error.message; })
      .finally(() => {
        const next = asking.next;
        asking = null;
        if (next) ask(next[0], next[1]);
        redraw();
      });
  }
  // The font rules past those this page has (a message lists them all, a few lines: faces and classes
  // are numbered for the table's life, so a page appends the ones it has not seen).
  function addFonts(message) {
    const newFaces = message.faces.slice(faces), newClasses = message.classes.slice(classes);
    for (const rule of newFaces.concat(newClasses)) fontSheet.sheet.insertRule(rule, fontSheet.sheet.cssRules.length);
    faces += newFaces.length;
    classes += newClasses.length;
  }
  let keys = 0;
  function receive(message) {
    switch (message.type) {
      case "hello":
        version = message.version;
        count = message.rowCount;
        measured = message.measuredRows;
        heights = new Float64Array(count);
        ids = new Float64Array(count);
        for (let i = 0; i < count; i++) ids[i] = i;  // a row's ID is its index unless a frame says otherwise
        offsets = new Float64Array(count + 1);
        dirty = 0;
        columns = message.columns;
        headerHeight = message.headerHeight;
        tableWidth = message.tableWidth;
        headerCells = message.header;
        head.dataset.key = "";
        cache.clear();
        addFonts(message);
        return;
      case "rows": {
        addFonts(message);
        message.rows.forEach((cells, k) => cache.set(message.ids[k], { cells, texts: message.texts[k], key: ++keys }));
        const waiter = waiting.get(message.request);
        waiting.delete(message.request);
        if (waiter) waiter.resolve();
        break;
      }
      case "edit":
        addFonts(message);
        cache.set(message.id, { cells: message.cells, texts: message.texts, key: ++keys });
        version = message.version;
        break;
      case "insert": {
        const kept = anchor();
        heights = spliced(heights, message.row, 0, 1, 0);
        ids = spliced(ids, message.row, 0, 1, message.id);
        count += 1;
        offsets = new Float64Array(count + 1);
        dirty = 0;
        if (kept && message.row <= kept.index && !(message.row === kept.index && kept.index === 0 && contentY === 0)) kept.index += 1;
        version = message.version;
        restore(kept);
        break;
      }
      case "delete": {
        const kept = anchor();
        cache.delete(message.id);
        heights = spliced(heights, message.row, 1, 0);
        ids = spliced(ids, message.row, 1, 0);
        count -= 1;
        offsets = new Float64Array(count + 1);
        dirty = 0;
        if (kept) {
          if (message.row < kept.index) kept.index -= 1;
          else if (message.row === kept.index) kept.delta = 0;  // the next row takes its place
        }
        version = message.version;
        restore(kept);
        break;
      }
      case "columns":
        columns = columns.map((column, j) => ({ title: column.title, width: message.widths[j], x: 0 }));
        columns.reduce((x, column) => { column.x = x; return x + column.width; }, 0);
        tableWidth = columns.reduce((sum, column) => sum + column.width, 0);
        headerCells = message.header;
        head.dataset.key = "";
        for (const entry of cache.values()) entry.stale = true;
        version = message.version;
        break;
      case "saved":
        alert.textContent = "";
        return;
      case "saveError":
        alert.textContent = message.message;
        return;
      case "ack":
      case "error": {
        const waiter = waiting.get(message.request);
        if (message.type === "error" && !waiter) alert.textContent = message.message;
        if (waiter) {
          waiting.delete(message.request);
          if (message.type === "ack") { version = message.version; waiter.resolve(message.version); }
          else waiter.reject(new Error(message.message));
        }
        return;
      }
    }
    redraw();
  }
  // `array` with `removed` values at `at` taken out and `added` values (each `value`) put in.
  function spliced(array, at, removed, added, value) {
    const result = new Float64Array(array.length - removed + added);
    result.set(array.subarray(0, at));
    if (added) result.fill(value, at, at + added);
    result.set(array.subarray(at + removed), at + added);
    return result;
  }
  // A binary frame: [kind, first, count, measured rows, row count, value × count] (HeightFrame).
  function receiveFrame(buffer) {
    const values = new Float64Array(buffer);
    const kind = values[0], first = values[1], n = values[2];
    measured = values[3];
    if (values[4] !== count) return;  // a frame of an older row count: its change follows
    if (kind === 2) { ids.set(values.subarray(5, 5 + n), first); return; }
    const kept = columns.length && drawn.size ? anchor() : null;
    heights.set(values.subarray(5, 5 + n), first);
    dirty = Math.min(dirty, first);
    if (kept) restore(kept); else syncScrollbar();
    redraw();
  }
  function connect() {
    const url = new URL("live", location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(url);
    socket.binaryType = "arraybuffer";
    socket.onmessage = event => {
      if (typeof event.data === "string") receive(JSON.parse(event.data)); else receiveFrame(event.data);
    };
    socket.onopen = () => { alert.textContent = ""; };
    socket.onclose = () => {
      alert.textContent = "Disconnected from the server; reconnecting…";
      for (const waiter of waiting.values()) waiter.reject(new Error("disconnected"));
      waiting.clear();
      asking = null;
      setTimeout(connect, 1000);
    };
  }

  // MARK: The user

  scroller.addEventListener("scroll", () => {
    if (Math.abs(scroller.scrollTop - knownScrollTop) >= 0.5) contentY = fromScroll(scroller.scrollTop);
    knownScrollTop = scroller.scrollTop;
    draw();
  }, { passive: true });
  addEventListener("resize", () => { const kept = anchor(); fitViewport(); restore(kept); draw(); });
  // Double-click a cell to edit it; Enter saves (Shift-Enter: a line break), Escape cancels.
  scroller.addEventListener("dblclick", event => {
    const cell = event.target.closest(".tm-cell"), row = cell && cell.closest(".tm-row");
    if (!cell || !row || cell.querySelector("textarea")) return;
    const index = +row.dataset.row, column = +cell.dataset.column, entry = cache.get(ids[index]);
    if (!entry) return;
    const editor = document.createElement("textarea");
    editor.value = entry.texts[column];
    cell.append(editor);
    editor.focus();
    let done = false;
    const finish = commit => {
      if (done) return;
      done = true;
      const text = editor.value;
      editor.remove();
      if (commit && text !== entry.texts[column]) api.edit(+row.dataset.row, column, text).catch(error => { alert.textContent = error.message; });
    };
    editor.addEventListener("keydown", key => {
      if (key.key === "Enter" && !key.shiftKey) { key.preventDefault(); finish(true); }
      if (key.key === "Escape") finish(false);
    });
    editor.addEventListener("blur", () => finish(true));
  });

  function checkRow(row, end) {
    if (!Number.isInteger(row) || row < 0 || row >= count + (end ? 1 : 0)) throw new RangeError("row " + row + " is not within the table's " + count + " rows");
  }
  // The page's script API (documented in the article), for embedding and for tests.
  const api = {
    ready,
    // When `ready` resolved, in the page's performance.now() (from the page's request).
    readyAt: null,
    get rowCount() { return count; },
    get measuredRows() { return measured; },
    get version() { return version; },
    // Row i's top at the viewport's top; resolves once the rows in view are drawn.
    scrollToRow(i) {
      checkRow(i);
      settle();
      contentY = Math.min(offsets[i], lastY());
      syncScrollbar();
      const shown = new Promise(resolve => drawnWaiters.push(resolve));
      draw();
      return shown;
    },
    // The server's offset of row i in px (from the first row's top; the header is above it).
    rowTop(i) { checkRow(i, true); settle(); return offsets[i]; },
    // Resolves (with the new version) once the server applied the edit and this page has the patch.
    edit(row, column, text) { checkRow(row); return send({ type: "edit", id: ids[row], column, text: String(text) }); },
    insertRow(at, cells) { checkRow(at, true); return send({ type: "insert", at, cells: cells.map(String) }); },
    deleteRow(row) { checkRow(row); return send({ type: "delete", id: ids[row] }); },
  };
  window.textmeasure = api;
  connect();
})();
