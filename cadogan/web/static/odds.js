// The variant picker tells the truth about odds, the player's first: how often a strong player who
// cannot see the stock wins (the blind player's survey), then how many deals can be won with the
// stock in view (the solver's survey). odds.json is made by `cadogan survey odds` from data/survey.

import { $, app } from "./state.js";
import { t, variantName } from "./i18n.js";

let odds = null;

export async function loadOdds() {
  try {
    const response = await fetch("/static/odds.json");
    odds = (await response.json()).odds;
  } catch (err) { odds = null; }
}

/** {won, deals, share} of a variant, or null when the survey has no figure. */
export function variantOdds(gameId, variant) {
  const row = odds && odds[gameId] && odds[gameId][variant];
  return row ? { ...row, share: row.won / row.deals } : null;
}

/** A share as a whole percentage, "<1" for a small one that is not none. */
function percent(won, deals) {
  const share = (100 * won) / deals;
  return won > 0 && share < 1 ? "<1" : String(Math.round(share));
}

/** "a strong player … wins about 62 % (…); 9,885 of 10,000 deals winnable with the stock in view: …". */
export function oddsText(gameId, variant) {
  const o = variantOdds(gameId, variant);
  if (!o) return "";
  const words = o.share < 0.02 ? t("oddsNever") : o.share < 0.5 ? t("oddsHard") : o.share < 0.95 ? t("oddsOften") : t("oddsAlmostAlways");
  const player = playerWords(o);
  let text = `${player}; ${t("oddsLine", { won: o.won.toLocaleString(), deals: o.deals.toLocaleString(), words })}`;
  if (o.share < 0.02) {
    const better = Object.keys(odds[gameId]).find((v) => v !== variant && variantOdds(gameId, v).share > 0.5);
    if (better) text += ` — ${t("oddsTry", { variant: variantName(gameId, better) })}`;
  }
  if (o.unknown > o.won) text += ` (${t("oddsUndecided", { n: o.unknown.toLocaleString() })})`;
  return text;
}

/** What the blind player's survey says. Where it won nothing of a variant the solver often wins
 * (Square `free`), that is a limit of Cadogan's player, not a strong player's odds: said so. */
function playerWords(o) {
  if (!o.blind) return t("oddsPlayerUnknown");
  const deals = o.blind.deals.toLocaleString();
  if (o.blind.won === 0 && o.share >= 0.02) return t("oddsPlayerNone", { deals });
  return t("oddsPlayer", { pct: percent(o.blind.won, o.blind.deals), deals });
}

export function fillVariantOdds() {
  const game = app.game;
  const box = $("variant-odds");
  if (!game || !box) return;
  box.textContent = oddsText(game.game, game.variant);
  box.classList.toggle("warn", neverWon(game.game, game.variant));  // a warning stays in view on a phone
  for (const option of $("variant-select").options) {
    option.title = oddsText(game.game, option.value);
    const name = variantName(game.game, option.value);
    option.textContent = neverWon(game.game, option.value) ? t("neverWonMark", { variant: name }) : name;
  }
}

/** A variant the survey almost never saw won (British Square `columns`: 0 of 10,000): flagged in the picker. */
export function neverWon(gameId, variant) {
  const o = variantOdds(gameId, variant);
  return !!o && o.share < 0.02;
}
