// How a game that is over is told: a line in a list (the calendar's days, the finished games), and
// the result to share — a few lines with no card in them (game, variant, date, won or not, moves,
// time, hints), copied with the Clipboard API (or, where it is missing, by selecting the text and
// the browser's copy command) and sent with navigator.share where the browser has it.

import { $ } from "./state.js";
import { gameName, getLang, t, variantName } from "./i18n.js";
import { formatTime } from "./view.js";

/** A date "2025-01-11" (the server's local date) in words: "11 January 2025" / "11 января 2025 г.". */
export function longDate(iso, { weekday = false, year = true } = {}) {
  const [y, m, d] = iso.split("-").map(Number);
  const options = { day: "numeric", month: "long", ...(year ? { year: "numeric" } : {}), ...(weekday ? { weekday: "long" } : {}) };
  return new Intl.DateTimeFormat(getLang() === "ru" ? "ru-RU" : "en-GB", options).format(new Date(y, m - 1, d));
}

/** Today on this computer as "YYYY-MM-DD" (the server's date is used whenever it answers). */
export function localToday() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** The date whose daily deal is `dealText` (YYYYMMDD) as "YYYY-MM-DD", or null. */
export function dayOfDeal(dealText) {
  const m = /^([0-9]{4})([0-9]{2})([0-9]{2})$/.exec(String(dealText));
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** The summary (as GET /api/history gives) of the game on the table, which is over: for its end dialog. */
export function summaryOfGame(game, seconds) {
  return {
    id: game.id, game: game.game, variant: game.variant, deal_text: game.deal_text, daily: !!game.daily,
    day: game.daily ? dayOfDeal(game.deal_text) : null, outcome: game.won ? "won" : "lost", moves: game.moves.length,
    seconds, hints: game.hints || 0, ended: localToday(), replay: game.won || game.lost,
  };
}

/** "won", "lost", "left unfinished" or "in progress". */
export function outcomeWords(s) {
  if (s.outcome === "lost" && !s.replay) return t("outcome_left");
  return t(`outcome_${s.outcome}`);
}

const hintsWords = (n) => (n ? t("hintsN", { n }) : t("noHints"));
const timeWords = (seconds) => formatTime(seconds ?? 0);

/** "Precedence · king out: won · 294 moves · 4:12 · no hints". */
export function resultLine(s, { withGame = true } = {}) {
  const parts = [outcomeWords(s), t("movesCount", { n: s.moves }), timeWords(s.seconds), hintsWords(s.hints)];
  const what = `${gameName(s.game)} · ${variantName(s.game, s.variant)}`;
  return withGame ? `${what}: ${parts.join(" · ")}` : parts.join(" · ");
}

/** The text to share: no card, nothing that spoils the deal for a friend who plays it next. */
export function resultText(s) {
  const head = `${t("title")} · ${gameName(s.game)} · ${variantName(s.game, s.variant)}`;
  const which = s.daily && s.day ? t("resultDaily", { date: longDate(s.day), deal: s.deal_text })
    : t("resultDeal", { deal: s.deal_text, date: longDate(s.ended || localToday()) });
  const moves = t("movesCount", { n: s.moves });
  const how = t(s.outcome === "won" ? "resultWon" : "resultLost", { moves, time: timeWords(s.seconds) });
  return [head, which, `${how} · ${hintsWords(s.hints)}`].join("\n");
}

let bound = false;

/** The dialog with the result to share: the text as it will be sent, Copy, and Share… where the browser shares. */
export function openShare(s) {
  if (!bound) bindShare();
  $("share-text").textContent = resultText(s);
  $("share-status").textContent = "";
  $("share-send").hidden = typeof navigator.share !== "function";
  const dialog = $("share-dialog");
  if (!dialog.open) dialog.showModal();
  $("share-copy").focus();
}

function bindShare() {
  bound = true;
  $("share-copy").addEventListener("click", async () => {
    const copied = await copyText($("share-text").textContent);
    $("share-status").textContent = t(copied ? "copied" : "copyFailed");
  });
  $("share-send").addEventListener("click", async () => {
    try {
      await navigator.share({ title: t("title"), text: $("share-text").textContent });
    } catch (err) { /* the player closed the share sheet: nothing to say */ }
  });
}

/** Copy `text`: the Clipboard API, else the shown text selected and the browser's copy command; false
 * when neither worked (the text is then left selected for the player to copy). */
export async function copyText(text) {
  if (navigator.clipboard && typeof navigator.clipboard.writeText === "function") {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch (err) { /* refused (no permission): the selection below */ }
  }
  const range = document.createRange();
  range.selectNodeContents($("share-text"));
  const selection = getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  try {
    return document.execCommand("copy");
  } catch (err) {
    return false;
  }
}
