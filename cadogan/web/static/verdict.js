// The deal's verdict in the header: GET /api/games/{id}/verdict →
// {verdict: "winnable"|"lost"|"undecided", difficulty?, source?}; hidden by a setting, silent when absent.
// The badges keep what they say as data (the verdict, the difficulty), so a language switch re-words
// them at once; the end of a game reads the deal's verdict from here, so the two never contradict.

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
    setDealVerdict(game.id, answer.verdict, answer.difficulty);
  } catch (err) { /* the server may not know verdicts yet */ }
}

/** Show (and remember for game `id`) the deal's verdict: "winnable" (with a difficulty), "lost", or undecided. */
export function setDealVerdict(id, verdict, difficulty = null) {
  app.dealVerdict = { id, verdict, difficulty };
  if (!app.settings.showVerdict) return;
  const box = $("deal-verdict");
  box.dataset.verdict = verdict;
  box.dataset.difficulty = verdict === "winnable" && difficulty && difficulty !== "unknown" ? difficulty : "";
  box.className = `deal-verdict ${verdict}`;
  box.hidden = false;
  retextVerdicts();
}

/** The deal's verdict known for the game on the table: "winnable" or "lost", else null. */
export function knownDealVerdict(game) {
  const known = app.dealVerdict;
  return known && game && known.id === game.id && ["winnable", "lost"].includes(known.verdict) ? known.verdict : null;
}

/** Word both badges (the deal's verdict, the position's) in the current language. */
export function retextVerdicts() {
  const box = $("deal-verdict");
  if (box.dataset.verdict) {
    const parts = [t(`dealIs_${box.dataset.verdict}`)];
    if (box.dataset.difficulty) parts.push(t(`difficulty_${box.dataset.difficulty}`));
    box.textContent = parts.join(" · ");
  }
  const verdict = $("verdict");
  if (verdict.dataset.verdict) verdict.textContent = t(`verdict_${verdict.dataset.verdict}`);
}
