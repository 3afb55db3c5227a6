// "Where did it go wrong?": GET /api/games/{id}/analysis (SPEC: result, last_winnable,
// losing_move, line). The viewer opens on the position before the losing move, that move marked on the
// table; from there it steps through the winning continuation, or takes the game back (undo moves).
// An undecided answer is never the last word: asking again searches longer (10, 30, then 60 s, the
// server's most), as the server keeps an undecided answer only for the budget it was searched with.

import { $, app } from "./state.js";
import { api } from "./api.js";
import { t } from "./i18n.js";
import { announce, failed } from "./messages.js";
import { adviseMove } from "./moves.js";
import { openReplay } from "./replay.js";
import { render } from "./view.js";

const BUDGETS = [10, 30, 60];  // seconds of each try; the last is the server's most
const tried = { key: null, budget: 0 };  // the longest try that left this game's moves undecided

/** Ask the server where the game went wrong and show the answer on the table. */
export async function whereWrong() {
  const game = app.game;
  if (!game || app.replay || app.analysing) return;
  const key = `${game.id}:${game.moves.join(" ")}`;
  const budget = BUDGETS.find((s) => tried.key !== key || s > tried.budget) ?? BUDGETS[BUDGETS.length - 1];
  app.analysing = true;
  $("analysis").setAttribute("aria-busy", "true");
  announce(t("analysing"), "info", { keep: true });
  let answer;
  try {
    answer = await api("GET", `/api/games/${game.id}/analysis?budget=${budget}`);
  } catch (err) {
    if (err.status === 404 && !(err.data && err.data.code === "unknown-game-id")) announce(t("analysisMissing"), "error");
    else failed(err);
    return;
  } finally {
    app.analysing = false;
    $("analysis").removeAttribute("aria-busy");
  }
  if (!app.game || app.game.id !== game.id || app.game.moves.length !== game.moves.length) return;
  if (answer.result === "unknown") {
    Object.assign(tried, { key, budget });
    const next = BUDGETS.find((s) => s > budget);
    announce(next ? t("analysisLonger", { s: budget, next }) : t("analysisUnknown"), "info", { keep: true });
    return;
  }
  await showAnalysis(game, answer);
}

async function showAnalysis(game, answer) {
  if (answer.result === "never-winnable") { announce(t("analysisNever"), "info", { keep: true }); return; }
  const k = answer.result === "winnable" ? game.moves.length : answer.last_winnable;
  const line = answer.line || [];
  await openReplay({ id: game.id, n: line.length, from: k, line, title: t("analysisTitle"),
                     mark: answer.result === "went-wrong" ? answer.losing_move : null });
  app.replay.takeBack = k < game.moves.length ? k : null;
  const r = app.replay;
  if (answer.result === "went-wrong") {
    const text = t("analysisWrong", { n: k + 1, move: adviseMove(r.view, answer.losing_move) });
    $("replay-note").textContent = text;
    announce(text, "info", { show: false });
  } else {
    $("replay-note").textContent = t("analysisWinnable");
  }
  render();
}
