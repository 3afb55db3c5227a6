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
  clearTimeout(messageTimer);
  // The line floats over the table's foot: even a message to keep goes after a while (the live region has it).
  messageTimer = setTimeout(() => { box.textContent = ""; box.className = "message"; }, keep ? 15000 : 6000);
}

/** Say why a request failed, in the player's language. */
export function failed(err) {
  announce(reasonOf(err), "error");
}

/** The words for a failed request: an illegal move as "Cannot move: …", anything else as it is. */
export function reasonOf(err) {
  const data = err && err.data ? err.data : { error: err ? err.message : "" };
  if (err && err.status === 0) return err.message;
  const text = errorText(data);
  return err && err.status === 422 && data.move ? t("cannot", { reason: text }) : text;
}
