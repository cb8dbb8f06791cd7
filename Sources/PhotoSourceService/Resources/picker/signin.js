// Signing in to a source: the provider opens in a popup, whose callback page tells this page
// (same origin) and closes; when the popup is blocked, the whole page goes to the provider and the
// callback brings the customer back to the same album (session.js: saveForResume).
import { request } from "./api.js";
import { saveForResume } from "./session.js";

let waiting = null;

window.addEventListener("message", (event) => {
  if (event.origin !== window.location.origin || event.data?.type !== "photosource.signed-in") return;
  waiting?.(event.data);
  waiting = null;
});

/**
 * Signs in to `source`; resolves with `{source, ok}` once the popup's callback reports.
 * `resumeState` is what a full-page fallback keeps to come back to the same album.
 */
export async function signIn(source, resumeState) {
  // Opened at once, in the click's turn, so that popup blockers let it through.
  const popup = window.open("about:blank", "photosource-sign-in", "popup,width=520,height=680");
  try {
    const started = await request(`/v1/sources/${encodeURIComponent(source)}/sign-in`, { method: "POST" });
    if (!started.authorizeURL) throw new Error("This source signs in with a code on another device, which the picker does not show yet.");
    if (!popup || popup.closed) {
      saveForResume(resumeState);
      window.location.assign(started.authorizeURL);
      return new Promise(() => {});
    }
    popup.location.href = started.authorizeURL;
    return await new Promise((resolve) => {
      waiting = resolve;
      const closed = setInterval(() => {
        if (popup.closed) { clearInterval(closed); if (waiting === resolve) { waiting = null; resolve({ source, ok: false }); } }
      }, 500);
    });
  } catch (error) {
    popup?.close();
    throw error;
  }
}
