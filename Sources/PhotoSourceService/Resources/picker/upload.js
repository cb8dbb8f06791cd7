// Uploads from this device with tus 1.0 (core + creation) at /v1/uploads, authenticated with the
// customer session. An interrupted upload asks the service for its offset (HEAD) and goes on
// from there; the upload's URL is kept in memory only, per file.
import { ApiError, currentToken } from "./api.js";

const CHUNK = 4 * 1024 * 1024;
const RETRIES = [1000, 2000, 4000, 8000];
const started = new Map();  // file key → upload URL

const base64 = (text) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function tusHeaders(extra = {}) {
  return { "Tus-Resumable": "1.0.0", Authorization: `Bearer ${currentToken()}`, ...extra };
}

async function refused(response) {
  let problem = {};
  try { problem = await response.json(); } catch { problem = {}; }
  if (response.status === 404 && !problem.code) problem.detail = "This service does not take uploads.";
  problem.retryAfter ??= Number(response.headers.get("Retry-After")) || undefined;  // HEAD answers have no body
  return new ApiError(response.status, problem);
}

async function create(file) {
  const metadata = `filename ${base64(file.name)},filetype ${base64(file.type || "application/octet-stream")}`;
  const response = await fetch("/v1/uploads", {
    method: "POST", headers: tusHeaders({ "Upload-Length": String(file.size), "Upload-Metadata": metadata }) });
  if (response.status !== 201) throw await refused(response);
  return new URL(response.headers.get("Location"), window.location.href).href;
}

async function offsetOf(url) {
  const response = await fetch(url, { method: "HEAD", headers: tusHeaders(), cache: "no-store" });
  if (response.status === 404 || response.status === 410) return null;
  if (!response.ok) throw await refused(response);
  return Number(response.headers.get("Upload-Offset"));
}

/** PATCHes one chunk with upload progress (XMLHttpRequest: fetch reports none for uploads). */
function patch(url, file, offset, onBytes) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PATCH", url);
    for (const [name, value] of Object.entries(tusHeaders({ "Upload-Offset": String(offset) }))) request.setRequestHeader(name, value);
    request.setRequestHeader("Content-Type", "application/offset+octet-stream");
    request.upload.onprogress = (event) => onBytes(offset + event.loaded);
    request.onerror = () => reject(new TypeError("network"));
    request.onload = () => {
      if (request.status === 204) return resolve(Number(request.getResponseHeader("Upload-Offset")));
      let problem = {};
      try { problem = JSON.parse(request.responseText); } catch { problem = {}; }
      reject(new ApiError(request.status, problem));
    };
    request.send(file.slice(offset, Math.min(file.size, offset + CHUNK)));
  });
}

/**
 * Uploads `file`, calling `progress(fraction)`; resumes after network failures, and after a 429
 * waits the service's Retry-After (calling `waiting(seconds)`, then `waiting(0)`) up to three times.
 */
export async function upload(file, progress, waiting = () => {}) {
  const key = `${file.name}\u0000${file.size}\u0000${file.lastModified}`;
  let waits = 0;
  for (let attempt = 0; ; attempt += 1) {
    try {
      let url = started.get(key);
      let offset = url ? await offsetOf(url) : null;
      if (offset === null) {
        url = await create(file);
        started.set(key, url);
        offset = 0;
      }
      while (offset < file.size) {
        offset = await patch(url, file, offset, (bytes) => progress(bytes / file.size));
        progress(offset / file.size);
      }
      started.delete(key);
      progress(1);
      return url;
    } catch (error) {
      if (error instanceof ApiError && error.status === 429 && waits < 3) {
        waits += 1;
        attempt -= 1;  // not a network failure: the retries for those stay as they were
        const seconds = Math.max(1, Number(error.problem.retryAfter) || 1);
        waiting(seconds);
        await sleep(seconds * 1000);
        waiting(0);
        continue;
      }
      if (error instanceof ApiError || attempt >= RETRIES.length) throw error;
      await sleep(RETRIES[attempt]);  // a network failure: ask for the offset and go on
    }
  }
}
