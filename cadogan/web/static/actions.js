// What the player does to the game: moves, undo/redo/restart, hints, new deals, and the comforts built
// on the server's guidance (send home, auto-play, finish). Every change is one request to the server;
// changes run one after another, and a hint or a solution search never holds them up.

import { $, SEEN_KEY, app } from "./state.js";
import { ApiError, api } from "./api.js";
import { cardSign, gameName, t } from "./i18n.js";
import { announce, clearStaleError, failed, reasonOf } from "./messages.js";
import { adviseMove, describeMove, movePath, pileWords, topCard } from "./moves.js";
import { moveStart, render, setGame, shareHash, slide } from "./view.js";
import { celebrate, stuck } from "./endgame.js";
import { sound } from "./sound.js";
import { showDealVerdict } from "./verdict.js";
import { meterAfterChange, showChance } from "./meter.js";

const AUTO_DELAY = 160;  // ms between automatic moves, so each one is seen

/** Run game-changing actions one after another, so quick clicks never race each other. */
function serial(action) {
  const run = app.queue.then(action, action);
  app.queue = run.catch(() => {});
  return run;
}

/** Send a move to the server; on refusal the card shakes back and the reason shows beside it. */
export function play(move, { auto = false, from = null } = {}) {
  return serial(async () => {
    const before = app.game;
    if (!before || app.replay) return;
    const { path, start } = moveStart(move, before.layout, { from });
    let game;
    app.busy++;
    try {
      game = await api("POST", `/api/games/${before.id}/moves`, { move });
    } catch (err) {
      app.ui.selected = null;
      app.ui.targets = null;
      render();
      refused(err, path);
      return;
    } finally {
      app.busy--;
    }
    clearStaleError();
    setGame(game, { arrived: start || !path ? null : path[1] });
    if (start) slide(path[1], start);
    sound(move === "deal" || move === "redeal" ? "deal" : "move");
    const placed = move.startsWith("s>");  // a stock card is named once it lies face up, from the game after the move
    announce(describeMove(placed ? game : before, move, { after: placed }), "info", { show: !auto });
    await afterMove(game, auto);
  });
}

/** An illegal move: the card shakes on its pile and the reason is said beside it. */
function refused(err, path) {
  sound("illegal");
  const text = reasonOf(err);
  const pile = err instanceof ApiError && path ? app.piles[path[0]] || app.piles[path[1]] : null;
  announce(text, "error", { show: !pile });  // said aloud always; shown beside the card when there is one
  if (!pile) return;
  const card = pile.querySelector(".card.top");
  if (card) {
    app.ui.shake = { pile: pile.dataset.pile, since: performance.now() };
    card.classList.add("shake");
  }
  showNote(pile, text);
}

/** A short note beside a pile (the reason a move was refused), gone after a few seconds. */
export function showNote(pile, text) {
  const note = $("note");
  if (!pile) { note.hidden = true; return; }
  const box = pile.getBoundingClientRect();
  note.textContent = text;
  note.hidden = false;
  const width = Math.min(300, window.innerWidth - 16);
  note.style.maxWidth = `${width}px`;
  const left = Math.max(8, Math.min(window.innerWidth - width - 8, box.left));
  const below = box.top + Math.min(box.height, 60) + 6;
  note.style.left = `${left}px`;
  note.style.top = `${Math.min(window.innerHeight - 80, below)}px`;
  clearTimeout(showNote.timer);
  showNote.timer = setTimeout(() => { note.hidden = true; }, 4000);
}

async function afterMove(game, auto) {
  if (game.won) { sound("win"); return celebrate(); }
  if (game.lost) return stuck();
  await loadGuidance();
  const g = app.guidance;
  const mode = app.settings.autoPlay;
  if (g && mode !== "off") {
    const next = (mode === "all" ? g.all : g.safe) || [];
    if (next.length) {
      await pause(AUTO_DELAY);
      if (app.game === game) play(next[0], { auto: true });
      return;
    }
  }
  if (app.settings.checkVerdict) checkVerdict();
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET .../guidance for the position on the table (home choices, finish line, auto moves). */
export async function loadGuidance() {
  const game = app.game;
  if (!game || game.won || game.lost) return;
  try {
    const g = await api("GET", `/api/games/${game.id}/guidance`);
    if (app.game !== game) return;
    app.guidance = g;
    render();
  } catch (err) { app.guidance = null; }
}

/** Double-click: the card goes to the foundation proven never worse; else the candidates light up. */
export async function sendHome(name) {
  const game = app.game;
  if (!game || app.replay) return;
  app.ui.selected = null;
  if (!app.guidance) await loadGuidance();
  const home = app.guidance && app.guidance.home ? app.guidance.home[name] : null;
  let choices = home ? home.choices : game.legal_moves.filter((m) => m.startsWith(`${name}>f`)).map((m) => m.split(">")[1]);
  const best = home ? home.best : choices.length === 1 ? choices[0] : null;
  if (best) return play(`${name}>${best}`);
  if (choices.length > 1) {
    app.ui.selected = name;
    app.ui.targets = choices;
    app.ui.choices = choices;
    render();
    const card = topCard(game, name);
    announce(t("pickFoundation", { card: card ? cardSign(card) : "", piles: choices.map(pileWords).join(", ") }), "info", { keep: true });
    return;
  }
  render();
  const card = topCard(game, name);
  const text = t("noFoundationMove", { card: card ? cardSign(card) : pileWords(name) });
  announce(text, "error", { show: !app.piles[name] });  // said aloud; shown once, beside the card
  showNote(app.piles[name], text);
}

/** Play the finishing line: every remaining card home, one visible move at a time. */
export async function finish() {
  const g = app.guidance;
  if (!app.game || !g || !g.finish || !g.finish.length) return;
  const id = app.game.id;
  for (const move of g.finish) {
    if (!app.game || app.game.id !== id || app.game.won) break;
    await playQuiet(move);
    await pause(AUTO_DELAY / 2);
  }
}

/** One move of a line the page plays itself (finish): no auto-play after it, won game celebrated. */
function playQuiet(move) {
  return serial(async () => {
    const before = app.game;
    const { path, start } = moveStart(move, before.layout);
    try {
      const game = await api("POST", `/api/games/${before.id}/moves`, { move });
      setGame(game, { arrived: path ? path[1] : null });
      if (start) slide(path[1], start);
      sound("move");
      if (game.won) { sound("win"); await celebrate(); }
    } catch (err) { failed(err); }
  });
}

async function checkVerdict() {
  const id = app.game.id, count = app.game.moves.length;
  try {
    const answer = await api("GET", `/api/games/${id}/hint?budget=1&count=0`);
    if (app.game.id !== id || app.game.moves.length !== count) return;
    showVerdict(answer.verdict);
  } catch (err) { /* a verdict is a comfort: stay quiet */ }
}

export function showVerdict(verdict) {
  $("verdict").dataset.verdict = verdict;  // re-worded when the language changes (verdict.js)
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
    const { path, start } = action === "restart" ? { path: null, start: null }
      : moveStart(move, game.layout, { reverse: action === "undo" });
    try {
      const next = await api("POST", `/api/games/${game.id}/${action}`);
      clearStaleError();
      setGame(next);
      if (start) slide(path[1], start);
      sound("move");
      if (action === "restart") announce(t("restarted"));
      else announce(t(action === "undo" ? "undone" : "redone",
        { move: describeMove(action === "undo" ? next : game, move) }));
      if (app.settings.checkVerdict && !next.won && !next.lost) checkVerdict();
      loadGuidance();
    } catch (err) {
      failed(err);
    }
  });
}

export const undo = () => step("undo");
export const redo = () => step("redo");
export const restart = () => step("restart");

/** Take back moves until `count` are left (the analysis' "go back to that point"): undoable, redoable. */
export function undoTo(count) {
  return serial(async () => {
    let game = app.game;
    try {
      while (game && game.moves.length > count) {
        game = await api("POST", `/api/games/${game.id}/undo`);
        setGame(game);
      }
      announce(t("backTo", { n: count }));
      loadGuidance();
    } catch (err) { failed(err); }
  });
}

/** The hint's advice: enough drawn orders for a chance worth saying, as quick as the solver's hint. */
const HINT_ADVICE = "samples=16&budget=2&count=1";

/** A fair hint: the move advised from what the player can see (GET .../advice), with its win chance,
 * lit on the table. The table stays playable meanwhile and a stale answer is dropped. */
export async function hint() {
  const game = app.game;
  if (!game || game.won || game.lost || app.hinting || app.replay) return;
  const answer = await askHelp(game, `/api/games/${game.id}/advice?${HINT_ADVICE}`);
  if (!answer) return;
  if (answer.win_chance !== null && answer.win_chance !== undefined && answer.samples) showChance(game, answer);
  const move = answer.move;
  if (!move) { announce(t("hintNoAdvice")); return; }
  const text = adviseMove(game, move);
  const words = answer.how === "forced" ? t("hintForced", { text }) : answer.how === "safe" ? t("hintSafe", { text })
    : answer.samples && answer.unknown >= answer.samples ? t("hintUndecided", { text })
    : answer.unknown > 0  // undecided orders count as lost: the chance is a lower bound
      ? t("hintChanceAtLeast", { text, pct: percent(answer.win_chance), u: answer.unknown, n: answer.samples })
      : t("hintChance", { text, pct: percent(answer.win_chance) });
  lightMove(game, move, words);
}

/** A peek: the solver's hint, which reads the whole deal (GET .../hint, counted as a peek), with
 * its verdict on the position. */
export async function peek() {
  const game = app.game;
  if (!game || game.won || game.lost || app.hinting || app.replay) return;
  const answer = await askHelp(game, `/api/games/${game.id}/hint`);
  if (!answer) return;
  showVerdict(answer.verdict);
  if (!answer.move) { announce(t(answer.verdict === "lost" ? "peekLost" : "peekNone")); return; }
  lightMove(game, answer.move, t("peekSays", { text: adviseMove(game, answer.move) }));
}

/** Ask for help about the position on the table; the answer, or null when it failed or came too late. */
async function askHelp(game, url) {
  app.hinting = true;
  render();
  announce(t("thinking"), "info", { keep: true });
  try {
    const answer = await api("GET", url);
    if (app.game.id !== game.id || app.game.moves.length !== game.moves.length) { announce(t("hintStale")); return null; }
    return answer;
  } catch (err) {
    if (!(err.data && err.data.code === "superseded")) failed(err);
    return null;
  } finally {
    app.hinting = false;
    render();
  }
}

function lightMove(game, move, words) {
  app.ui.hint = movePath(move, game.layout) || ["s"];
  announce(words, "info", { keep: true });
  render();
}

/** A win chance (0..1) as a whole percentage. */
export function percent(chance) { return Math.round(100 * chance); }

/** Start a game; confirm first when an unfinished game with moves would be left behind. */
export async function newGame(gameId, variant, deal, { confirmLeave = true, daily = false } = {}) {
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
    if (daily) body.daily = true;
    if (app.settings.winnableOnly && body.deal === undefined && !daily) body.winnable = true;
    const difficulty = app.settings.newDifficulty;
    if (body.deal === undefined && !daily && difficulty && difficulty !== "any") {
      const words = t(`pick_${difficulty}`);
      announce(t("picking", { difficulty: words }), "info", { keep: true });
      const query = new URLSearchParams({ game: gameId, difficulty, ...(variant ? { variant } : {}) });
      const picked = await api("GET", `/api/pick?${query}`).catch(() => null);
      if (picked && picked.deal !== null && picked.deal !== undefined) {
        body.deal = String(picked.deal);
        delete body.winnable;
      } else announce(t("pickNone", { difficulty: words }), "info");
    }
    try {
      const game = await api("POST", "/api/games", body);
      $("verdict").hidden = true;
      setGame(game);
      sound("deal");
      announce(`${gameName(game.game)}, ${t("deal")} ${game.deal_text}`);
      loadGuidance();
      showDealVerdict();
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

/** A finger, not a mouse, is the main pointer: the page speaks of taps and shows no key letters. */
export function touchScreen() {
  return matchMedia("(pointer: coarse)").matches;
}

/** The first visit: a card above the table that says what the goal is, until the player closes it. */
export function firstVisit() {
  if (localStorage.getItem(SEEN_KEY)) return;
  const game = app.game ? app.game.game : "british-square";
  const how = (touchScreen() ? "howTouch" : "howMouse") + (game === "precedence" ? "Waste" : "");
  $("welcome-text").textContent = `${t(`goal_${game.replace("-", "_")}`)} ${t(how)}`;
  $("welcome").hidden = false;
  render();
  $("welcome-close").addEventListener("click", () => {
    localStorage.setItem(SEEN_KEY, "1");
    $("welcome").hidden = true;
    render();
  }, { once: true });
}
