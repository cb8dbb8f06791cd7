// The sign-in callback page (served at /v1/sources/{source}/callback to browsers): a popup tells
// the picker that opened it and closes; a full-page sign-in goes back to the same album.
const { source, outcome } = document.body.dataset;
const ok = outcome === "signed-in";
if (window.opener && !window.opener.closed) {
  window.opener.postMessage({ type: "photosource.signed-in", source, ok }, window.location.origin);
  if (ok) window.close();
} else if (ok) {
  window.location.replace(`/picker/?resume=${encodeURIComponent(source)}`);
}
