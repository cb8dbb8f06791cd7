// How the picker gets its customer session: `?session=TOKEN&product=ID` (the token leaves the
// address bar at once), a postMessage handshake from an allowed shop origin when embedded, or
// `?resume=SOURCE` after a full-page sign-in (the one moment the token is in sessionStorage: it
// dies with the tab and is deleted as soon as it is read back).
const RESUME_KEY = "photosource.resume";

/** The shop origins the service allows (the page's meta tag, from the configuration). */
export function shopOrigins() {
  const meta = document.querySelector('meta[name="photosource-shop-origins"]');
  return (meta?.content || "").split(/\s+/).filter((origin) => origin.startsWith("http"));
}

/** The embedding shop's origin when it is an allowed one, else null. */
function allowedAncestor() {
  if (window.parent === window) return null;
  const ancestor = window.location.ancestorOrigins?.[0];
  return ancestor && shopOrigins().includes(ancestor) ? ancestor : null;
}

/** Resolves with `{token, product, reference, embedder, resume}` or null when there is no session. */
export async function obtainSession() {
  const address = new URL(window.location.href);
  const params = address.searchParams;
  if (params.has("session")) {
    const found = { token: params.get("session"), product: params.get("product"), reference: params.get("reference"),
      embedder: allowedAncestor(), resume: null };
    params.delete("session");
    window.history.replaceState(null, "", address.pathname + (params.toString() ? `?${params}` : "") + address.hash);
    return found;
  }
  if (params.has("resume")) {
    const saved = sessionStorage.getItem(RESUME_KEY);
    sessionStorage.removeItem(RESUME_KEY);
    params.delete("resume");
    window.history.replaceState(null, "", address.pathname + (params.toString() ? `?${params}` : ""));
    if (saved) return JSON.parse(saved);
  }
  const origins = shopOrigins();
  if (window.parent === window || origins.length === 0) return null;
  return new Promise((resolve) => {
    window.addEventListener("message", function listen(event) {
      if (event.source !== window.parent || !origins.includes(event.origin)) return;
      if (event.data?.type !== "photosource.session" || typeof event.data.token !== "string") return;
      window.removeEventListener("message", listen);
      resolve({ token: event.data.token, product: event.data.product || null, reference: event.data.reference || null,
        embedder: event.origin, resume: null });
    });
    // Only an allowed origin can read this: postMessage drops it for any other parent.
    for (const origin of origins) window.parent.postMessage({ type: "photosource.ready" }, origin);
  });
}

/** Keeps what a full-page sign-in needs to come back to the same album (read once by obtainSession). */
export function saveForResume(state) {
  sessionStorage.setItem(RESUME_KEY, JSON.stringify(state));
}
