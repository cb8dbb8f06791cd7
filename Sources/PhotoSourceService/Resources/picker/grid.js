// A virtualised grid of fixed-size cells (a listbox with multiple selection): only the rows in
// view plus a margin exist in the DOM, and the next page is asked for while a screenful remains.
// Placeholders of the same size stand where the next page will be, so nothing moves when it lands.
const BUFFER_ROWS = 3;

export class PhotoGrid {
  /**
   * @param {object} options scroller, grid (the listbox), status (a live region), pageSize,
   *   render(cell, item, index), open(item), toggle(item), loadMore().
   */
  constructor(options) {
    Object.assign(this, options);
    this.items = [];
    this.hasMore = false;
    this.active = 0;
    this.cells = new Map();
    this.scheduled = false;
    this.scroller.addEventListener("scroll", () => this.schedule(), { passive: true });
    new ResizeObserver(() => this.schedule()).observe(this.scroller);
    this.grid.addEventListener("keydown", (event) => this.key(event));
    this.grid.addEventListener("click", (event) => this.click(event));
    this.grid.addEventListener("focus", () => this.moveTo(this.active));
  }

  /** Shows a new listing from its first page. */
  reset(items, hasMore) {
    for (const cell of this.cells.values()) cell.remove();
    this.cells.clear();
    this.items = items;
    this.hasMore = hasMore;
    this.active = 0;
    this.scroller.scrollTop = 0;
    this.render();
  }

  /** Adds the next page. */
  append(items, hasMore) {
    this.items = this.items.concat(items);
    this.hasMore = hasMore;
    this.render();
  }

  /** Draws every cell in view again (selection or badges changed). */
  refresh() {
    for (const [index, cell] of this.cells) if (index < this.items.length) this.render_(cell, index);
  }

  // Columns of about 172 px (116 on a phone) that fill the width exactly.
  get columns() {
    const width = this.scroller.clientWidth;
    return Math.max(1, Math.floor(width / (width < 520 ? 116 : 172)));
  }
  get cellSize() { return Math.floor(this.scroller.clientWidth / this.columns); }

  schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(() => { this.scheduled = false; this.render(); });
  }

  render() {
    const size = this.cellSize;
    const columns = this.columns;
    const slots = this.items.length + (this.hasMore ? this.pageSize : 0);
    const rows = Math.ceil(slots / columns);
    this.grid.style.height = `${rows * size}px`;
    const first = Math.max(0, Math.floor(this.scroller.scrollTop / size) - BUFFER_ROWS);
    const visibleRows = Math.ceil(this.scroller.clientHeight / size);
    const last = Math.min(rows, first + visibleRows + 2 * BUFFER_ROWS);
    const from = first * columns;
    const to = Math.min(slots, last * columns);
    for (const [index, cell] of this.cells) {
      if (index < from || index >= to) { cell.remove(); this.cells.delete(index); }
    }
    for (let index = from; index < to; index += 1) {
      let cell = this.cells.get(index);
      const placeholder = index >= this.items.length;
      if (!cell || cell.classList.contains("placeholder") !== placeholder) {
        cell?.remove();
        cell = document.createElement("div");
        this.cells.set(index, cell);
        this.grid.append(cell);
        if (placeholder) {
          cell.className = "cell placeholder";
          cell.setAttribute("aria-hidden", "true");
        } else {
          this.render_(cell, index);
        }
      }
      cell.style.transform = `translate(${(index % columns) * size}px, ${Math.floor(index / columns) * size}px)`;
      cell.style.width = cell.style.height = `${size - 8}px`;
    }
    // The active cell may have scrolled out of the DOM: name it only while it exists.
    if (this.cells.has(this.active) && this.active < this.items.length) this.grid.setAttribute("aria-activedescendant", `cell-${this.active}`);
    else this.grid.removeAttribute("aria-activedescendant");
    // Ask for the next page while a screenful of photos is still ahead.
    if (this.hasMore && !this.loading && to + visibleRows * columns >= this.items.length) {
      this.loading = true;
      Promise.resolve(this.loadMore()).finally(() => { this.loading = false; this.schedule(); });
    }
  }

  render_(cell, index) {
    const item = this.items[index];
    cell.id = `cell-${index}`;
    cell.className = "cell";
    cell.setAttribute("role", "option");
    cell.setAttribute("aria-posinset", String(index + 1));
    cell.setAttribute("aria-setsize", this.hasMore ? "-1" : String(this.items.length));
    cell.dataset.index = String(index);
    cell.classList.toggle("active", index === this.active);
    this.renderCell(cell, item, index);
  }

  click(event) {
    const cell = event.target.closest(".cell[role=option]");
    if (!cell) return;
    const index = Number(cell.dataset.index);
    this.active = index;
    this.grid.focus({ preventScroll: true });
    this.moveTo(index);
    const item = this.items[index];
    if (item.kind === "image") this.toggle(item); else this.open(item);
  }

  key(event) {
    if (!this.items.length) return;
    const columns = this.columns;
    const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns };
    if (event.key in moves) {
      event.preventDefault();
      this.moveTo(Math.min(this.items.length - 1, Math.max(0, this.active + moves[event.key])));
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      this.moveTo(event.key === "Home" ? 0 : this.items.length - 1);
    } else if (event.key === " ") {
      event.preventDefault();
      const item = this.items[this.active];
      if (item.kind === "image") this.toggle(item);
    } else if (event.key === "Enter") {
      event.preventDefault();
      this.open(this.items[this.active]);
    }
  }

  /** Makes `index` the active cell, scrolled into view and named by aria-activedescendant. */
  moveTo(index) {
    if (!this.items.length) { this.grid.removeAttribute("aria-activedescendant"); return; }
    this.cells.get(this.active)?.classList.remove("active");
    this.active = index;
    const size = this.cellSize;
    const top = Math.floor(index / this.columns) * size;
    if (top < this.scroller.scrollTop) this.scroller.scrollTop = top;
    else if (top + size > this.scroller.scrollTop + this.scroller.clientHeight) this.scroller.scrollTop = top + size - this.scroller.clientHeight;
    this.render();
    this.cells.get(index)?.classList.add("active");
  }
}
