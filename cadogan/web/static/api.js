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

/** Call the API; resolve to the JSON answer or throw an ApiError (status 0 when offline). */
export async function api(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method, headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (err) {
    serverReached(false);
    throw new ApiError(0, { error: t("offline", { msg: err.message }), code: "offline" });
  }
  serverReached(true);
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}
