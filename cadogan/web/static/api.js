// The HTTP API of SPEC.md: one function for every call, errors carried as ApiError with the server's
// code and fields (contract.md), so messages are built from the code, never from English text.

import { t } from "./i18n.js";

/** The "server is not running" bar: shown when a request cannot reach the server, gone when one does. */
function serverReached(reached) {
  const bar = document.getElementById("offline");
  if (!bar || bar.hidden === reached) return;
  bar.hidden = reached;
  if (!reached) {  // an older message ("Failed to fetch", a stale move) would only confuse
    const message = document.getElementById("message");
    message.textContent = "";
    message.className = "message";
  }
}

export class ApiError extends Error {
  /** `data` is the server's error object: {error, code?, ...fields}. */
  constructor(status, data) {
    super(data.error || `HTTP ${status}`);
    this.status = status;
    this.data = data;
  }
}

/** Call the API; resolve to the JSON answer or throw an ApiError (status 0 when offline). `signal`
 * (an AbortController's) lets the caller give up: the server stops a search whose client hangs up. */
export async function api(method, path, body, { signal } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method, headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined, signal,
    });
  } catch (err) {
    if (signal && signal.aborted) throw new ApiError(0, { error: "aborted", code: "aborted" });  // not offline
    serverReached(false);
    throw new ApiError(0, { error: t("offline", { msg: err.message }), code: "offline" });
  }
  serverReached(true);
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) {
    const err = new ApiError(response.status, data);
    err.retryAfter = Number(response.headers.get("Retry-After")) || null;  // seconds, with a 429
    throw err;
  }
  return data;
}
