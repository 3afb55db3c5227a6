// Statistics: the table of GET /api/stats (a table on wide screens, one card per variant on a phone:
// every cell carries its column's name), and the one-line summary under the table.

import { $, app } from "./state.js";
import { api } from "./api.js";
import { gameName, t, variantName } from "./i18n.js";
import { formatTime } from "./view.js";
import { fillHistory } from "./history.js";

const dash = (v) => (v === null || v === undefined ? "—" : v);

/** The columns of the table. */
const COLUMNS = [
  ["played", (r) => r.played], ["won", (r) => r.won], ["winPct", (r) => `${r.win_percent}%`],
  ["streak", (r) => r.current_streak], ["bestStreak", (r) => r.best_streak],
  ["bestTime", (r) => (r.best_time_seconds === null || r.best_time_seconds === undefined ? "—" : formatTime(r.best_time_seconds))],
  ["fewestMoves", (r) => dash(r.fewest_moves)], ["hintsUsed", (r) => dash(r.hints_used)],
  ["peeksUsed", (r) => dash(r.peeks_used)], ["undos", (r) => dash(r.undos_used)],
  ["accuracy", (r) => (r.accuracy_percent === null || r.accuracy_percent === undefined ? "—"
    : `${Math.round(r.accuracy_percent)} % (${r.reviewed})`)],
  ["dailyPlayed", (r) => dash(r.daily.played)],
  ["dailyWon", (r) => dash(r.daily.won)],
];

export function statsTable(rows) {
  if (!rows.length) return `<p>${t("noStats")}</p>`;
  const head = `<th scope="col">${t("game")}</th>` + COLUMNS.map(([k]) => `<th scope="col">${t(k)}</th>`).join("");
  const body = rows.map((r) => {
    const current = app.game && r.game === app.game.game && r.variant === app.game.variant ? ' class="current"' : "";
    const cells = COLUMNS.map(([k, get]) => `<td data-label="${t(k)}">${get(r)}</td>`).join("");
    return `<tr${current}><th scope="row">${gameName(r.game)} · ${variantName(r.game, r.variant)}</th>${cells}</tr>`;
  }).join("");
  return `<table class="stats"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** The accuracy of the latest reviewed games of each variant, under the table ("84 · 71 · 90 %"). */
export function recentReviews(rows) {
  const lines = rows.filter((r) => r.recent_accuracy && r.recent_accuracy.length).map((r) =>
    `<li>${gameName(r.game)} · ${variantName(r.game, r.variant)}: ${r.recent_accuracy.map((a) => Math.round(a)).join(" · ")} %</li>`);
  return lines.length ? `<p class="small">${t("recentAccuracy")}</p><ul class="recent-reviews small">${lines.join("")}</ul>` : "";
}

export async function showStats() {
  try {
    const rows = await api("GET", "/api/stats");
    $("stats-body").innerHTML = statsTable(rows) + recentReviews(rows);
  } catch (err) { $("stats-body").textContent = err.message; }
  $("stats-dialog").showModal();
  fitStatsTable($("stats-body"));
  fillHistory();
}

/** A table wider than its dialog becomes one card per variant (as on a phone): no column is cut. */
export function fitStatsTable(box) {
  const table = box.querySelector("table.stats");
  if (!table) return;
  table.classList.remove("as-cards");
  if (table.scrollWidth > box.clientWidth + 1) table.classList.add("as-cards");
}

export async function refreshStatsLine() {
  const game = app.game;
  if (!game) return;
  let rows = [];
  try { rows = await api("GET", "/api/stats"); } catch (err) { return; }
  const row = rows.find((r) => r.game === game.game && r.variant === game.variant);
  $("stats-line").textContent = row
    ? `${t("played")} ${row.played} · ${t("won")} ${row.won} (${row.win_percent}%) · ${t("streak")} ${row.current_streak}`
      + (row.best_time_seconds === null ? "" : ` · ${t("bestTime")} ${formatTime(row.best_time_seconds)}`)
    : "";
}
