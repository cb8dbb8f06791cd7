// The tray: what is selected, across albums and sources, and "Add to order", followed live to
// its end; then the embedding shop (its allowed origin only) is told the order's id.
import { ApiError } from "./api.js";
import { follow, placeOrder } from "./order.js";

const $ = (id) => document.getElementById(id);
const WORDS = { accepted: "Order accepted…", materialising: "Collecting your photos…", delivering: "Sending to the printer…",
  delivered: "Delivered to the printer.", partiallyDelivered: "Partly delivered: some photos could not be sent.",
  failed: "The order failed.", cancelled: "The order was cancelled." };

export class Tray {
  constructor({ selection, product, reference, embedder, report }) {
    Object.assign(this, { selection, product, reference, embedder, report });
    this.key = null;
    $("tray-open").addEventListener("click", () => { this.render(); $("tray").showModal(); });
    $("tray-close").addEventListener("click", () => $("tray").close());
    $("order").addEventListener("click", () => this.order());
  }

  render() {
    const list = $("tray-list");
    list.replaceChildren();
    for (const [key, entry] of this.selection.entries) {
      const item = document.createElement("li");
      const label = entry.kind === "album"
        ? `Album ${entry.title}${entry.count ? ` (${entry.count} photos)` : " (every photo)"}`
        : entry.title;
      item.append(document.createTextNode(label));
      const remove = document.createElement("button");
      remove.type = "button";
      remove.textContent = "Remove";
      remove.setAttribute("aria-label", `Remove ${label}`);
      remove.addEventListener("click", () => { this.selection.remove(key); this.key = null; });
      item.append(" ", remove);
      list.append(item);
    }
    if (!this.selection.size) list.append(Object.assign(document.createElement("li"), { textContent: "Nothing selected yet." }));
    $("order").disabled = !this.selection.size || this.busy;
  }

  async order() {
    if (!this.selection.size || this.busy) return;
    this.busy = true;
    $("order").disabled = true;
    // One key per order: a retry after a lost answer gets the same order back, not a second one.
    this.key ??= crypto.randomUUID();
    const status = $("order-status");
    status.textContent = "Placing the order…";
    try {
      const body = { reference: this.reference() || `picker-${this.key.slice(0, 8)}`, product: this.product().id, items: this.selection.lines() };
      const created = await placeOrder(body, this.key);
      document.body.dataset.orderId = created.id;
      const final = await follow(created.id, (value) => { status.textContent = WORDS[value] ?? value; document.body.dataset.orderStatus = value; });
      if (final === "delivered" || final === "partiallyDelivered") {
        const embedder = this.embedder();
        if (embedder) window.parent.postMessage({ type: "photosource.order", orderId: created.id }, embedder);
        this.key = null;
        this.selection.clear();
      }
    } catch (error) {
      status.textContent = error instanceof ApiError ? `Not ordered: ${error.message}` : "Not ordered: the connection failed; try again.";
      if (!(error instanceof ApiError)) return;
      if (error.status === 400 || error.status === 422) this.key = null;  // a new body needs a new key
      this.report(error);
    } finally {
      this.busy = false;
      $("order").disabled = !this.selection.size;
    }
  }
}
