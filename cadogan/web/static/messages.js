// What the page says: one message line beside the table (and the screen reader's live region), and
// the words for a refused request, built from the server's error code and fields (i18n.errorText).

import { $ } from "./state.js";
import { errorText, t } from "./i18n.js";

let messageTimer = null;

/** Say `text` in the live region and show it (unless `show` is false) for 6 s, or 15 s with `keep`. */
export function announce(text, kind = "info", { keep = false, show = true } = {}) {
  const live = $("live");
  live.textContent = "";
  requestAnimationFrame(() => { live.textContent = text; });
  if (!show) return;
  const box = $("message");
  box.textContent = text;
  box.className = `message ${kind}`;
  placeMessage();
  clearTimeout(messageTimer);
  // The line lies over the status line: even a message to keep goes after a while (the live region has it).
  messageTimer = setTimeout(clearMessage, keep ? 15000 : 6000);
}

/** Lay the message line over the status line, at least as large (it may grow down over the table's top). */
export function placeMessage() {
  const box = $("message");
  if (!box.textContent) return;
  const status = $("status").getBoundingClientRect();
  const width = Math.max(status.width, Math.min(window.innerWidth - 8, 320));
  box.style.left = `${Math.max(4, Math.min(status.left, window.innerWidth - width - 4))}px`;
  box.style.top = `${Math.max(0, status.top)}px`;
  box.style.width = `${width}px`;
  box.style.minHeight = `${status.height}px`;
}

export function clearMessage() {
  clearTimeout(messageTimer);
  const box = $("message");
  box.textContent = "";
  box.className = "message";
}

/** A move went through: an error said about an earlier one (line or note beside a card) is stale now. */
export function clearStaleError() {
  if ($("message").classList.contains("error")) clearMessage();
  $("note").hidden = true;
}

/** Say why a request failed, in the player's language. */
export function failed(err) {
  announce(reasonOf(err), "error", { show: !(err && err.status === 0) });  // offline: the bar says it
}

/** The words for a failed request: an illegal move as "Cannot move: …", anything else as it is. */
export function reasonOf(err) {
  const data = err && err.data ? err.data : { error: err ? err.message : "" };
  if (err && err.status === 0) return err.message;
  const text = errorText(data);
  return err && err.status === 422 && data.move ? t("cannot", { reason: text }) : text;
}
