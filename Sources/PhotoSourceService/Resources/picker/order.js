// Placing the order and following it live. The order's events are read with fetch streaming,
// which sends the Authorization header (a browser EventSource cannot), so nothing that outlives
// the session carries the token.
import { currentToken, request } from "./api.js";

const ENDED = new Set(["delivered", "partiallyDelivered", "failed", "cancelled"]);

/** POSTs the order; `key` is the Idempotency-Key, the same on every retry of one order. */
export function placeOrder(body, key) {
  return request("/v1/orders", { method: "POST", body, headers: { "Idempotency-Key": key } });
}

/** Calls `onStatus(status)` for every status of the order until it ends; resolves with the last. */
export async function follow(orderId, onStatus) {
  let lastId = null;
  let status = null;
  for (let round = 0; round < 100 && !ENDED.has(status); round += 1) {
    const headers = { Authorization: `Bearer ${currentToken()}`, Accept: "text/event-stream" };
    if (lastId) headers["Last-Event-ID"] = lastId;
    const response = await fetch(`/v1/orders/${encodeURIComponent(orderId)}/events`, { headers, cache: "no-store" });
    if (!response.ok || !response.body) {
      const order = await request(`/v1/orders/${encodeURIComponent(orderId)}`);
      status = order.status;
      onStatus(status);
      if (!ENDED.has(status)) await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const event = parseEvent(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (event.id) lastId = event.id;
        if (event.event === "order.status" && event.data?.status) {
          status = event.data.status;
          onStatus(status);
        }
      }
      if (ENDED.has(status)) { reader.cancel(); break; }
    }
  }
  return status;
}

function parseEvent(text) {
  const event = {};
  for (const line of text.split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const field = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(/^ /, "");
    if (field === "data") {
      try { event.data = JSON.parse(value); } catch { event.data = null; }
    } else {
      event[field] = value;
    }
  }
  return event;
}
