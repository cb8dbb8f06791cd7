// The service's JSON API as the picker uses it. The customer session's token lives only in this
// module's memory: never in the address bar, localStorage or a cookie.
let token = null;

/** Sets the customer session token (from the handshake). */
export function setToken(value) { token = value; }
/** The token, for the few requests that are not JSON (uploads, the order's event stream). */
export function currentToken() { return token; }

/** An API failure a person can act on: the problem's code, status and sentence. */
export class ApiError extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `The service answered ${status}.`);
    this.status = status;
    this.code = problem.code || "unknown";
    this.problem = problem;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let onWaiting = () => {};
/** Called with the seconds to wait whenever the service says 429. */
export function onRateLimited(callback) { onWaiting = callback; }

/** Sends `path` with the session; waits out 429s (Retry-After) up to three times. */
export async function request(path, { method = "GET", body, headers = {} } = {}) {
  for (let attempt = 0; ; attempt += 1) {
    const sent = { method, headers: { Accept: "application/json", ...headers } };
    if (token) sent.headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) {
      sent.headers["Content-Type"] = "application/json";
      sent.body = JSON.stringify(body);
    }
    const response = await fetch(path, sent);
    if (response.status === 429 && attempt < 3) {
      const seconds = Math.max(1, Number(response.headers.get("Retry-After")) || 1);
      onWaiting(seconds);
      await sleep(seconds * 1000);
      onWaiting(0);
      continue;
    }
    if (response.status === 204) return null;
    const text = await response.text();
    let json = {};
    try { json = text ? JSON.parse(text) : {}; } catch { json = { detail: text }; }
    if (!response.ok) throw new ApiError(response.status, json);
    return json;
  }
}

/** The effective dpi of a photo filling `product` (the service's rule: the limiting side, rounded down). */
export function effectiveDPI(width, height, product) {
  if (!width || !height || !product) return null;
  const perInch = product.unit === "millimeters" ? 1 / 25.4 : 1;
  const long = Math.max(product.width, product.height) * perInch;
  const short = Math.min(product.width, product.height) * perInch;
  const dpi = Math.min(Math.max(width, height) / long, Math.min(width, height) / short);
  return Math.floor(dpi + 1e-6);
}
