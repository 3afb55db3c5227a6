// The end of a game: the win celebration, "no moves left" with the solver's verdict on the deal and
// the offer to find where it went wrong, the game's review (won or lost), and the dialog that leads
// to the next game (or to watching this one again, sharing its result, and the achievements it earned).

import { $, app } from "./state.js";
import { api } from "./api.js";
import { t } from "./i18n.js";
import { announce } from "./messages.js";
import { clockSeconds, formatTime } from "./view.js";
import { fitStatsTable, statsTable } from "./stats.js";
import { newGame, undo } from "./actions.js";
import { showSolution, watchGame } from "./replay.js";
import { checkAchievements } from "./achievements.js";
import { openShare, summaryOfGame } from "./results.js";
import { whereWrong } from "./analysis.js";
import { knownDealVerdict } from "./verdict.js";
import { openReview } from "./review.js";

export async function celebrate() {
  const game = app.game;
  $("end-title").textContent = t("wonTitle");
  $("end-text").textContent = t("wonText", { deal: game.deal_text, moves: t("movesCount", { n: game.moves.length }), time: formatTime(game.elapsed) });
  $("end-verdict").textContent = "";
  $("end-undo").hidden = true;
  $("end-solution").hidden = true;
  $("end-analysis").hidden = true;
  announce(t("wonTitle"));
  if (app.settings.animations && !matchMedia("(prefers-reduced-motion: reduce)").matches) confetti();
  await fillEndStats();
  openEnd();
  fitStatsTable($("end-stats"));
  checkAchievements();
}

export async function stuck() {
  const game = app.game;
  $("end-title").textContent = t("stuckTitle");
  $("end-text").textContent = t("stuckText");
  $("end-undo").hidden = false;
  $("end-solution").hidden = false;
  $("end-analysis").hidden = false;
  $("end-verdict").textContent = t("deal_checking");
  announce(t("stuckTitle"));
  fillEndStats().then(() => fitStatsTable($("end-stats")));
  openEnd();
  checkAchievements();
  const known = knownDealVerdict(game);  // the header's verdict: the end must not contradict it
  if (known) { $("end-verdict").textContent = t(`deal_${known}`); return; }
  const budget = 5;
  try {
    const answer = await api("GET", `/api/games/${game.id}/verdict?budget=${budget}`);  // as the header's (verdict.js)
    $("end-verdict").textContent = t(`deal_${answer.verdict === "undecided" ? "unknown" : answer.verdict}`, { s: budget });
  } catch (err) {
    $("end-verdict").textContent = t("deal_unknown", { s: budget });
  }
}

function openEnd() {
  const dialog = $("end-dialog");
  if (dialog.open) return;
  dialog.returnValue = "";
  $("end-awards").hidden = true;  // filled by checkAchievements when this game earned one
  const game = app.game, shared = summaryOfGame(game, game.won ? game.elapsed : clockSeconds());
  $("end-share").onclick = () => openShare(shared);
  dialog.addEventListener("close", () => {
    const game = app.game;
    const choice = dialog.returnValue;
    if (choice === "new") newGame(game.game, game.variant, null, { confirmLeave: false });
    else if (choice === "same") newGame(game.game, game.variant, game.deal_text, { confirmLeave: false });
    else if (choice === "undo") undo();
    else if (choice === "solution") showSolution();
    else if (choice === "analysis") whereWrong();
    else if (choice === "replay") watchGame({ id: game.id, moves: game.moves.length });
    else if (choice === "review") openReview();
  }, { once: true });
  dialog.showModal();
}

async function fillEndStats() {
  const game = app.game;
  try {
    const rows = await api("GET", "/api/stats");
    $("end-stats").innerHTML = statsTable(rows.filter((r) => r.game === game.game && r.variant === game.variant));
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
