// Moves as the player sees them: which piles a move takes a card from and to (written once, used by
// play, undo, redo, the replay and the analysis), and a move in words naming visible cards and piles.

import { cardName, cardSign, pileName, t } from "./i18n.js";

/**
 * The piles a move takes a card from and to ([src, dst]), or null for a move of many cards.
 * With `reverse` (an undo), the path runs back.
 */
export function movePath(move, layout, { reverse = false } = {}) {
  let path = null;
  if (move && move.includes(">")) path = move.split(">");
  else if (move === "deal" && layout.has_waste) path = ["s", "w"];
  return path && reverse ? [path[1], path[0]] : path;
}

/** "Stock", "Waste", "Foundation 3", "Pile 7": the names printed under the piles. */
export const pileWords = pileName;

/** The cards of pile `name` in a position. */
export function pileCards(position, name) {
  if (name === "s") return position.stock;
  if (name === "w") return position.waste;
  const n = Number(name.slice(1)) - 1;
  return name[0] === "f" ? position.foundations[n] : position.tableau[n];
}

/** How the player's view writes a card not seen yet (the stock's face-down cards). */
export const UNSEEN = "??";

/** The card that would move from pile `name` (the stock's next card), or null (also when it is unseen). */
export function topCard(game, name) {
  const pile = pileCards(game.position, name);
  if (!pile || !pile.length) return null;
  const card = name === "s" ? pile[0] : pile[pile.length - 1];
  return card === UNSEEN ? null : card;
}

/** A move in words, read from the position `game` before it (the card on top of its source) or,
 * with `after`, from the position after it (the card on top of where it went). */
export function describeMove(game, move, { after = false } = {}) {
  if (move === "deal") return t(game.layout.has_waste ? "dealt" : "dealtRound");
  if (move === "redeal") return t("redealt");
  const [src, dst] = move.split(">");
  const card = topCard(game, after ? dst : src);
  const name = card ? cardSign(card) : t("aCard");
  if (src === "s") return t("placed", { card: name, to: pileWords(dst) });
  return t("moved", { card: name, from: pileWords(src), to: pileWords(dst) });
}

/** The same move as an instruction ("Move 7♥ from the waste to foundation 3"), from the position before. */
export function adviseMove(game, move) {
  if (move === "deal") return t("hintDeal");
  if (move === "redeal") return t("hintRedeal");
  const [src, dst] = move.split(">");
  const card = topCard(game, src);
  if (src === "s") return t("hintPlace", { card: card ? cardSign(card) : t("aCard"), to: pileWords(dst) });
  return t("hintMove", { card: card ? cardSign(card) : t("aCard"), from: pileWords(src), to: pileWords(dst) });
}

/** The long spoken name of the card a move takes, for screen readers. */
export function movedCardName(game, move) {
  const path = movePath(move, game.layout);
  const card = path && topCard(game, path[0]);
  return card ? cardName(card) : "";
}
