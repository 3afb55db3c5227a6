// The browser game: talks to the HTTP API of SPEC.md only, and never decides what is legal.
// The server sends the legal moves; a refused move comes back with the reason, shown to the player.

import { SUIT_SYMBOLS } from "./cards.js";
import { renderBoard } from "./board.js";
import {
  cardName, gameName, getLang, pickLang, rulesHtml, setLang, t, translatePage, translateReason,
} from "./i18n.js";
import { attachInput } from "./input.js";

const $ = (id) => document.getElementById(id);
const SETTINGS_KEY = "cadogan.settings";
const SOLUTION_BUDGET = 10;  // seconds the solver may take over a deal's winning line
const CURRENT_KEY = "cadogan.current";
const DEFAULTS = { lang: null, autoMove: false, fourColour: false, animations: true, showTimer: true,
                   checkVerdict: false, winnableOnly: false };

export const app = {
  game: null,              // the game object from the server
  catalogue: [],           // GET /api/games
  ui: { selected: null, hint: null, focus: "s", arrived: null, height: 600 },
  settings: { ...DEFAULTS },
  piles: {},
  clock: { start: null, stopped: false },
  queue: Promise.resolve(),
  replay: null,            // the solution being replayed: {id, n, k, target, view, views, busy}; null when playing
  solving: false,          // a solution search is under way
  verdict: null,           // the last verdict shown: {id, moves, verdict}, to warn when a move loses a winnable game
};

// --- the API --------------------------------------------------------------------------------------
class ApiError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

async function api(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method, headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (err) {
    throw new ApiError(0, t("offline", { msg: err.message }));
  }
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new ApiError(response.status, data.error || `HTTP ${response.status}`);
  return data;
}

/** Run actions one after another, so quick clicks never race each other. */
function serial(action) {
  const run = app.queue.then(action, action);
  app.queue = run.catch(() => {});
  return run;
}

// --- messages -------------------------------------------------------------------------------------
let messageTimer = null;
/** Say `text` in the live region and show it (unless `show` is false); it fades after 6 s unless `keep`. */
export function announce(text, kind = "info", { keep = false, show = true } = {}) {
  const live = $("live");
  live.textContent = "";
  requestAnimationFrame(() => { live.textContent = text; });
  if (!show) return;
  const box = $("message");
  box.textContent = text;
  box.className = `message ${kind}`;
  clearTimeout(messageTimer);
  if (!keep) messageTimer = setTimeout(() => { box.textContent = ""; }, 6000);
}

function failed(err) {
  if (err instanceof ApiError && err.status === 422) {
    const reason = err.message.replace(/^cannot play \S+: /, "");
    announce(t("cannot", { reason: translateReason(reason) }), "error");
  } else {
    announce(t("error", { msg: err.message }), "error");
  }
}

function pileWords(name) {
  if (name === "s") return t("stock");
  if (name === "w") return t("waste");
  return t(name[0] === "f" ? "foundation" : "tableau", { n: name.slice(1) });
}

function topCard(game, name) {
  const pos = game.position;
  const pile = name === "s" ? pos.stock.slice(0, 1) : name === "w" ? pos.waste
    : name[0] === "f" ? pos.foundations[name.slice(1) - 1] : pos.tableau[name.slice(1) - 1];
  return pile && pile.length ? (name === "s" ? pile[0] : pile[pile.length - 1]) : null;
}

/** A move in words, read from the position `game` before it (the card on top of its source) or,
 * with `after`, from the position after it (the card on top of where it went). */
function describeMove(game, move, { after = false } = {}) {
  if (move === "deal") return t(game.layout.has_waste ? "dealt" : "dealtRound");
  if (move === "redeal") return t("redealt");
  const [src, dst] = move.split(">");
  const card = topCard(game, after ? dst : src);
  const name = card ? cardName(card) : src;
  if (src === "s") return t("placed", { card: name, to: pileWords(dst) });
  return t("moved", { card: name, from: pileWords(src), to: pileWords(dst) });
}

// --- drawing --------------------------------------------------------------------------------------
export function render() {
  const replay = app.replay;
  const game = replay ? replay.view : app.game;
  if (!game) return;
  const board = $("board");
  const hadFocus = board.contains(document.activeElement);
  const main = board.getBoundingClientRect();
  app.ui.height = Math.max(320, window.innerHeight - (main.top + window.scrollY) - 28);
  app.piles = renderBoard(board, game, replay ? { ...app.ui, selected: null, hint: replayPiles(replay), arrived: null } : app.ui);
  if (!app.piles[app.ui.focus]) app.ui.focus = Object.keys(app.piles)[0];
  app.piles[app.ui.focus].tabIndex = 0;
  if (hadFocus) app.piles[app.ui.focus].focus({ preventScroll: true });
  app.ui.arrived = null;
  const pos = game.position;
  $("title").textContent = `${gameName(game.game)} · ${game.variant}`;
  $("share").textContent = game.deal_text;
  $("share").href = shareHash(game);
  $("moves").textContent = game.moves.length;
  $("redeals-box").hidden = pos.redeals_left === undefined;
  $("redeals").textContent = pos.redeals_left ?? "";
  $("phase").hidden = !pos.phase;
  $("phase").textContent = pos.phase ? t(pos.phase === "dealing" ? "phaseDealing" : "phaseBuilding") : "";
  $("undo").disabled = !!replay || !game.can_undo;
  $("redo").disabled = !!replay || !game.can_redo;
  $("restart").disabled = !!replay || !game.can_undo;
  $("hint").disabled = !!replay || game.won || game.lost;
  $("solution").disabled = !!replay;
  $("solution").setAttribute("aria-disabled", String(app.solving));  // busy, yet keeps the focus
  for (const id of ["new", "go", "game-select", "variant-select", "deal-input"]) $(id).disabled = !!replay;
  $("timer-box").hidden = !app.settings.showTimer;
  $("outcome").hidden = !!replay || (!game.won && !game.lost);
  $("outcome").textContent = game.won ? t("wonTitle") : game.lost ? t("stuckTitle") : "";
  document.activeElement === $("deal-input") || ($("deal-input").value = game.deal_text);
  fillSelects();
  if (replay) renderReplayBar(replay);
  tick();
}

function shareHash(game) { return `#/${game.game}/${game.variant}/${game.deal_text}`; }

function fillSelects() {
  const game = app.game;
  const gameSel = $("game-select");
  gameSel.innerHTML = "";
  for (const g of app.catalogue) gameSel.add(new Option(gameName(g.game), g.game, false, g.game === game.game));
  const variantSel = $("variant-select");
  variantSel.innerHTML = "";
  const entry = app.catalogue.find((g) => g.game === game.game);
  for (const v of entry ? entry.variants : [game.variant]) variantSel.add(new Option(v, v, false, v === game.variant));
}

function tick() {
  const game = app.game;
  if (!game) return;
  const seconds = app.clock.start === null ? 0 : Math.floor(((app.clock.stopped ?? Date.now()) - app.clock.start) / 1000);
  $("time").textContent = formatTime(seconds);
}

function formatTime(seconds) {
  if (seconds === null || seconds === undefined) return "—";
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${r}` : `${m}:${r}`;
}

/** Where the card that is about to move lies now (its top card's box), to slide it from there. */
function cardBox(name) {
  const el = app.piles[name] && app.piles[name].querySelector(".card.top");
  return el ? el.getBoundingClientRect() : null;
}

function motionAllowed() {
  return app.settings.animations && !matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Slide the top card of pile `name` from the box `from` to where it now lies (FLIP). */
function slide(name, from) {
  const el = from && app.piles[name] && app.piles[name].querySelector(".card.top");
  if (!el || !el.animate) return;
  const to = el.getBoundingClientRect();
  const dx = from.left - to.left, dy = from.top - to.top;
  if (Math.abs(dx) + Math.abs(dy) < 2) return;
  el.animate([{ transform: `translate(${dx}px, ${dy}px)`, zIndex: 500 }, { transform: "none", zIndex: 500 }],
             { duration: Math.min(320, 120 + Math.hypot(dx, dy) / 4), easing: "cubic-bezier(.2,.7,.3,1)" });
}

async function refreshStatsLine() {
  const game = app.game;
  if (!game) return;
  let rows = [];
  try { rows = await api("GET", "/api/stats"); } catch (err) { return; }
  const row = rows.find((r) => r.game === game.game && r.variant === game.variant);
  $("stats-line").textContent = row
    ? `${gameName(game.game)} · ${game.variant}: ${t("played")} ${row.played} · ${t("won")} ${row.won} (${row.win_percent}%) · ${t("streak")} ${row.current_streak} · ${t("bestStreak")} ${row.best_streak}`
      + (row.best_time_seconds === null ? "" : ` · ${t("bestTime")} ${formatTime(row.best_time_seconds)}`)
      + (row.fewest_moves === null ? "" : ` · ${t("fewestMoves")} ${row.fewest_moves}`)
    : "";
}

function setGame(game, { arrived = null } = {}) {
  const changed = !app.game || app.game.id !== game.id || app.game.won !== game.won || app.game.lost !== game.lost;
  if (!app.game || app.game.id !== game.id || app.game.moves.join() !== game.moves.join()) $("verdict").hidden = true;
  app.game = game;
  app.ui.selected = null;
  app.ui.hint = null;
  app.ui.arrived = app.settings.animations ? arrived : null;
  app.clock.start = game.started === null ? null : Date.now() - game.elapsed * 1000;
  app.clock.stopped = game.won || game.lost ? app.clock.start + game.elapsed * 1000 : null;
  localStorage.setItem(CURRENT_KEY, game.id);
  const hash = shareHash(game);
  if (location.hash !== hash) history.replaceState(null, "", hash);
  render();
  if (changed || game.moves.length === 1) refreshStatsLine();
}

// --- actions --------------------------------------------------------------------------------------
export function play(move, { auto = false, from = null } = {}) {
  return serial(async () => {
    const before = app.game;
    if (!before || app.replay) return;
    const [src, dstPile] = move.includes(">") ? move.split(">") : move === "deal" && before.layout.has_waste ? ["s", "w"] : [null, null];
    const start = motionAllowed() && src ? from || cardBox(src) : null;
    let game;
    try {
      game = await api("POST", `/api/games/${before.id}/moves`, { move });
    } catch (err) {
      app.ui.selected = null;
      render();
      failed(err);
      return;
    }
    setGame(game, { arrived: start || !src ? null : dstPile });
    if (start) slide(dstPile, start);
    announce(describeMove(before, move));
    afterMove(game, auto);
  });
}

function afterMove(game, auto) {
  if (game.won) return celebrate();
  if (game.lost) return stuck();
  if (app.settings.autoMove && game.safe_moves.length) {
    play(game.safe_moves[0], { auto: true });
    return;
  }
  if (app.settings.checkVerdict) checkVerdict();
}

async function checkVerdict() {
  const id = app.game.id, count = app.game.moves.length;
  try {
    const answer = await api("GET", `/api/games/${id}/hint?budget=1&count=0`);
    if (app.game.id !== id || app.game.moves.length !== count) return;
    showVerdict(answer.verdict);
  } catch (err) { /* a verdict is a comfort: stay quiet */ }
}

function showVerdict(verdict) {
  const game = app.game, before = app.verdict;
  app.verdict = { id: game.id, moves: game.moves.slice(), verdict };
  if (verdict === "lost" && before && before.verdict === "winnable" && before.id === game.id
      && before.moves.length < game.moves.length && before.moves.every((move, i) => move === game.moves[i])) {
    announce(before.moves.length ? t("moveLost", { n: before.moves.length }) : t("moveLostStart"), "error", { keep: true });
  }
  const box = $("verdict");
  box.hidden = false;
  box.className = `verdict ${verdict}`;
  box.textContent = t(`verdict_${verdict}`);
}

function step(action) {
  return serial(async () => {
    const game = app.game;
    if (!game) return;
    const move = action === "undo" ? game.moves[game.moves.length - 1] : game.redo[0];
    let path = move && move.includes(">") ? move.split(">") : move === "deal" && game.layout.has_waste ? ["s", "w"] : null;
    if (path && action === "undo") path = [path[1], path[0]];
    const start = path && action !== "restart" && motionAllowed() ? cardBox(path[0]) : null;
    try {
      const next = await api("POST", `/api/games/${game.id}/${action}`);
      setGame(next);
      if (start) slide(path[1], start);
      announce(action === "restart" ? t("restarted") : t(action === "undo" ? "undone" : "redone", { move }));
      if (app.settings.checkVerdict && !next.won && !next.lost) checkVerdict();
    } catch (err) {
      failed(err);
    }
  });
}

export const undo = () => step("undo");
export const redo = () => step("redo");
export const restart = () => step("restart");

export function hint() {
  return serial(async () => {
    const game = app.game;
    if (!game || game.won || game.lost) return;
    announce(t("thinking"));
    let answer;
    try {
      answer = await api("GET", `/api/games/${game.id}/hint`);
    } catch (err) {
      return failed(err);
    }
    if (app.game.id !== game.id || app.game.moves.length !== game.moves.length) return;
    showVerdict(answer.verdict);
    const move = answer.move;
    if (!move) {
      announce(t(answer.verdict === "lost" ? "hintLost" : "hintNone"));
      return;
    }
    if (move === "deal" || move === "redeal") {
      app.ui.hint = ["s", "w"];
      announce(t(move === "deal" ? "hintDeal" : "hintRedeal"));
    } else {
      const [src, dst] = move.split(">");
      app.ui.hint = [src, dst];
      const card = topCard(game, src);
      announce(src === "s" ? t("hintPlace", { to: pileWords(dst) })
        : t("hintMove", { card: card ? cardName(card) : src, from: pileWords(src), to: pileWords(dst) }));
    }
    render();
  });
}

/** Start a game; confirm first when an unfinished game with moves would be left behind. */
export async function newGame(gameId, variant, deal, { confirmLeave = true } = {}) {
  const current = app.game;
  if (confirmLeave && current && current.moves.length && !current.won && !current.lost) {
    if (!(await confirmDialog())) {
      history.replaceState(null, "", shareHash(current));
      render();
      return;
    }
  }
  return serial(async () => {
    const body = { game: gameId };
    if (variant) body.variant = variant;
    if (deal !== null && deal !== undefined && deal !== "") body.deal = String(deal);
    if (app.settings.winnableOnly && body.deal === undefined) body.winnable = true;
    try {
      const game = await api("POST", "/api/games", body);
      $("verdict").hidden = true;
      setGame(game);
      announce(`${gameName(game.game)}, ${t("deal")} ${game.deal_text}`);
    } catch (err) {
      failed(err);
    }
  });
}

function confirmDialog() {
  const dialog = $("confirm-dialog");
  return new Promise((resolve) => {
    dialog.returnValue = "";
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
    dialog.showModal();
  });
}

// --- the end of a game ----------------------------------------------------------------------------
async function celebrate() {
  const game = app.game;
  const seconds = game.elapsed;
  $("end-title").textContent = t("wonTitle");
  $("end-text").textContent = t("wonText", { deal: game.deal_text, moves: game.moves.length, time: formatTime(seconds) });
  $("end-verdict").textContent = "";
  $("end-undo").hidden = true;
  $("end-solution").hidden = true;
  announce(t("wonTitle"));
  if (app.settings.animations && !matchMedia("(prefers-reduced-motion: reduce)").matches) confetti();
  await fillEndStats();
  openEnd();
}

async function stuck() {
  const game = app.game;
  $("end-title").textContent = t("stuckTitle");
  $("end-text").textContent = t("stuckText");
  $("end-undo").hidden = false;
  $("end-solution").hidden = false;
  $("end-verdict").textContent = t("deal_checking");
  announce(t("stuckTitle"));
  fillEndStats();
  openEnd();
  const budget = 5;
  try {
    const answer = await api("GET", `/api/games/${game.id}/hint?from=start&budget=${budget}`);
    $("end-verdict").textContent = t(`deal_${answer.verdict}`, { s: budget });
  } catch (err) {
    $("end-verdict").textContent = t(`deal_unknown`, { s: budget });
  }
}

function openEnd() {
  const dialog = $("end-dialog");
  if (dialog.open) return;
  dialog.returnValue = "";
  dialog.addEventListener("close", () => {
    const game = app.game;
    if (dialog.returnValue === "new") newGame(game.game, game.variant, null, { confirmLeave: false });
    else if (dialog.returnValue === "same") newGame(game.game, game.variant, game.deal_text, { confirmLeave: false });
    else if (dialog.returnValue === "undo") undo();
    else if (dialog.returnValue === "solution") showSolution();
  }, { once: true });
  dialog.showModal();
}

async function fillEndStats() {
  const game = app.game;
  try {
    const rows = await api("GET", "/api/stats");
    const row = rows.filter((r) => r.game === game.game && r.variant === game.variant);
    $("end-stats").innerHTML = statsTable(row);
  } catch (err) { $("end-stats").textContent = ""; }
}

function confetti() {
  const box = $("celebration");
  box.innerHTML = "";
  const signs = ["♠", "♥", "♦", "♣"];
  for (let i = 0; i < 36; i++) {
    const s = document.createElement("span");
    s.textContent = signs[i % 4];
    s.style.left = `${Math.random() * 100}vw`;
    s.style.color = i % 4 === 1 || i % 4 === 2 ? "#ff5a67" : "#fff";
    s.style.animationDuration = `${2.2 + Math.random() * 2.2}s`;
    s.style.animationDelay = `${Math.random() * 1.2}s`;
    box.append(s);
  }
  setTimeout(() => { box.innerHTML = ""; }, 6000);
}

// --- the solution, step by step ------------------------------------------------------------------
// The server solves the deal's start position and keeps the winning line; each step's board comes from
// GET .../solution/position?step=k (the rules live on the server). The game itself is never touched.

/** Ask the solver for the deal's winning line: replay it, or say why there is none. */
export async function showSolution() {
  const game = app.game;
  if (!game || app.replay || app.solving) return;
  app.solving = true;
  $("solution").setAttribute("aria-busy", "true");
  render();
  announce(t("solutionSearching"), "info", { keep: true });
  try {
    const answer = await api("GET", `/api/games/${game.id}/solution?budget=${SOLUTION_BUDGET}`);
    if (!app.game || app.game.id !== game.id) return;
    if (answer.result === "won") await openReplay(game.id, answer.moves.length);
    else announce(t(answer.result === "lost" ? "solutionLost" : "solutionUnknown", { s: SOLUTION_BUDGET }), "info", { keep: true });
  } catch (err) {
    failed(err);
  } finally {
    app.solving = false;
    $("solution").removeAttribute("aria-busy");
    render();
  }
}

async function openReplay(id, steps) {
  const view = await api("GET", `/api/games/${id}/solution/position?step=0`);
  app.replay = { id, n: steps, k: 0, target: 0, view, views: new Map([[0, view]]), busy: false };
  app.ui.selected = null;
  document.body.classList.add("replaying");
  $("replay").hidden = false;
  render();
  $("replay-forward").focus();
  $("message").textContent = "";  // the bar shows each step; the live region says it
  announce(replayText(app.replay), "info", { show: false });
}

/** Leave the replay: the game comes back exactly as it was. */
export function closeReplay() {
  if (!app.replay) return;
  app.replay = null;
  document.body.classList.remove("replaying");
  $("replay").hidden = true;
  render();
  $("solution").focus();
  announce(t("replayClosed"));
}

/** Go to step `k` of the line (clamped); quick presses while a step is loading add up. */
function replayGo(k) {
  const r = app.replay;
  if (!r) return;
  r.target = Math.max(0, Math.min(r.n, k));
  if (r.busy) return;
  r.busy = true;
  (async () => {
    try {
      while (app.replay === r && r.k !== r.target) {
        const want = r.target;
        let view = r.views.get(want);
        if (!view) {
          view = await api("GET", `/api/games/${r.id}/solution/position?step=${want}`);
          r.views.set(want, view);
        }
        if (app.replay !== r) return;
        showStep(r, view);
      }
    } catch (err) {
      failed(err);
      if (err.status === 409 || err.status === 404) closeReplay();
    } finally {
      r.busy = false;
    }
  })();
}

function showStep(r, view) {
  const forward = view.step === r.k + 1, back = view.step === r.k - 1;
  const move = forward ? view.move : back ? r.view.move : null;
  let path = move ? movePath(move, view.layout) : null;
  if (path && back) path = [path[1], path[0]];
  const start = path && motionAllowed() ? cardBox(path[0]) : null;
  r.k = view.step;
  r.view = view;
  render();
  if (start) slide(path[1], start);
  announce(replayText(r), "info", { show: false });
}

/** The piles a move takes a card from and to ([src, dst]), or null for a move of many cards. */
function movePath(move, layout) {
  if (move.includes(">")) return move.split(">");
  return move === "deal" && layout.has_waste ? ["s", "w"] : null;
}

/** The piles of the move just replayed, lit like a hint. */
function replayPiles(r) {
  return r.k && r.view.move ? movePath(r.view.move, r.view.layout) : null;
}

/** "Step k of N: Moved the Queen of diamonds from Waste to Foundation 2 (w>f2)". */
function replayText(r) {
  if (r.k === 0) return t("replayStart", { n: r.n });
  const text = t("replayStep", { k: r.k, n: r.n, move: `${describeMove(r.view, r.view.move, { after: true })} (${r.view.move})` });
  return r.view.won ? `${text}. ${t("replayWon")}` : text;
}

function renderReplayBar(r) {
  $("replay-step").textContent = replayText(r);
  $("replay-first").disabled = $("replay-back").disabled = r.k === 0;
  $("replay-forward").disabled = $("replay-last").disabled = r.k === r.n;
  const focused = document.activeElement;
  if (focused && focused.disabled && $("replay").contains(focused)) $(r.k === 0 ? "replay-forward" : "replay-back").focus();
}

/** Replay keys, ahead of the game's own: , . PageUp PageDown Home End Esc; the game's keys rest. */
function replayKeys(event) {
  const r = app.replay;
  if (!r || document.querySelector("dialog[open]") || event.altKey) return;
  const tag = event.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  const ctrl = event.ctrlKey || event.metaKey;
  const actions = {
    ",": () => replayGo(r.target - 1), PageUp: () => replayGo(r.target - 1),
    ".": () => replayGo(r.target + 1), PageDown: () => replayGo(r.target + 1),
    Home: () => replayGo(0), End: () => replayGo(r.n), Escape: closeReplay,
  };
  const action = ctrl ? null : actions[event.key];
  const gameKey = /^[urhdURHD]$/.test(event.key) || (ctrl && /^[zy]$/i.test(event.key));
  if (!action && !gameKey) return;
  event.preventDefault();
  event.stopPropagation();
  if (action) action();
}

// --- statistics, rules, settings ------------------------------------------------------------------
function statsTable(rows) {
  if (!rows.length) return `<p>${t("noStats")}</p>`;
  const head = ["game", "played", "won", "winPct", "streak", "bestStreak", "bestTime", "fewestMoves", "hintsUsed"]
    .map((k) => `<th scope="col">${k === "game" ? "" : t(k)}</th>`).join("");
  const body = rows.map((r) => {
    const current = app.game && r.game === app.game.game && r.variant === app.game.variant ? ' class="current"' : "";
    const cells = [r.played, r.won, `${r.win_percent}%`, r.current_streak, r.best_streak,
      r.best_time_seconds === null ? "—" : formatTime(r.best_time_seconds), r.fewest_moves ?? "—", r.hints_used];
    return `<tr${current}><th scope="row">${gameName(r.game)} · ${r.variant}</th>${cells.map((c) => `<td>${c}</td>`).join("")}</tr>`;
  }).join("");
  return `<table class="stats"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

async function showStats() {
  try {
    $("stats-body").innerHTML = statsTable(await api("GET", "/api/stats"));
  } catch (err) { $("stats-body").textContent = err.message; }
  $("stats-dialog").showModal();
}

function showRules() {
  $("rules-body").innerHTML = rulesHtml(app.game ? app.game.game : "british-square");
  $("rules-dialog").showModal();
}

function loadSettings() {
  try { Object.assign(app.settings, JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}")); } catch (err) { /* defaults */ }
}

function saveSettings() { localStorage.setItem(SETTINGS_KEY, JSON.stringify(app.settings)); }

function applySettings() {
  document.body.classList.toggle("four-colour", app.settings.fourColour);
  document.body.classList.toggle("no-anim", !app.settings.animations);
  for (const key of Object.keys(DEFAULTS)) {
    const box = $(`set-${key}`);
    if (box && box.type === "checkbox") box.checked = !!app.settings[key];
  }
  $("set-lang").value = getLang();
  $("winnable-row").hidden = !app.catalogue.some((g) => Object.values(g.winnable_pool || {}).some(Boolean));
}

export function switchLanguage(lang) {
  setLang(lang);
  app.settings.lang = lang;
  saveSettings();
  const other = lang === "ru" ? "en" : "ru";
  $("lang").textContent = other.toUpperCase();
  $("lang").lang = other;
  translatePage();
  applySettings();
  $("message").textContent = "";
  render();
  refreshStatsLine();
}

// --- routing: #/game/variant/deal -----------------------------------------------------------------
function parseHash() {
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (!parts.length) return null;
  return { game: parts[0], variant: parts[1] || null, deal: parts[2] ?? null };
}

async function resumeOrStart() {
  const wanted = parseHash();
  const savedId = localStorage.getItem(CURRENT_KEY);
  let saved = null;
  if (savedId) {
    try { saved = await api("GET", `/api/games/${encodeURIComponent(savedId)}`); } catch (err) { saved = null; }
  }
  const matches = saved && wanted && saved.game === wanted.game && (!wanted.variant || saved.variant === wanted.variant
    || shareHash(saved) === location.hash) && (wanted.deal === null || saved.deal_text === wanted.deal);
  if (saved && (!wanted || matches)) {
    setGame(saved);
    return;
  }
  if (wanted) {
    await newGame(wanted.game, wanted.variant, wanted.deal, { confirmLeave: false });
    if (app.game) return;
  }
  await newGame(app.catalogue[0].game, null, null, { confirmLeave: false });
}

async function onHashChange() {
  closeReplay();
  const wanted = parseHash();
  const game = app.game;
  if (!wanted || !game || location.hash === shareHash(game)) return;
  await newGame(wanted.game, wanted.variant, wanted.deal);
  if (app.game && location.hash !== shareHash(app.game)) history.replaceState(null, "", shareHash(app.game));
}

// --- start ----------------------------------------------------------------------------------------
function bindControls() {
  $("deal-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const deal = $("deal-input").value.trim();
    if (deal && !/^[0-9]{1,20}$/.test(deal)) { announce(t("badDeal"), "error"); return; }
    newGame($("game-select").value, $("variant-select").value, deal || null);
  });
  $("game-select").addEventListener("change", () => newGame($("game-select").value, null, null));
  $("variant-select").addEventListener("change", () => newGame($("game-select").value, $("variant-select").value, null));
  $("new").addEventListener("click", () => newGame(app.game.game, app.game.variant, null));
  $("restart").addEventListener("click", restart);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("hint").addEventListener("click", hint);
  $("solution").addEventListener("click", showSolution);
  $("replay-first").addEventListener("click", () => replayGo(0));
  $("replay-back").addEventListener("click", () => app.replay && replayGo(app.replay.target - 1));
  $("replay-forward").addEventListener("click", () => app.replay && replayGo(app.replay.target + 1));
  $("replay-last").addEventListener("click", () => app.replay && replayGo(app.replay.n));
  $("replay-close").addEventListener("click", closeReplay);
  window.addEventListener("keydown", replayKeys, true);
  $("stats").addEventListener("click", showStats);
  $("rules").addEventListener("click", showRules);
  $("settings").addEventListener("click", () => $("settings-dialog").showModal());
  $("lang").addEventListener("click", () => switchLanguage(getLang() === "ru" ? "en" : "ru"));
  $("set-lang").addEventListener("change", () => switchLanguage($("set-lang").value));
  $("share").addEventListener("click", (event) => {
    event.preventDefault();
    const url = location.href;
    if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
    announce(url);
  });
  for (const key of Object.keys(DEFAULTS)) {
    const box = $(`set-${key}`);
    if (!box || box.type !== "checkbox") continue;
    box.addEventListener("change", () => {
      app.settings[key] = box.checked;
      saveSettings();
      applySettings();
      render();
      if (key === "checkVerdict" && box.checked) checkVerdict();
    });
  }
  window.addEventListener("hashchange", onHashChange);
  window.addEventListener("resize", () => { clearTimeout(app.resizeTimer); app.resizeTimer = setTimeout(render, 80); });
  setInterval(tick, 1000);
}

async function start() {
  $("suits").innerHTML = SUIT_SYMBOLS;
  loadSettings();
  setLang(pickLang(app.settings.lang));
  switchLanguage(getLang());
  bindControls();
  attachInput($("board"), { app, play, undo, redo, hint, announce, render, summary });
  try {
    app.catalogue = await api("GET", "/api/games");
  } catch (err) {
    announce(err.message, "error");
    return;
  }
  applySettings();
  await resumeOrStart();
  document.body.dataset.ready = "1";
}

export function summary() {
  const game = app.replay ? app.replay.view : app.game;
  const pos = game.position;
  const found = pos.foundations.reduce((n, f) => n + f.length, 0);
  const extra = [];
  if (pos.redeals_left !== undefined) extra.push(`${t("redealsLeft")}: ${pos.redeals_left}.`);
  if (pos.phase) extra.push(t(pos.phase === "dealing" ? "phaseDealing" : "phaseBuilding") + ".");
  if (!$("verdict").hidden) extra.push($("verdict").textContent + ".");
  announce(t("summary", { game: gameName(game.game), deal: game.deal_text, moves: game.moves.length, found,
    stock: pos.stock.length, extra: extra.join(" ") }));
}

start();
