// Drawing the page from the state: the table (board.js), the status line, the toolbar's enabled
// buttons, and the moving card (FLIP slides). Its one request: the statistics line under the table
// (stats.js, GET /api/stats), refreshed when another game is shown or its first move is made.

import { $, CURRENT_KEY, app } from "./state.js";
import { renderBoard } from "./board.js";
import { gameName, t, variantName } from "./i18n.js";
import { movePath } from "./moves.js";
import { renderReplayBar, replayPiles } from "./replay.js";
import { refreshStatsLine } from "./stats.js";
import { fillVariantOdds } from "./odds.js";
import { checkAchievements } from "./achievements.js";
import { meterAfterChange } from "./meter.js";
import { renderChip } from "./review_chip.js";

export function shareHash(game) { return `#/${game.game}/${game.variant}/${game.deal_text}`; }

/** The room the table may take: the window below the board's top, less what stays under it. */
function tableHeight(board) {
  const top = board.getBoundingClientRect().top + window.scrollY;
  const below = 10;  // room for the marks that hang under a pile (the live row's bar)
  return Math.max(200, window.innerHeight - top - below);
}

export function render() {
  const replay = app.replay;
  const game = replay ? replay.view : app.game;
  if (!game) return;
  const board = $("board");
  const hadFocus = board.contains(document.activeElement);
  renderStatus(game, replay);
  app.ui.height = tableHeight(board);
  const ui = replay ? { ...app.ui, selected: null, targets: null, choices: null, arrived: null, ...replayPiles(replay) } : app.ui;
  app.piles = renderBoard(board, game, ui);
  for (let pass = 0; pass < 4; pass++) {  // the plan's estimate of captions and gaps, corrected by measuring
    const over = board.getBoundingClientRect().height - app.ui.height;
    if (over <= 0.5) break;
    app.ui.height -= over + 1;
    app.piles = renderBoard(board, game, { ...ui, height: app.ui.height });
  }
  if (!app.piles[app.ui.focus]) app.ui.focus = Object.keys(app.piles)[0];
  app.piles[app.ui.focus].tabIndex = 0;
  if (hadFocus) app.piles[app.ui.focus].focus({ preventScroll: true });
  app.ui.arrived = null;
  if (replay) renderReplayBar(replay);
  tick();
}

function renderStatus(game, replay) {
  const pos = game.position;
  $("title").textContent = `${gameName(game.game)} · ${variantName(game.game, game.variant)}`;
  $("daily-badge").hidden = !game.daily;
  $("share").textContent = game.deal_text;
  $("share").href = shareHash(game);
  $("moves").textContent = game.moves.length;
  renderChip();
  $("redeals-box").hidden = pos.redeals_left === undefined;
  $("redeals").textContent = pos.redeals_left ?? "";
  $("phase").hidden = !pos.phase;
  $("phase").textContent = pos.phase ? t(pos.phase === "dealing" ? "phaseDealing" : "phaseBuilding") : "";
  const busy = app.busy > 0;
  $("undo").disabled = !!replay || !game.can_undo;
  $("redo").disabled = !!replay || !game.can_redo;
  $("restart").disabled = !!replay || !game.can_undo;
  $("hint").disabled = !!replay || game.won || game.lost;
  $("hint").setAttribute("aria-busy", String(app.hinting));
  $("solution").disabled = !!replay;
  $("solution").setAttribute("aria-busy", String(app.solving));  // busy, yet keeps the focus
  $("finish").hidden = !!replay || !(app.guidance && app.guidance.finish && app.guidance.finish.length);
  $("finish").disabled = busy;
  for (const id of ["new", "daily", "go", "game-select", "variant-select", "deal-input"]) $(id).disabled = !!replay;
  $("timer-box").hidden = !app.settings.showTimer;
  $("outcome").hidden = !!replay || (!game.won && !game.lost);
  $("outcome").textContent = game.won ? t("wonTitle") : game.lost ? t("stuckTitle") : "";
  document.activeElement === $("deal-input") || ($("deal-input").value = game.deal_text);
  fillSelects();
}

function fillSelects() {
  const game = app.game;
  const gameSel = $("game-select");
  gameSel.innerHTML = "";
  for (const g of app.catalogue) gameSel.add(new Option(gameName(g.game), g.game, false, g.game === game.game));
  const variantSel = $("variant-select");
  variantSel.innerHTML = "";
  const entry = app.catalogue.find((g) => g.game === game.game);
  for (const v of entry ? entry.variants : [game.variant]) {
    variantSel.add(new Option(variantName(game.game, v), v, false, v === game.variant));
  }
  fillVariantOdds();
}

/** Seconds on the clock: the server's count, paused while the tab is hidden. */
export function clockSeconds() {
  const c = app.clock;
  if (c.start === null) return 0;
  const now = c.stopped ?? c.hiddenAt ?? Date.now();
  return Math.max(0, Math.floor((now - c.start) / 1000));
}

export function tick() {
  if (!app.game) return;
  $("time").textContent = formatTime(clockSeconds());
}

/** "6:48" for 408.9 s: whole seconds (the server's elapsed time has tenths; best times are floats). */
export function formatTime(value) {
  const seconds = Math.max(0, Math.floor(Number(value) || 0));
  const h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
  const r = String(s).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${r}` : `${m}:${r}`;
}

const LOST_KEY = "cadogan.lostAt";  // {game id: seconds on the clock when it was lost}

/** The clock of a lost game stops at the loss. The server keeps no end time for a lost game (its
 * elapsed time runs on), so the page keeps the time it first saw the game lost, for a reload. */
function timeAtLoss(game) {
  let kept = {};
  try { kept = JSON.parse(localStorage.getItem(LOST_KEY) || "{}") || {}; } catch (err) { kept = {}; }
  if (typeof kept[game.id] === "number") return Math.min(kept[game.id], game.elapsed);
  kept[game.id] = game.elapsed;
  const ids = Object.keys(kept);
  for (const id of ids.slice(0, Math.max(0, ids.length - 50))) delete kept[id];  // the last 50 lost games
  localStorage.setItem(LOST_KEY, JSON.stringify(kept));
  return game.elapsed;
}

/** The timer stops while the tab is hidden and goes on where it stopped. */
export function pauseClock(hidden) {
  const c = app.clock;
  if (hidden && c.hiddenAt === null) c.hiddenAt = Date.now();
  else if (!hidden && c.hiddenAt !== null) {
    if (c.start !== null) c.start += Date.now() - c.hiddenAt;
    c.hiddenAt = null;
  }
}

/** Where the card that is about to move lies now (its top card's box), to slide it from there. */
export function cardBox(name) {
  const el = app.piles[name] && app.piles[name].querySelector(".card.top");
  return el ? el.getBoundingClientRect() : null;
}

export function motionAllowed() {
  return app.settings.animations && !matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Slide the top card of pile `name` from the box `from` to where it now lies (FLIP). */
export function slide(name, from) {
  const el = from && app.piles[name] && app.piles[name].querySelector(".card.top");
  if (!el || !el.animate) return;
  const to = el.getBoundingClientRect();
  const dx = from.left - to.left, dy = from.top - to.top;
  if (Math.abs(dx) + Math.abs(dy) < 2) return;
  el.style.pointerEvents = "none";  // a click during the slide goes to the pile beneath (the stock), not this card
  const motion = el.animate([{ transform: `translate(${dx}px, ${dy}px)`, zIndex: 500 }, { transform: "none", zIndex: 500 }],
             { duration: Math.min(320, 120 + Math.hypot(dx, dy) / 4), easing: "cubic-bezier(.2,.7,.3,1)" });
  motion.onfinish = motion.oncancel = () => { el.style.pointerEvents = ""; };
}

/** The start box of a move's card, taken before the move (null when nothing should slide). */
export function moveStart(move, layout, { reverse = false, from = null } = {}) {
  const path = movePath(move, layout, { reverse });
  if (!path || !motionAllowed()) return { path, start: null };
  return { path, start: from || cardBox(path[0]) };
}

export function setGame(game, { arrived = null } = {}) {
  const changed = !app.game || app.game.id !== game.id || app.game.won !== game.won || app.game.lost !== game.lost;
  const moved = !app.game || app.game.id !== game.id || app.game.moves.join() !== game.moves.join();
  if (moved) $("verdict").hidden = true;
  app.game = game;
  app.guidance = null;
  app.ui.selected = null;
  app.ui.hint = null;
  app.ui.targets = null;
  app.ui.choices = null;
  app.ui.lost = null;
  app.ui.arrived = app.settings.animations ? arrived : null;
  const elapsed = game.lost && !game.won ? timeAtLoss(game) : game.elapsed;
  app.clock.start = game.started === null ? null : Date.now() - elapsed * 1000;
  app.clock.stopped = game.won || game.lost ? app.clock.start + elapsed * 1000 : null;
  app.clock.hiddenAt = document.hidden ? Date.now() : null;
  localStorage.setItem(CURRENT_KEY, game.id);
  const hash = shareHash(game);
  if (location.hash !== hash) history.replaceState(null, "", hash);
  render();
  if (changed || game.moves.length === 1) {
    refreshStatsLine();
    if (!game.won && !game.lost) checkAchievements();  // an ended game's are told in its end dialog
  }
  if (moved) meterAfterChange();
}
