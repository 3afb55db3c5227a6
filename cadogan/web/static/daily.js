// The daily deal's dialog: today's deal to play (deal YYYYMMDD, the same in every game), the streak of
// days won, and a calendar of the month (GET /api/daily/history?month=YYYY-MM): each day won, won
// later, played and not won, or not played, by a mark and in words. A day opens its own list of games
// (watch one again, share its result) and its deal, played late. Arrow keys move between the days,
// Page Up and Page Down between months.

import { $, app } from "./state.js";
import { api } from "./api.js";
import { gameName, getLang, t, variantName } from "./i18n.js";
import { announce } from "./messages.js";
import { newGame } from "./actions.js";
import { watchGame } from "./replay.js";
import { localToday, longDate, openShare, resultLine } from "./results.js";

const FIRST_MONTH = "2000-01";  // the server's first day with a daily deal is 2000-01-01
const MARKS = { won: "✓", "won-late": "✓", played: "○", none: "" };
const STATUS_WORDS = { won: "day_won", "won-late": "day_wonLate", played: "day_played", none: "day_none" };

const cal = { answers: new Map(), shown: null, selected: null, today: null, failed: null };

const monthOf = (iso) => iso.slice(0, 7);
const isoOf = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
const dateOf = (iso) => { const [y, m, d] = iso.split("-").map(Number); return new Date(y, m - 1, d); };
const addDays = (iso, n) => { const d = dateOf(iso); d.setDate(d.getDate() + n); return isoOf(d); };
function addMonths(iso, n) {
  const d = dateOf(iso);
  const last = new Date(d.getFullYear(), d.getMonth() + n + 1, 0).getDate();  // 31 March less a month: 29 February
  return isoOf(new Date(d.getFullYear(), d.getMonth() + n, Math.min(d.getDate(), last)));
}
const clampDay = (iso) => (iso < `${FIRST_MONTH}-01` ? `${FIRST_MONTH}-01` : iso > cal.today ? cal.today : iso);

/** Open the dialog on this month, today chosen. */
export async function showDaily() {
  fillGames();
  cal.answers.clear();
  cal.failed = null;
  cal.today = localToday();
  try {
    const answer = await loadMonth(null);
    cal.today = answer.today;
  } catch (err) {
    cal.failed = err.message;  // the server does not answer: today's deal can still be asked for
  }
  cal.selected = cal.today;
  cal.shown = monthOf(cal.today);
  render();
  const dialog = $("daily-dialog");
  if (!dialog.open) dialog.showModal();
  $("daily-play").focus();
  dialog.scrollTop = 0;
}

async function loadMonth(month) {
  if (month && cal.answers.has(month)) return cal.answers.get(month);
  const answer = await api("GET", `/api/daily/history${month ? `?month=${month}` : ""}`);
  cal.answers.set(answer.month, answer);
  return answer;
}

/** The game and variant to play the daily deal in: the one on the table, or the last chosen. */
function fillGames() {
  const select = $("daily-game");
  const chosen = select.value || (app.game ? `${app.game.game}/${app.game.variant}` : "");
  select.innerHTML = "";
  for (const entry of app.catalogue) {
    for (const variant of entry.variants) {
      const value = `${entry.game}/${variant}`;
      select.add(new Option(`${gameName(entry.game)} · ${variantName(entry.game, variant)}`, value, false, value === chosen));
    }
  }
}

function render() {
  const answer = cal.answers.get(cal.shown) || null;
  const latest = cal.answers.get(monthOf(cal.today)) || answer;
  $("daily-today").textContent = t("dailyToday", { date: longDate(cal.today), deal: cal.today.replaceAll("-", "") });
  renderStreak(latest);
  $("daily-play").textContent = t("dailyPlayToday");
  const [y, m] = cal.shown.split("-").map(Number);
  const title = new Intl.DateTimeFormat(getLang() === "ru" ? "ru-RU" : "en-GB", { month: "long", year: "numeric" })
    .format(new Date(y, m - 1, 1));
  $("cal-month").textContent = title.charAt(0).toUpperCase() + title.slice(1);
  $("cal-prev").disabled = cal.shown <= FIRST_MONTH;
  $("cal-next").disabled = cal.shown >= monthOf(cal.today);
  renderWeekdays();
  renderGrid(answer);
  renderDay();
}

function renderStreak(answer) {
  const box = $("daily-streak");
  if (!answer) { box.textContent = cal.failed || ""; return; }
  const { current, best } = answer.streak;
  const bestText = best ? ` · ${t("dailyBest", { n: best })}` : "";
  box.textContent = current ? `${t("dailyStreak", { n: current })}${bestText}` : `${t("dailyNoStreak")}${bestText}`;
}

function renderWeekdays() {
  const row = $("cal-weekdays");
  row.innerHTML = "";
  const locale = getLang() === "ru" ? "ru-RU" : "en-GB";
  for (let i = 0; i < 7; i++) {
    const day = new Date(2024, 0, 1 + i);  // 1 January 2024 was a Monday: weeks start on Monday
    const th = document.createElement("th");
    th.scope = "col";
    th.abbr = new Intl.DateTimeFormat(locale, { weekday: "long" }).format(day);
    th.textContent = new Intl.DateTimeFormat(locale, { weekday: "short" }).format(day);
    row.append(th);
  }
}

function renderGrid(answer) {
  const body = $("cal-body");
  body.innerHTML = "";
  if (!answer) {
    const row = body.insertRow();
    const cell = row.insertCell();
    cell.colSpan = 7;
    cell.className = "cal-failed";
    cell.textContent = cal.failed || "";
    return;
  }
  const days = answer.days;
  const lead = (dateOf(days[0].date).getDay() + 6) % 7;
  const focusable = days.some((d) => d.date === cal.selected) ? cal.selected
    : days.some((d) => d.date === cal.today) ? cal.today : days[0].date;
  let row = body.insertRow();
  for (let i = 0; i < lead; i++) row.insertCell();
  for (const day of days) {
    if (row.cells.length === 7) row = body.insertRow();
    row.insertCell().append(dayButton(day, day.date === focusable));
  }
  while (row.cells.length < 7) row.insertCell();
}

function dayButton(day, focusable) {
  const future = day.date > cal.today;
  const status = future ? "future" : day.status;
  const button = document.createElement("button");
  button.type = "button";
  button.className = `day s-${status}`;
  button.dataset.date = day.date;
  button.disabled = future;
  button.tabIndex = focusable ? 0 : -1;
  button.setAttribute("aria-pressed", String(day.date === cal.selected));
  if (day.date === cal.today) button.setAttribute("aria-current", "date");
  const number = document.createElement("span");
  number.className = "dn";
  number.setAttribute("aria-hidden", "true");
  number.textContent = String(Number(day.date.slice(8)));
  const mark = document.createElement("span");
  mark.className = "mark";
  mark.setAttribute("aria-hidden", "true");
  mark.textContent = future ? "" : MARKS[day.status];
  const words = document.createElement("span");
  words.className = "sr-only";
  words.textContent = `${longDate(day.date)}: ${t(future ? "day_future" : STATUS_WORDS[day.status])}`
    + (day.date === cal.today ? ` (${t("calToday")})` : "");
  button.append(number, mark, words);
  return button;
}

/** The chosen day: its deal, its games (watch, share) and, for a past day, its deal to play late. */
function renderDay() {
  const box = $("cal-day");
  box.innerHTML = "";
  const answer = cal.answers.get(monthOf(cal.selected));
  const day = answer && answer.days.find((d) => d.date === cal.selected);
  if (!day) return;
  const head = document.createElement("h3");
  head.textContent = t("dayDeal", { date: longDate(day.date, { weekday: true }), deal: day.deal });
  const status = document.createElement("p");
  status.className = `day-status s-${day.status}`;
  status.textContent = `${MARKS[day.status]} ${t(STATUS_WORDS[day.status])}`.trim();
  box.append(head, status);
  if (day.games.length) {
    const list = document.createElement("ul");
    list.className = "game-list";
    for (const game of day.games) list.append(gameItem(game, () => $("daily-dialog").close()));
    box.append(list);
  } else {
    const none = document.createElement("p");
    none.textContent = t("dayNoGames");
    box.append(none);
  }
  if (day.date < cal.today) {
    const play = document.createElement("button");
    play.type = "button";
    play.id = "cal-play-day";
    play.textContent = t("dailyPlayDay", { date: longDate(day.date, { year: false }) });
    play.addEventListener("click", () => playDay(day.date));
    const note = document.createElement("p");
    note.className = "small";
    note.textContent = t("dailyLateNote");
    box.append(play, note);
  }
}

/** A game in a list: how it went (after `prefix`), and Watch (when it is over) and Share. `leave`
 * closes the list's dialog before the replay. */
export function gameItem(game, leave, prefix = "") {
  const item = document.createElement("li");
  item.dataset.game = game.id;
  const words = document.createElement("span");
  words.className = "game-words";
  words.textContent = prefix + resultLine(game);
  item.append(words);
  const buttons = document.createElement("span");
  buttons.className = "game-buttons";
  if (game.replay) {
    const watch = document.createElement("button");
    watch.type = "button";
    watch.className = "watch";
    watch.textContent = t("watch");
    watch.addEventListener("click", () => { leave(); watchGame({ id: game.id, moves: game.moves }); });
    buttons.append(watch);
  }
  if (game.outcome !== "playing") {
    const share = document.createElement("button");
    share.type = "button";
    share.className = "share";
    share.textContent = t("share");
    share.addEventListener("click", () => openShare(game));
    buttons.append(share);
  }
  item.append(buttons);
  return item;
}

async function showMonth(month, focusDay = null) {
  try {
    await loadMonth(month);
  } catch (err) {
    announce(err.message, "error");
    return;
  }
  cal.shown = month;
  if (focusDay) cal.selected = focusDay;
  render();
  if (focusDay) $("cal-body").querySelector(`[data-date="${focusDay}"]`).focus();
}

async function selectDay(iso) {
  const day = clampDay(iso);
  if (monthOf(day) !== cal.shown || !cal.answers.has(monthOf(day))) return showMonth(monthOf(day), day);
  cal.selected = day;
  render();
  $("cal-body").querySelector(`[data-date="${day}"]`).focus();
}

function onGridKey(event) {
  const button = event.target.closest("button.day");
  if (!button || event.altKey || event.ctrlKey || event.metaKey) return;
  const iso = button.dataset.date;
  const weekday = (dateOf(iso).getDay() + 6) % 7;
  const moves = {
    ArrowLeft: () => addDays(iso, -1), ArrowRight: () => addDays(iso, 1), ArrowUp: () => addDays(iso, -7),
    ArrowDown: () => addDays(iso, 7), Home: () => addDays(iso, -weekday), End: () => addDays(iso, 6 - weekday),
    PageUp: () => addMonths(iso, -1), PageDown: () => addMonths(iso, 1),
  };
  if (!moves[event.key]) return;
  event.preventDefault();
  selectDay(moves[event.key]());
}

/** Play the daily deal of `iso` in the game and variant chosen (a past day's is played late). */
async function playDay(iso) {
  const [gameId, variant] = $("daily-game").value.split("/");
  const deal = iso.replaceAll("-", "");
  $("daily-dialog").close();
  const game = app.game;
  if (game && game.daily && game.deal_text === deal && game.game === gameId && game.variant === variant && !game.won && !game.lost) {
    announce(t("dailyPlaying"));
    return;
  }
  await newGame(gameId, variant, deal, { daily: true });
}

/** The dialog's controls. */
export function bindDaily() {
  $("daily-play").addEventListener("click", () => playDay(cal.today));
  $("cal-prev").addEventListener("click", () => showMonth(monthOf(addMonths(`${cal.shown}-01`, -1))));
  $("cal-next").addEventListener("click", () => showMonth(monthOf(addMonths(`${cal.shown}-01`, 1))));
  $("cal-body").addEventListener("click", (event) => {
    const button = event.target.closest("button.day");
    if (button && !button.disabled) selectDay(button.dataset.date);
  });
  $("cal-body").addEventListener("keydown", onGridKey);
}
