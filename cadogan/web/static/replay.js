// The solution viewer: steps through a winning line without touching the game. The line is either
// the deal's solution from its start (GET .../solution/position?step=k), a continuation from the
// position after the game's first `from` moves (GET .../line?from=..&moves=..&step=k, the analysis),
// or the player's own moves in a game that is over (GET .../replay?step=k, watchGame).
// The rules live on the server: every step's board comes from it. Auto-play steps at a chosen speed.

import { $, app } from "./state.js";
import { api } from "./api.js";
import { t } from "./i18n.js";
import { announce, failed } from "./messages.js";
import { describeMove, movePath } from "./moves.js";
import { cardBox, motionAllowed, render, slide } from "./view.js";
import { saveSettings } from "./settings.js";

const SOLUTION_BUDGET = 10;  // seconds the solver may take over a deal's winning line

/** Ask the solver for the deal's winning line: replay it, or say why there is none. */
export async function showSolution() {
  const game = app.game;
  if (!game || app.replay || app.solving) return;
  app.solving = true;
  render();
  announce(t("solutionSearching"), "info", { keep: true });
  try {
    const answer = await api("GET", `/api/games/${game.id}/solution?budget=${SOLUTION_BUDGET}`);
    if (!app.game || app.game.id !== game.id) return;
    if (answer.result === "won") await openReplay({ id: game.id, n: answer.moves.length, title: t("solution") });
    else announce(t(answer.result === "lost" ? "solutionLost" : "solutionUnknown", { s: SOLUTION_BUDGET }), "info", { keep: true });
  } catch (err) {
    failed(err);
  } finally {
    app.solving = false;
    render();
  }
}

/** The URL of step `k` of the line being replayed. */
function stepUrl(r, k) {
  if (r.path) return `${r.path}${k}`;
  if (r.line) return `/api/games/${r.id}/line?from=${r.from}&moves=${encodeURIComponent(r.line.join(","))}&step=${k}`;
  return `/api/games/${r.id}/solution/position?step=${k}`;
}

/** Open the viewer on a line: {id, n, title} for the deal's solution, plus {from, line} for a continuation,
 * or {path} for the steps of a game that is over (the player's own, GET .../replay?step=k). */
export async function openReplay({ id, n, title, from = 0, line = null, mark = null, path = null }) {
  const r = { id, n, from, line, title, mark, path, k: 0, target: 0, view: null, views: new Map(), busy: false, timer: null };
  r.view = await api("GET", stepUrl(r, 0));
  r.views.set(0, r.view);
  app.replay = r;
  app.ui.selected = null;
  document.body.classList.add("replaying");
  $("replay").hidden = false;
  $("replay-title").textContent = title;
  $("replay-note").textContent = "";
  render();
  $("replay-forward").focus();
  $("message").textContent = "";  // the bar shows each step; the live region says it
  announce(replayText(r), "info", { show: false });
}

/** Leave the replay: the game comes back exactly as it was. */
export function closeReplay() {
  if (!app.replay) return;
  stopAuto();
  app.replay = null;
  document.body.classList.remove("replaying");
  $("replay").hidden = true;
  render();
  $("solution").focus();
  announce(t("replayClosed"));
}

/** Go to step `k` of the line (clamped); quick presses while a step is loading add up. */
export function replayGo(k) {
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
          view = await api("GET", stepUrl(r, want));
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
  const path = move ? movePath(move, view.layout, { reverse: back }) : null;
  const start = path && motionAllowed() ? cardBox(path[0]) : null;
  r.k = view.step;
  r.view = view;
  render();
  if (start) slide(path[1], start);
  announce(replayText(r), "info", { show: false });
  if (r.k === r.n) stopAuto();
}

/** The piles of the move just replayed, lit like a hint; at the start of an analysis, the losing move
 * the player made from this position, marked in red: {hint, lost}. */
export function replayPiles(r) {
  const lost = r.k === 0 && r.mark ? movePath(r.mark, r.view.layout) : null;
  return { hint: r.k && r.view.move ? movePath(r.view.move, r.view.layout) : null, lost };
}

/** "Step k of N: Moved 7♥ from Waste to Foundation 2". */
function replayText(r) {
  if (r.k === 0) return r.line ? t("lineStart", { n: r.n }) : t("replayStart", { n: r.n });
  const text = t("replayStep", { k: r.k, n: r.n, move: describeMove(r.view, r.view.move, { after: true }) });
  return r.view.won ? `${text}. ${t("replayWon")}` : text;
}

export function renderReplayBar(r) {
  $("replay-step").textContent = replayText(r);
  $("replay-first").disabled = $("replay-back").disabled = r.k === 0;
  $("replay-forward").disabled = $("replay-last").disabled = r.k === r.n;
  // Named by the words it shows ("Auto", "Pause"; its title says more): a name that differed from them
  // would fail axe's label-content-name-mismatch.
  $("replay-play").querySelector(".icon").textContent = r.timer ? "❚❚" : "▶▶";
  $("replay-play").querySelector(".label").textContent = t(r.timer ? "replayPause" : "replayAuto");
  $("replay-play").setAttribute("aria-pressed", String(!!r.timer));
  $("replay-speed").value = String(app.settings.replaySpeed);
  $("replay-takeback").hidden = r.takeBack === null || r.takeBack === undefined;
  const focused = document.activeElement;
  if (focused && focused.disabled && $("replay").contains(focused)) $(r.k === 0 ? "replay-forward" : "replay-back").focus();
}

/** Auto-play: one step every `replaySpeed` ms until the end; a second press pauses. */
export function toggleAuto() {
  const r = app.replay;
  if (!r) return;
  if (r.timer) { stopAuto(); return; }
  if (r.k === r.n) replayGo(0);
  r.timer = setInterval(() => {
    if (app.replay !== r) return stopAuto();
    if (!r.busy) replayGo(r.target + 1);
  }, app.settings.replaySpeed);
  renderReplayBar(r);
}

function stopAuto() {
  const r = app.replay;
  if (r && r.timer) { clearInterval(r.timer); r.timer = null; renderReplayBar(r); }
}

export function setReplaySpeed(ms) {
  app.settings.replaySpeed = ms;
  saveSettings();
  const r = app.replay;
  if (r && r.timer) { stopAuto(); toggleAuto(); }
}

/** Replay keys, ahead of the game's own: , . PageUp PageDown Home End Esc; the game's keys rest. */
export function replayKeys(event) {
  const r = app.replay;
  if (!r || document.querySelector("dialog[open]") || event.altKey) return;
  const tag = event.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  const ctrl = event.ctrlKey || event.metaKey;
  const actions = {
    Comma: () => replayGo(r.target - 1), PageUp: () => replayGo(r.target - 1),
    Period: () => replayGo(r.target + 1), PageDown: () => replayGo(r.target + 1),
    Home: () => replayGo(0), End: () => replayGo(r.n), Escape: closeReplay, KeyP: toggleAuto,
  };
  const action = ctrl ? null : actions[event.code] || actions[event.key];
  const gameKey = ["KeyU", "KeyR", "KeyH", "KeyD", "KeyF"].includes(event.code) || (ctrl && ["KeyZ", "KeyY"].includes(event.code));
  if (!action && !gameKey) return;
  event.preventDefault();
  event.stopPropagation();
  if (action) action();
}

/** Watch a game that is over, the player's own moves from the deal's start: {id, moves}. */
export async function watchGame({ id, moves }) {
  if (app.replay) closeReplay();
  try {
    await openReplay({ id, n: moves, title: t("yourGame"), path: `/api/games/${id}/replay?step=` });
  } catch (err) {
    failed(err);
  }
}
