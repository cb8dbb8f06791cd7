// The picker: sources, albums and a virtualised grid, a selection across sources, the product's
// low-resolution badges, uploads and the order. Plain modules, no framework, no build step.
import { ApiError, currentToken, effectiveDPI, onRateLimited, request, setToken } from "./api.js";
import { PhotoGrid } from "./grid.js";
import { Selection } from "./selection.js";
import { SendTo } from "./sendto.js";
import { obtainSession } from "./session.js";
import { signIn } from "./signin.js";
import { Tray } from "./tray.js";
import { Uploads } from "./uploads-view.js";

const PAGE = 60;
const ICONS = "./icons.svg";
const RECEIVED = "received";  // the source of photos that apps sent back ("Send to…")
const $ = (id) => document.getElementById(id);
const state = { sources: [], products: [], product: null, source: null, crumbs: [], page: 0, embedder: null, reference: null };

const notice = {
  show(text, action) {
    const box = $("notice");
    box.replaceChildren(document.createTextNode(text));
    if (action) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = action.label;
      button.addEventListener("click", () => { notice.hide(); action.run(); });
      box.append(" ", button);
    }
    box.hidden = false;
  },
  hide() { $("notice").hidden = true; },
};

function icon(name) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
  use.setAttribute("href", `${ICONS}#${name}`);
  svg.append(use);
  return svg;
}

const selection = new Selection(() => {
  $("count").textContent = selection.summary();
  grid.refresh();
  updateSelectAll();
  tray.render();
});

const grid = new PhotoGrid({
  scroller: $("scroller"), grid: $("grid"), pageSize: PAGE,
  renderCell, open: openItem, toggle: (item) => selection.togglePhoto(state.source, item),
  loadMore: () => loadPage(),
});


const uploads = new Uploads({ onDone: () => uploaded(), report: (error) => report(error) });

const sendTo = new SendTo({ report: (error, source) => report(error, source), showReceived: () => showReceived() });

const tray = new Tray({ selection, product: () => state.product, reference: () => state.reference, sendTo,
  embedder: () => state.embedder, sourceTitle: (id) => titleOf(id), report: (error, source) => report(error, source) });

/** One cell: the thumbnail (or an album), its title, and a badge when it prints too small. */
function renderCell(cell, item) {
  cell.replaceChildren();
  if (item.kind === "container") {
    cell.classList.add("album");
    cell.append(icon("folder"));
    const title = document.createElement("span");
    title.className = "title";
    title.textContent = item.title;
    cell.append(title);
    cell.setAttribute("aria-label", `Album ${item.title}`);
    cell.removeAttribute("aria-selected");
    return;
  }
  const image = document.createElement("img");
  image.alt = item.title;
  image.decoding = "async";
  image.width = image.height = 160;
  if (item.thumbnailURL) image.src = item.thumbnailURL;
  cell.append(image);
  const selected = selection.hasPhoto(state.source, item.id) || inSelectedAlbum();
  cell.setAttribute("aria-selected", String(selected));
  const dpi = effectiveDPI(item.width, item.height, state.product);
  const low = dpi !== null && dpi < state.product.minimumDPI;
  let label = item.title;
  if (low) {
    const badge = document.createElement("span");
    badge.className = "badge";
    badge.textContent = `Low ${dpi} dpi`;
    badge.setAttribute("aria-hidden", "true");
    cell.append(badge);
    label += `, low resolution: ${dpi} dpi for ${state.product.name} (at least ${state.product.minimumDPI})`;
  }
  cell.classList.toggle("low", low);
  cell.setAttribute("aria-label", label);
  if (selected) cell.append(icon("check"));
}

function inSelectedAlbum() {
  return state.crumbs.some((crumb) => crumb.scope && selection.hasAlbum(state.source, crumb.scope));
}

/** Says what went wrong in words a person can act on; `sourceHint` is the source a refused request was about. */
function report(error, sourceHint) {
  if (error instanceof ApiError && error.status === 401) {
    explainSignedOut(error, sourceHint);
  } else if (error instanceof ApiError && error.status === 404 && error.code === "not-found") {
    notice.show(`${error.message} It may have been deleted or moved.`);
  } else {
    notice.show(error.message || String(error));
  }
}

/**
 * A 401 means one of two things: the customer's session with the shop ended (nothing here can
 * help: back to the shop), or the customer is signed out of a source (the sign-in was revoked or
 * expired): then the source buttons are redrawn with their state and the notice offers a sign-in.
 */
async function explainSignedOut(error, sourceHint) {
  try {
    await loadSources();
  } catch (again) {
    if (again instanceof ApiError && again.status === 401) {
      return notice.show("Your session with the shop has ended. Go back to the shop and open the picker again.");
    }
    return notice.show(error.message);
  }
  const signedOut = (id) => state.sources.find((source) => source.id === id && source.requiresSignIn && !source.signedIn);
  const source = signedOut(sourceHint) ?? signedOut(state.source) ?? [...selection.sources].map(signedOut).find(Boolean);
  if (!source) return notice.show(error.message);
  const crumbs = source.id === state.source ? state.crumbs : [{ scope: null, title: source.title }];
  notice.show(`You are signed out of ${source.title}; sign in again to go on.`,
    { label: `Sign in to ${source.title}`, run: () => startSignIn(source.id, crumbs) });
}

async function loadSources() {
  state.sources = await request("/v1/sources");
  const bar = $("sources");
  bar.replaceChildren();
  for (const source of state.sources) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.source = source.id;
    button.setAttribute("aria-pressed", String(source.id === state.source));
    const name = source.id === RECEIVED ? "received" : /upload/i.test(source.id) ? "upload" : source.requiresSignIn ? "cloud" : "library";
    button.append(icon(name), document.createTextNode(source.title));
    const status = document.createElement("span");
    status.className = "state";
    status.textContent = source.requiresSignIn ? (source.signedIn ? "Signed in" : "Sign in") : "";
    button.append(status);
    button.addEventListener("click", () => {
      if (source.requiresSignIn && !source.signedIn) startSignIn(source.id, [{ scope: null, title: source.title }]);
      else openSource(source.id);
    });
    bar.append(button);
  }
}

async function startSignIn(sourceId, crumbs = state.crumbs) {
  try {
    const result = await signIn(sourceId, resumeState(sourceId, crumbs));
    if (!result.ok) return notice.show("The sign-in was not finished. Try again when you are ready.");
    await loadSources();
    await openAlbum(sourceId, crumbs.length ? crumbs : [{ scope: null, title: titleOf(sourceId) }]);
  } catch (error) {
    report(error);
  }
}

function resumeState(source, crumbs) {
  return { token: currentToken(), product: state.product?.id, reference: state.reference, embedder: state.embedder,
    resume: { source, crumbs } };
}

const titleOf = (id) => state.sources.find((source) => source.id === id)?.title ?? id;

function openSource(id) { return openAlbum(id, [{ scope: null, title: titleOf(id) }]); }

/** Shows `crumbs`' last album of `source` from its first page. */
async function openAlbum(source, crumbs) {
  notice.hide();
  state.source = source;
  state.crumbs = crumbs;
  state.page = 0;
  state.complete = false;
  for (const button of $("sources").querySelectorAll("button")) button.setAttribute("aria-pressed", String(button.dataset.source === source));
  renderCrumbs();
  grid.reset([], true);
  $("grid").setAttribute("aria-label", `Photos in ${crumbs.at(-1).title}`);
  updateSelectAll();
}

async function loadPage() {
  const source = state.source;
  const scope = state.crumbs.at(-1).scope;
  const page = state.page + 1;
  const query = new URLSearchParams({ page: String(page), count: String(PAGE) });
  if (scope) query.set("scope", scope);
  try {
    const listing = await request(`/v1/sources/${encodeURIComponent(source)}/items?${query}`);
    if (source !== state.source || scope !== state.crumbs.at(-1).scope) return;
    state.page = page;
    state.complete = !listing.hasMore;
    grid.append(listing.items.filter((item) => item.kind !== "back"), listing.hasMore);
    $("grid-status").textContent = `${grid.items.length}${listing.hasMore ? "+" : ""} items in ${state.crumbs.at(-1).title}`;
    updateSelectAll();
  } catch (error) {
    grid.append([], false);
    report(error);
  }
}

function openItem(item) {
  if (item.kind === "container") return openAlbum(state.source, [...state.crumbs, { scope: item.id, title: item.title }]);
  const dialog = $("preview");
  $("preview-title").textContent = item.title;
  $("preview-image").src = item.thumbnailURL || "";
  $("preview-image").alt = item.title;
  const dpi = effectiveDPI(item.width, item.height, state.product);
  $("preview-fitness").textContent = dpi === null ? "" : `${item.width}×${item.height} pixels: ${dpi} dpi as ${state.product.name}.`;
  const selectButton = $("preview-select");
  selectButton.textContent = selection.hasPhoto(state.source, item.id) ? "Remove from selection" : "Select";
  selectButton.onclick = () => { selection.togglePhoto(state.source, item); dialog.close(); };
  dialog.showModal();
  sendTo.offer(state.source, item);
}

function renderCrumbs() {
  const list = $("crumbs");
  list.replaceChildren();
  state.crumbs.forEach((crumb, index) => {
    const item = document.createElement("li");
    if (index === state.crumbs.length - 1) {
      const here = document.createElement("span");
      here.setAttribute("aria-current", "page");
      here.textContent = crumb.title;
      item.append(here);
    } else {
      const link = document.createElement("button");
      link.type = "button";
      link.className = "link";
      link.textContent = crumb.title;
      link.addEventListener("click", () => openAlbum(state.source, state.crumbs.slice(0, index + 1)));
      item.append(link);
    }
    list.append(item);
  });
  $("back").disabled = state.crumbs.length < 2;
}

function updateSelectAll() {
  const button = $("select-all");
  const scope = state.crumbs.at(-1)?.scope;
  const photos = grid.items.filter((item) => item.kind === "image").length;
  button.hidden = !scope || photos === 0;
  if (button.hidden) return;
  const title = state.crumbs.at(-1).title;
  const count = state.complete ? `all ${photos}` : "all";
  button.textContent = selection.hasAlbum(state.source, scope) ? `Unselect album ${title}` : `Select ${count} in ${title}`;
  button.setAttribute("aria-pressed", String(selection.hasAlbum(state.source, scope)));
}

/** Opens "Received" (the sources asked again: it may be new), where photos sent back by apps are. */
async function showReceived() {
  try {
    await loadSources();
    if (state.sources.some((source) => source.id === RECEIVED)) await openSource(RECEIVED);
    else notice.show("Nothing has been sent back yet: Received appears once an app returns a photo.");
  } catch (error) {
    report(error);
  }
}

function uploaded() {
  loadSources().then(() => {
    if (/upload/i.test(state.source ?? "")) openAlbum(state.source, state.crumbs);
  }).catch(report);
}

async function start() {
  onRateLimited((seconds) => (seconds ? notice.show(`The service is busy; trying again in ${seconds} s.`) : notice.hide()));
  const session = await obtainSession();
  if (!session) {
    notice.show("Open the picker from the shop: it needs a customer session.");
    return;
  }
  setToken(session.token);
  state.embedder = session.embedder;
  state.reference = session.reference;
  try {
    state.products = await request("/v1/products");
    const chooser = $("product");
    for (const product of state.products) chooser.append(new Option(product.name, product.id));
    state.product = state.products.find((product) => product.id === session.product) ?? state.products[0];
    chooser.value = state.product.id;
    chooser.addEventListener("change", () => {
      state.product = state.products.find((product) => product.id === chooser.value);
      grid.refresh();  // badges follow the product; the grid is not reloaded
    });
    await loadSources();
    sendTo.probe();
    const resume = session.resume;
    if (resume) await openAlbum(resume.source, resume.crumbs);
    else await openSource(state.sources.find((source) => !source.requiresSignIn)?.id ?? state.sources[0].id);
    document.body.dataset.ready = "true";
  } catch (error) {
    report(error);
  }
}

$("back").addEventListener("click", () => openAlbum(state.source, state.crumbs.slice(0, -1)));
$("select-all").addEventListener("click", () => {
  const crumb = state.crumbs.at(-1);
  const photos = grid.items.filter((item) => item.kind === "image").length;
  selection.toggleAlbum(state.source, crumb.scope, `${titleOf(state.source)} › ${crumb.title}`, state.complete ? photos : null);
});
$("preview-close").addEventListener("click", () => $("preview").close());
// Back from an app's tab: what it sent back is in Received, shown afresh when it is open.
window.addEventListener("focus", () => { if (state.source === RECEIVED) openSource(RECEIVED); });
start();
