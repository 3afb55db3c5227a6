// The browser game: talks to the HTTP API of SPEC.md only, and never decides what is legal.
// This module starts the page: routing (#/game/variant/deal), the controls, the keyboard summary.
// The rest lives in modules: api, state, view (drawing), board, input, actions (moves, hints, guidance),
// replay (solution viewer), analysis, review (the game review), meter (the win chance), endgame, stats,
// settings, odds, verdict, sound, i18n, daily (the daily deal's calendar), achievements, results
// (sharing a result), history (finished games).

import { $, app } from "./state.js";
import { api } from "./api.js";
import { SUIT_SYMBOLS } from "./cards.js";
import { gameName, getLang, pickLang, setLang, t } from "./i18n.js";
import { attachInput } from "./input.js";
import { announce } from "./messages.js";
import { finish, firstVisit, hint, loadGuidance, newGame, peek, play, redo, restart, sendHome, undo, undoTo } from "./actions.js";
import { closeReplay, replayGo, replayKeys, setReplaySpeed, showSolution, toggleAuto } from "./replay.js";
import { whereWrong } from "./analysis.js";
import { meterAfterChange } from "./meter.js";
import { bindReview, openReview } from "./review.js";
import { showStats } from "./stats.js";
import { applySettings, bindSettings, loadSettings, showRules, switchLanguage } from "./settings.js";
import { pauseClock, render, setGame, shareHash, tick } from "./view.js";
import { showDealVerdict } from "./verdict.js";
import { fillVariantOdds, loadOdds } from "./odds.js";
import { bindDaily, showDaily } from "./daily.js";
import { bindAchievements, showAchievements } from "./achievements.js";

// --- routing: #/game/variant/deal -----------------------------------------------------------------
function parseHash() {
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (!parts.length) return null;
  return { game: parts[0], variant: parts[1] || null, deal: parts[2] ?? null };
}

async function resumeOrStart() {
  const wanted = parseHash();
  const saved = await app.savedGame;
  const matches = saved && wanted && saved.game === wanted.game && (!wanted.variant || saved.variant === wanted.variant
    || shareHash(saved) === location.hash) && (wanted.deal === null || saved.deal_text === wanted.deal);
  if (saved && (!wanted || matches)) {
    setGame(saved);
    loadGuidance();
    showDealVerdict();
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
    if (deal && (!/^[0-9]{1,20}$/.test(deal) || BigInt(deal) > 18446744073709551615n)) { announce(t("badDeal"), "error"); return; }
    newGame($("game-select").value, $("variant-select").value, deal || null);
  });
  $("game-select").addEventListener("change", () => newGame($("game-select").value, null, null));
  $("variant-select").addEventListener("change", () => newGame($("game-select").value, $("variant-select").value, null));
  const click = (id, action) => $(id).addEventListener("click", action);
  click("new", () => newGame(app.game.game, app.game.variant, null));
  click("daily", () => { closeMenu(); showDaily(); });
  click("achievements", () => { closeMenu(); showAchievements(); });
  bindDaily();
  bindAchievements();
  click("restart", restart);
  click("undo", undo);
  click("redo", redo);
  click("hint", hint);
  click("peek", () => { closeMenu(); peek(); });
  click("review", () => { closeMenu(); openReview(); });
  click("review-chip", () => openReview());
  bindReview();
  click("finish", finish);
  click("solution", showSolution);
  click("analysis", () => { closeMenu(); whereWrong(); });
  click("offline-retry", retryServer);
  click("replay-first", () => replayGo(0));
  click("replay-back", () => app.replay && replayGo(app.replay.target - 1));
  click("replay-forward", () => app.replay && replayGo(app.replay.target + 1));
  click("replay-last", () => app.replay && replayGo(app.replay.n));
  click("replay-play", toggleAuto);
  click("replay-close", closeReplay);
  click("replay-takeback", () => {
    const r = app.replay;
    if (!r || r.takeBack === null || r.takeBack === undefined) return;
    const k = r.takeBack;
    closeReplay();
    undoTo(k);
  });
  $("replay-speed").addEventListener("change", () => setReplaySpeed(Number($("replay-speed").value)));
  window.addEventListener("keydown", replayKeys, true);
  click("stats", () => { closeMenu(); showStats(); });
  click("rules", () => { closeMenu(); showRules(); });
  click("settings", () => { closeMenu(); $("settings-dialog").showModal(); });
  // On a phone the menu is a popup: any action in it closes it (it would cover the solution's buttons).
  $("more").addEventListener("click", (event) => { if (event.target.closest("button")) closeMenu(); });
  click("menu", () => { const m = $("more"); m.hidden = !m.hidden; $("menu").setAttribute("aria-expanded", String(!m.hidden)); });
  click("lang", () => switchLanguage(getLang() === "ru" ? "en" : "ru"));
  $("set-lang").addEventListener("change", () => switchLanguage($("set-lang").value));
  $("share").addEventListener("click", (event) => {
    event.preventDefault();
    const url = location.href;
    if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
    announce(url);
  });
  bindSettings((key) => {
    if (key === "showVerdict") showDealVerdict();
    if (key === "autoPlay") loadGuidance();
    if (key === "winMeter") meterAfterChange();
  });
  window.addEventListener("hashchange", onHashChange);
  window.addEventListener("resize", () => { clearTimeout(app.resizeTimer); app.resizeTimer = setTimeout(render, 80); });
  refitWhenAboveChanges();
  document.addEventListener("visibilitychange", () => { pauseClock(document.hidden); tick(); });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !$("more").hidden) { closeMenu(); $("menu").focus(); }
  });
  document.addEventListener("click", (event) => {
    if (!$("more").hidden && !event.target.closest("#more") && !event.target.closest("#menu")) closeMenu();
  });
  setInterval(tick, 1000);
}

/** The table takes the room below the header, status and bars: when they change height (a font
 * arriving, a line wrapping, a bar opening), the table is planned again. */
function refitWhenAboveChanges() {
  let heights = "";
  const above = ["header", "status", "replay", "welcome"].map((id) => (id === "header" ? document.querySelector("header") : $(id)));
  const observer = new ResizeObserver(() => {
    const now = above.map((el) => el.getBoundingClientRect().height).join();
    if (now === heights) return;
    heights = now;
    requestAnimationFrame(render);
  });
  for (const el of above) observer.observe(el);
  if (document.fonts) document.fonts.ready.then(() => render());
}

/** The server answers again: the page starts afresh on the game in progress (all of it is on the server). */
async function retryServer() {
  $("offline-retry").setAttribute("aria-busy", "true");
  try {
    await api("GET", "/api/games");
    location.reload();
  } catch (err) { /* still down: the bar stays */ } finally { $("offline-retry").removeAttribute("aria-busy"); }
}

function closeMenu() { $("more").hidden = true; $("menu").setAttribute("aria-expanded", "false"); }

async function start() {
  $("suits").innerHTML = SUIT_SYMBOLS;
  loadSettings();
  setLang(pickLang(app.settings.lang));
  switchLanguage(getLang());
  bindControls();
  attachInput($("board"), { app, play, undo, redo, hint, peek, review: openReview, announce, render, summary, sendHome, finish });
  const savedId = localStorage.getItem("cadogan.current");  // asked for at once, beside the catalogue
  app.savedGame = savedId ? api("GET", `/api/games/${encodeURIComponent(savedId)}`).catch(() => null) : Promise.resolve(null);
  try {
    app.catalogue = await api("GET", "/api/games");
  } catch (err) {
    if (err.status !== 0) announce(err.message, "error");  // offline: the bar says it, with a retry
    return;
  }
  const oddsLoaded = loadOdds();  // fetched beside the game, never delaying its first cards
  applySettings();
  await resumeOrStart();
  await oddsLoaded;
  fillVariantOdds();
  document.body.dataset.ready = "1";  // ready: the table drawn and the picker's odds shown
  firstVisit();
}

export function summary() {
  const game = app.replay ? app.replay.view : app.game;
  const pos = game.position;
  const found = pos.foundations.reduce((n, f) => n + f.length, 0);
  const extra = [];
  if (pos.redeals_left !== undefined) extra.push(`${t("redealsLeft")}: ${pos.redeals_left}.`);
  if (pos.phase) extra.push(t(pos.phase === "dealing" ? "phaseDealing" : "phaseBuilding") + ".");
  if (!$("verdict").hidden) extra.push($("verdict").textContent + ".");
  announce(t("summary", { game: gameName(game.game), deal: game.deal_text, moves: t("movesCount", { n: game.moves.length }), found,
    stock: pos.stock.length, extra: extra.join(" ") }));
}

/** Keep the page's files for when the server is stopped (sw.js); a page without it works the same. */
function keepPageOffline() {
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
}

start();
keepPageOffline();
