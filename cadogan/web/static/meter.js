// The win-chance meter (a setting, off by default): after each change of the position the page asks
// GET /api/games/{id}/advice in the background, with a few drawn orders, and shows "≈ 64 %" with a
// small bar ("≥ 40 %" where some orders were left undecided: they count as lost, so the chance is a
// lower bound; "—" where none was decided). It never holds up a move (it is not one of the game's changes, which run one after
// another), and says nothing stale: a newer position's request supersedes the older one on the
// server (409 superseded, its search stopped), and an answer for a position no longer on the table
// is dropped. A hint's answer, drawn from more orders, is shown too.

import { $, app } from "./state.js";
import { api } from "./api.js";
import { t } from "./i18n.js";

/** Few orders and a short cap: the meter is a glance, not advice (docs/spec.md, /advice). */
const METER_ADVICE = "samples=8&budget=0.6";

/** Where the game stands, as the meter compares it: an answer for another position is stale. */
function positionKey(game) { return `${game.id}:${game.moves.length}:${game.moves.join(" ")}`; }

/** The position on the table changed (a move, an undo, another game) or the setting did: ask again. */
export async function meterAfterChange() {
  const game = app.game;
  const box = $("meter");
  if (!game || !app.settings.winMeter) { box.hidden = true; app.meter = null; return; }
  box.hidden = false;
  const key = positionKey(game);
  if (app.meter && app.meter.key === key && app.meter.shown) return;  // a redraw, not a new position
  app.meter = { key, shown: false };
  if (game.won || game.lost) { fill(game.won ? 1 : 0, t("meterTitle", { n: 0 })); app.meter.shown = true; return; }
  fill(null, "", true);
  try {
    const answer = await api("GET", `/api/games/${game.id}/advice?${METER_ADVICE}`);
    if (app.game && positionKey(app.game) === key) showChance(app.game, answer);
  } catch (err) {
    // Superseded by a newer position, busy or offline: the meter stays quiet (never an error line).
    if (app.meter && app.meter.key === key && !app.meter.shown) fill(null, "");
  }
}

/** Show the chance of an advice answer for `game`, if the meter is on and `game` is still on the table. */
export function showChance(game, answer) {
  if (!app.settings.winMeter || !app.game || positionKey(app.game) !== positionKey(game)) return;
  app.meter = { key: positionKey(game), shown: true };
  $("meter").hidden = false;
  const known = answer.win_chance !== null && answer.win_chance !== undefined && answer.samples > 0;
  const n = answer.samples, u = answer.unknown || 0;
  if (!known) fill(null, t("meterNoEstimate"));
  else if (u >= n) fill(null, t("meterUndecided", { n }));  // every order undecided: "0 %" would be false
  else if (u > 0) fill(answer.win_chance, t("meterAtLeast", { u, n }), false, true);  // undecided count as lost
  else fill(answer.win_chance, t("meterTitle", { n }));
}

/** Show `chance` (null: none) on the meter; `atLeast`: a lower bound, written "≥ 40 %". */
function fill(chance, title, busy = false, atLeast = false) {
  const box = $("meter");
  box.setAttribute("aria-busy", String(busy));
  box.title = title;
  box.dataset.chance = chance === null ? "" : String(chance);
  $("meter-value").textContent = chance === null ? t(busy ? "meterBusy" : "meterNone")
    : `${atLeast ? "≥" : "≈"} ${Math.round(100 * chance)} %`;
  $("meter-fill").style.width = `${chance === null ? 0 : Math.round(100 * chance)}%`;
}

/** The meter's words in the language now (a language switch). */
export function retextMeter() {
  const box = $("meter");
  if (box.hidden || box.dataset.chance) return;
  $("meter-value").textContent = t(box.getAttribute("aria-busy") === "true" ? "meterBusy" : "meterNone");
}
