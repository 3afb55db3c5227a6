// The status bar's chip of a game review going on behind the table (review.js): the review of a
// game that is over goes on when its dialog is closed, and the chip says how far it is, then that it
// is ready; a click opens the review again. view.js redraws it with the table, so that it goes
// when the table holds another game.

import { $, app } from "./state.js";
import { t } from "./i18n.js";

/** Whether the review ``r`` goes on with its dialog closed: its game is over and still the one on
 * the table, with the same moves. */
export function goesOnClosed(r) {
  const game = app.game;
  return !!game && game.id === r.id && game.moves.join(" ") === r.key && !!(game.won || game.lost);
}

/** The status bar's chip of a review going on behind the table: how far it is, then that it is
 * ready; hidden while the dialog is open, and once the table holds another game. */
export function renderChip(r = app.review) {
  const chip = $("review-chip");
  const shown = !!r && app.review === r && !$("review-dialog").open && goesOnClosed(r) && (r.pumping || !!r.data);
  chip.hidden = !shown;
  if (!shown) {
    // The table changed under a review going on behind it (a new game, an undo): its step is given up.
    if (r && r.pumping && r.abort && !$("review-dialog").open && !goesOnClosed(r)) r.abort.abort();
    return;
  }
  const p = r.data ? r.data.progress : null;
  const state = r.data && r.data.complete ? "ready" : r.pumping ? "working" : "stopped";
  // Graded moves as a share; 99 at most until complete: the look at the whole deal comes last.
  const pct = p && p.total ? Math.min(99, Math.floor(100 * p.graded / p.total)) : 0;
  const icon = document.createElement("span");
  icon.className = "icon";
  icon.setAttribute("aria-hidden", "true");  // the review's sign, as on its menu button: not read out
  icon.textContent = "∿";
  chip.replaceChildren(icon, ` ${state === "ready" ? t("reviewChipReady") : state === "working" ? t("reviewChip", { pct }) : t("reviewShort")}`);
  chip.dataset.state = state;
}
