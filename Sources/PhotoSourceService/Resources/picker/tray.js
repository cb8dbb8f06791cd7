// The tray: what is selected, across albums and sources, and "Add to order", followed live to
// its end; then the embedding shop (its allowed origin only) is told the order's id.
import { ApiError } from "./api.js";
import { follow, placeOrder } from "./order.js";

const $ = (id) => document.getElementById(id);
const WORDS = { accepted: "Order accepted…", materialising: "Collecting your photos…", delivering: "Sending to the printer…",
  delivered: "Delivered to the printer.", partiallyDelivered: "Partly delivered: some photos could not be sent.",
  failed: "The order failed.", cancelled: "The order was cancelled." };

export class Tray {
  constructor({ selection, product, reference, embedder, sourceTitle, report, sendTo }) {
    Object.assign(this, { selection, product, reference, embedder, sourceTitle, report, sendTo });
    this.key = null;
    this.gone = null;  // the selection key of a line the service no longer finds
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
      if (key === this.gone) {
        item.classList.add("gone");
        item.append(Object.assign(document.createElement("strong"), { textContent: " (no longer there)" }));
      }
      const remove = document.createElement("button");
      remove.type = "button";
      remove.textContent = "Remove";
      remove.setAttribute("aria-label", `Remove ${label}`);
      remove.addEventListener("click", () => { this.clearFix(); this.selection.remove(key); this.key = null; });
      item.append(" ", remove);
      if (entry.kind === "photo" && this.sendTo.available) {
        const send = document.createElement("button");
        send.type = "button";
        send.textContent = "Send to…";
        send.setAttribute("aria-label", `Send ${label} to…`);
        send.setAttribute("aria-haspopup", "dialog");
        send.addEventListener("click", () => {
          $("tray").close();
          this.sendTo.openFor(entry.source, { id: entry.itemId, title: entry.title, kind: "image" });
        });
        item.append(" ", send);
      }
      list.append(item);
    }
    if (!this.selection.size) list.append(Object.assign(document.createElement("li"), { textContent: "Nothing selected yet." }));
    $("order").disabled = !this.selection.size || this.busy;
  }

  async order() {
    if (!this.selection.size || this.busy) return;
    this.clearFix();
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
      if (!(error instanceof ApiError)) {
        status.textContent = "Not ordered: the connection failed; try again.";
        return;
      }
      // A refusal stored nothing under the key: the next attempt (another body) needs a new one.
      if (error.status >= 400 && error.status < 500) this.key = null;
      const line = this.refusedLine(error);
      if (line && error.status === 404) return this.vanished(line);
      if (error.status === 401) {
        // Signed out of a line's source, or the session ended: the page's notice says which and
        // offers the sign-in, so the tray steps aside; the selection stays for the next attempt.
        status.textContent = "Not ordered: see the message above the photos.";
        $("tray").close();
      } else {
        status.textContent = `Not ordered: ${error.message}`;
      }
      this.report(error, line?.[1].source);
    } finally {
      this.busy = false;
      $("order").disabled = !this.selection.size;
    }
  }

  /** The selection's `[key, entry]` of the order line a problem names (`items[N]` in its fields or its detail). */
  refusedLine(error) {
    const texts = [...(error.problem?.errors ?? []).map((field) => field.path), error.message];
    for (const text of texts) {
      const found = /items\[(\d+)\]/.exec(text ?? "");
      if (found) return this.selection.entryAt(Number(found[1])) ?? null;
    }
    return null;
  }

  /** A photo (or album) the service no longer finds: names it, and offers to order the rest without it. */
  vanished([key, entry]) {
    const what = entry.kind === "album" ? `The album ${entry.title}` : `"${entry.title}"`;
    $("order-status").textContent =
      `Not ordered: ${what} is no longer in ${this.sourceTitle(entry.source)}; it was deleted or moved. Remove it to order the rest.`;
    this.gone = key;
    const fix = $("order-fix");
    const others = this.selection.size - 1;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "primary";
    button.textContent = others ? `Remove it and order the other ${others}` : "Remove it";
    button.addEventListener("click", () => {
      this.clearFix();
      this.selection.remove(key);
      if (this.selection.size) this.order();
    });
    fix.replaceChildren(button);
    fix.hidden = false;
    $("order").hidden = true;  // the same order again would be refused the same way
    this.render();
    button.focus();
  }

  clearFix() {
    this.gone = null;
    $("order-fix").replaceChildren();
    $("order-fix").hidden = true;
    $("order").hidden = false;
  }
}
