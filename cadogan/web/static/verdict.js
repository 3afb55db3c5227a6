// The deal's verdict in the header (issue 19 item 4): GET /api/games/{id}/verdict →
// {verdict: "winnable"|"lost"|"undecided", difficulty?, source?}; hidden by a setting, silent when absent.

import { $, app } from "./state.js";
import { api } from "./api.js";
import { t } from "./i18n.js";

export async function showDealVerdict() {
  const box = $("deal-verdict");
  const game = app.game;
  box.hidden = true;
  if (!game || !app.settings.showVerdict) return;
  try {
    const answer = await api("GET", `/api/games/${game.id}/verdict`);
    if (app.game !== game && (!app.game || app.game.id !== game.id)) return;
    const parts = [t(`dealIs_${answer.verdict}`)];
    if (answer.verdict === "winnable" && answer.difficulty && answer.difficulty !== "unknown") {
      parts.push(t(`difficulty_${answer.difficulty}`));
    }
    box.textContent = parts.join(" · ");
    box.className = `deal-verdict ${answer.verdict}`;
    box.hidden = false;
  } catch (err) { /* the server may not know verdicts yet */ }
}
