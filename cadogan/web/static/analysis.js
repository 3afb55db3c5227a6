// "Where did it go wrong?": GET /api/games/{id}/analysis (SPEC: result, last_winnable,
// losing_move, line). The viewer opens on the position before the losing move, that move marked on the
// table; from there it steps through the winning continuation, or takes the game back (undo moves).

import { $, app } from "./state.js";
import { api } from "./api.js";
import { t } from "./i18n.js";
import { announce, failed } from "./messages.js";
import { adviseMove } from "./moves.js";
import { openReplay } from "./replay.js";
import { render } from "./view.js";

/** Ask the server where the game went wrong and show the answer on the table. */
export async function whereWrong() {
  const game = app.game;
  if (!game || app.replay || app.analysing) return;
  app.analysing = true;
  $("analysis").setAttribute("aria-busy", "true");
  announce(t("analysing"), "info", { keep: true });
  let answer;
  try {
    answer = await api("GET", `/api/games/${game.id}/analysis`);
  } catch (err) {
    if (err.status === 404 && !(err.data && err.data.code === "unknown-game-id")) announce(t("analysisMissing"), "error");
    else failed(err);
    return;
  } finally {
    app.analysing = false;
    $("analysis").removeAttribute("aria-busy");
  }
  if (!app.game || app.game.id !== game.id || app.game.moves.length !== game.moves.length) return;
  await showAnalysis(game, answer);
}

async function showAnalysis(game, answer) {
  if (answer.result === "never-winnable") { announce(t("analysisNever"), "info", { keep: true }); return; }
  if (answer.result === "unknown") { announce(t("analysisUnknown"), "info", { keep: true }); return; }
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
