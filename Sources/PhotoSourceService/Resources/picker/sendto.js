// "Send to…": the handlers the service's catalog offers for a photo (GET /v1/catalog), the
// remembered default first and marked, "choose again" when a new one appeared, the shop's own
// actions and "More apps". Choosing one creates a one-time hand-off (POST /v1/handoffs) and opens
// its launch URL in a new tab; "Always use this" remembers the choice (PUT
// /v1/catalog/defaults/ACTION); "Forget my choices" forgets them all (DELETE).
import { ApiError, request } from "./api.js";

const $ = (id) => document.getElementById(id);
const ACTION_NAMES = { edit: "Edit", print: "Print", share: "Share", collage: "Make a collage", photobook: "Make a photo book" };
const actionName = (id) => ACTION_NAMES[id] ?? id.charAt(0).toUpperCase() + id.slice(1);

/** The page's language (the catalog's names and titles follow it). */
const language = () => document.documentElement.lang || "en";

/** `GET /v1/catalog` for `action` (every live handler without one), in the page's language, for the web. */
export function catalog(action) {
  const query = new URLSearchParams({ platform: "web", lang: language() });
  if (action) query.set("action", action);
  return request(`/v1/catalog?${query}`);
}

export class SendTo {
  /**
   * @param {object} options report(error, source): the page's error paths; showReceived(): opens
   *   the "Received" source; sourceTitle(id).
   */
  constructor({ report, showReceived }) {
    Object.assign(this, { report, showReceived });
    this.photo = null;  // {source, item}
    this.actions = null;
    this.available = false;  // whether the service has a catalog (the tray offers "Send to…" then): see probe()
    $("sendto-close").addEventListener("click", () => $("sendto").close());
    $("sendto-action").addEventListener("change", () => this.load());
    $("sendto-forget").addEventListener("click", () => this.forget());
    $("sendto-received").addEventListener("click", () => { $("sendto").close(); this.showReceived(); });
  }

  /**
   * Readies the preview's buttons for `item` of `source`: "Send to…" when the service has a
   * catalog, and "Send to NAME" when a remembered default applies (one click uses it).
   */
  async offer(source, item) {
    this.photo = { source, item };
    const open = $("preview-sendto");
    const quick = $("preview-default");
    $("preview-status").textContent = "";
    quick.hidden = true;
    open.hidden = item.kind !== "image";
    open.onclick = () => { $("preview").close(); this.open(); };
    if (item.kind !== "image") return;
    try {
      const offer = await catalog("edit");
      if (this.photo?.item !== item) return;
      const chosen = !offer.askAgain && offer.available.find((entry) => entry.isDefault);
      if (!chosen) return;
      quick.textContent = `Send to ${chosen.name}`;
      quick.hidden = false;
      quick.onclick = () => this.send(chosen, "edit", $("preview-status"), quick);
    } catch (error) {
      // No catalog on this service (404), or none for the web: "Send to…" stays, and says why when opened.
      if (error instanceof ApiError && error.status === 404) open.hidden = true;
    }
  }

  /** Asks once whether the service has a catalog (with the session, once the page has one). */
  async probe() {
    try {
      await catalog("edit");
      this.available = true;
    } catch {
      this.available = false;
    }
  }

  /** Opens the dialog for `item` of `source` (a photo in the tray). */
  openFor(source, item) {
    this.photo = { source, item };
    return this.open();
  }

  /** Opens the dialog for the photo of the last `offer`. */
  async open() {
    $("sendto-title").textContent = `Send “${this.photo.item.title}” to…`;
    $("sendto-status").textContent = "";
    $("sendto-received").hidden = true;
    $("sendto-always").checked = false;
    $("sendto-handlers").replaceChildren();  // not the last photo's list while this one's loads
    $("sendto").showModal();
    try {
      if (!this.actions) await this.loadActions();
      await this.load();
    } catch (error) {
      this.failed(error, $("sendto-status"));
    }
  }

  /** The actions the catalog's handlers take, `edit` first. */
  async loadActions() {
    const everything = await catalog(null);
    const found = new Set(["edit"]);
    for (const entry of [...everything.available, ...everything.more]) for (const action of entry.actions ?? []) found.add(action);
    this.actions = [...found];
    const chooser = $("sendto-action");
    chooser.replaceChildren(...this.actions.map((action) => new Option(actionName(action), action)));
    chooser.value = "edit";
  }

  /** Lists the handlers, the shop's actions and "More apps" for the chosen action. */
  async load() {
    const action = $("sendto-action").value || "edit";
    const offer = await catalog(action);
    $("sendto-ask").hidden = !offer.askAgain;
    const list = $("sendto-handlers");
    list.replaceChildren(...offer.available.map((entry) => this.handlerRow(entry, action)));
    if (!offer.available.length) list.append(textItem(`No app can ${actionName(action).toLowerCase()} photos here yet.`));
    const custom = offer.custom ?? [];
    $("sendto-custom-group").hidden = custom.length === 0;
    $("sendto-custom").replaceChildren(...custom.map((entry) => this.customRow(entry)));
    // "More apps": where to sign up for apps not used yet (one without a signup page that is listed above adds nothing).
    const listed = new Set(offer.available.map((entry) => entry.id));
    const more = (offer.more ?? []).filter((entry) => entry.signupURL || !listed.has(entry.id));
    $("sendto-more-group").hidden = more.length === 0;
    $("sendto-more").replaceChildren(...more.map((entry) => moreRow(entry)));
    list.querySelector("button")?.focus();
  }

  handlerRow(entry, action) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "handler";
    button.dataset.handler = entry.id;
    button.append(iconOf(entry.icons));
    const words = document.createElement("span");
    words.className = "words";
    words.append(Object.assign(document.createElement("strong"), { textContent: entry.name }));
    if (entry.isDefault) words.append(Object.assign(document.createElement("span"), { className: "tag", textContent: "Your default" }));
    if (entry.description) words.append(Object.assign(document.createElement("span"), { className: "description", textContent: entry.description }));
    button.append(words);
    button.addEventListener("click", () => this.send(entry, action, $("sendto-status"), button));
    const row = document.createElement("li");
    row.append(button);
    return row;
  }

  customRow(entry) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "handler";
    button.dataset.custom = entry.id;
    button.append(iconOf(entry.icon ? { "1x": entry.icon } : null));
    button.append(Object.assign(document.createElement("strong"), { textContent: entry.title }));
    button.addEventListener("click", () => this.sendToShop(entry, button));
    const row = document.createElement("li");
    row.append(button);
    return row;
  }

  /**
   * Creates the hand-off and opens its launch URL in a new tab (opened at once, in the click's
   * turn, so popup blockers let it through; a blocked one leaves a link instead). With "Always
   * use this" ticked, the choice is remembered.
   */
  async send(entry, action, status, button) {
    const tab = window.open("about:blank", "_blank");
    button.disabled = true;
    status.textContent = `Sending to ${entry.name}…`;
    try {
      const { source, item } = this.photo;
      const handoff = await request("/v1/handoffs", { method: "POST", body: { source, itemId: item.id, handler: entry.id, action } });
      if (status === $("sendto-status") && $("sendto-always").checked) {
        await request(`/v1/catalog/defaults/${encodeURIComponent(action)}`, { method: "PUT", body: { handler: entry.id } });
      }
      const back = entry.canReceive ? " When it sends the photo back, it is in Received." : "";
      if (tab && !tab.closed) {
        tab.opener = null;
        tab.location.href = handoff.launchURL;
        status.textContent = `Opened ${entry.name} in a new tab.${back}`;
      } else {
        status.replaceChildren(`Your browser blocked the new tab: `, link(handoff.launchURL, `open ${entry.name}`), `.${back}`);
      }
      if (entry.canReceive && status === $("sendto-status")) $("sendto-received").hidden = false;
    } catch (error) {
      tab?.close();
      this.failed(error, status);
    } finally {
      button.disabled = false;
    }
  }

  /** The shop's own action: the service tells the shop (a webhook); nothing opens here. */
  async sendToShop(entry, button) {
    const status = $("sendto-status");
    button.disabled = true;
    status.textContent = `Sending to the shop…`;
    try {
      const { source, item } = this.photo;
      await request("/v1/handoffs", { method: "POST", body: { source, itemId: item.id, custom: entry.id } });
      status.textContent = `Sent to the shop: “${entry.title}”. The shop takes it from here.`;
    } catch (error) {
      this.failed(error, status);
    } finally {
      button.disabled = false;
    }
  }

  /** Forgets every remembered choice of the customer, then lists the handlers again. */
  async forget() {
    const status = $("sendto-status");
    try {
      await request("/v1/catalog/defaults", { method: "DELETE" });
      await this.load();
      status.textContent = "Your choices are forgotten: the next send asks again.";
    } catch (error) {
      this.failed(error, status);
    }
  }

  /**
   * A refusal, said as the page says others: signed out or the session ended (401) and a photo
   * that vanished (404) go to the page's notice (the dialog steps aside for it); the rest are said
   * in the dialog, in the service's words.
   */
  failed(error, status) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
      status.textContent = "Not sent: see the message above the photos.";
      $("sendto").close();
      $("preview").close();
      this.report(error, this.photo?.source);
      return;
    }
    const words = error instanceof ApiError && error.status === 410
      ? "The link to this photo was already used or has expired; choose the app again."
      : error.message || String(error);
    status.textContent = `Not sent: ${words}`;
  }
}

/** The handler's icon (decorative: its name is beside it), or the page's own app icon when it has none. */
function iconOf(icons) {
  if (!icons?.["1x"]) return appIcon();
  const image = document.createElement("img");
  image.alt = "";
  image.width = image.height = 32;
  image.className = "handler-icon";
  image.src = icons["1x"];
  if (icons["2x"]) image.srcset = `${icons["1x"]} 1x, ${icons["2x"]} 2x`;
  image.addEventListener("error", () => image.replaceWith(appIcon()), { once: true });  // no broken-image box
  return image;
}

function appIcon() {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "handler-icon");
  const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
  use.setAttribute("href", "./icons.svg#app");
  svg.append(use);
  return svg;
}

function moreRow(entry) {
  const row = document.createElement("li");
  if (entry.signupURL) row.append(link(entry.signupURL, entry.name));
  else row.append(Object.assign(document.createElement("strong"), { textContent: entry.name }));
  if (entry.free) row.append(" ", Object.assign(document.createElement("span"), { className: "tag", textContent: "Free" }));
  if (entry.description) row.append(" ", Object.assign(document.createElement("span"), { className: "description", textContent: entry.description }));
  return row;
}

function link(href, text) {
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.target = "_blank";
  anchor.rel = "noopener noreferrer";
  anchor.textContent = text;
  return anchor;
}

function textItem(text) {
  return Object.assign(document.createElement("li"), { textContent: text });
}
