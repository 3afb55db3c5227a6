// Drawing the table from a game object. The layout is data from the server (layout.grid, fanned,
// has_waste, foundation count); the only game-specific things here are printed captions.

import { cardElement } from "./cards.js";
import { RANK_LETTERS, cardName, cardSign, getLang, rankName, rankSign, t } from "./i18n.js";

const GAP = 0.12;       // gap between piles, in card widths
const RATIO = 1.4;      // card height / width
const CAPTION = 0.34;   // caption line under a pile, in card widths
const FAN_ROOM = 1.5;   // height of a fanned pile in a grid of several rows, in card heights
const SIDE_ROOM = 2.0;  // width of a pile fanned sideways, in card widths (four cards at full spread)
const BLANK = "-";      // an empty place the size of a card (a null is a narrow gap)

/**
 * How tableau piles fan out: "down" (columns; and any grid on a screen held upright), "right"
 * (a grid of several rows on a wide screen, where the room is), or null (squared up).
 */
export function fanDirection(layout, width, height) {
  if (!layout.fanned) return null;
  return layout.grid.length > 1 && width > 1.15 * height ? "right" : "down";
}

/** Rows of pile names as they lie on the table (null = empty space). */
export function tableRows(layout, narrow, fan = null, wide = false) {
  const F = Array.from({ length: layout.foundations }, (_, i) => `f${i + 1}`);
  const head = layout.has_waste ? ["s", "w"] : ["s"];
  const grid = layout.grid.map((row) => row.map((i) => `t${i + 1}`));
  const rows = [];
  const side = [...head, ...F];
  if (fan === "right" && Math.ceil(side.length / 2) <= grid.length) {  // stock and foundations beside the grid
    grid.forEach((row, r) => rows.push({ kind: "grid", r, piles: [side[2 * r] ?? BLANK, side[2 * r + 1] ?? BLANK, null, ...row] }));
    return rows;
  }
  if (grid.length && F.length === 2 * grid.length) {  // foundations flank the square, half each side
    if (wide && head.length <= grid.length) {  // stock at the side, the last one nearest the player
      const extra = grid.map((_, r) => head[r - (grid.length - head.length)] ?? BLANK);
      grid.forEach((row, r) => rows.push({ kind: "grid", r, piles: [BLANK, null, F[r], null, ...row, null, F[r + grid.length], null, extra[r]] }));
      return rows;
    }
    rows.push({ kind: "head", piles: head });
    grid.forEach((row, r) => rows.push({ kind: "grid", r, piles: [F[r], null, ...row, null, F[r + grid.length]] }));
    return rows;
  }
  if (head.length + 1 + F.length <= 7) {
    rows.push({ kind: "head", piles: [...head, null, ...F] });
  } else {
    rows.push({ kind: "head", piles: head });
    const per = narrow ? Math.ceil(F.length / 2) : F.length;
    for (let i = 0; i < F.length; i += per) rows.push({ kind: "found", piles: F.slice(i, i + per) });
  }
  grid.forEach((row, r) => rows.push({ kind: "grid", r, piles: row }));
  return rows;
}

function pileCards(position, name) {
  if (name === "s") return position.stock;
  if (name === "w") return position.waste;
  const n = Number(name.slice(1)) - 1;
  return name[0] === "f" ? position.foundations[n] : position.tableau[n];
}

function needsText(need, long) {
  if (need === null || need === undefined) return long ? t("complete") : "✓";
  if (need === "A" && long) return t("needsAce");
  if (need.length === 1) return long ? t("needsRank", { rank: rankName(RANK_LETTERS.indexOf(need)) }) : rankSign(RANK_LETTERS.indexOf(need));
  return long ? t("needs", { card: cardName(need) }) : cardSign(need);
}

/** The label a screen reader says for a pile. */
export function pileLabel(game, name) {
  const pos = game.position;
  const cards = pileCards(pos, name);
  const count = cards.length === 1 ? t("oneCard") : t("cards", { n: cards.length });
  const top = cards.length && name !== "s" ? t("onTop", { card: cardName(cards[cards.length - 1]) }) : null;
  const n = Number(name.slice(1));
  const parts = [];
  if (name === "s") {
    parts.push(t("stock"), count);
    if (showStockFace(game) && cards.length) parts.push(t("nextCard", { card: cardName(cards[0]) }));
  } else if (name === "w") {
    parts.push(t("waste"), top || t("empty"), count);
  } else if (name[0] === "f") {
    parts.push(t("foundation", { n }));
    const span = foundationSpan(pos, n - 1);
    if (span) parts.push(t("spanLong", { first: rankName(span[0]), last: rankName(span[1]) }));
    if (pos.needs) {
      const need = pos.needs[n - 1];
      parts.push(need === null ? t(cards.length ? "complete" : "notYet") : needsText(need, true));
    }
    parts.push(top || t("empty"), count);
  } else {
    parts.push(t("tableau", { n }));
    const dir = pos.directions && pos.directions[n - 1];
    if (dir && dir !== "free") parts.push(t(dir === "up" ? "buildsUp" : "buildsDown"));
    parts.push(top || t("empty"), count);
  }
  return parts.join(", ");
}

/** Stock cards are shown face up when the game has no waste and they are placed straight away. */
export function showStockFace(game) {
  return !game.layout.has_waste && game.legal_moves.some((m) => m.startsWith("s>"));
}

/** Card width in pixels that fits the rows into the box. */
export function cardWidth(rows, layout, width, height, fan) {
  const size = (p) => (p === null ? 0.4 : p[0] === "t" && fan === "right" ? SIDE_ROOM : 1);  // BLANK: 1
  const span = (r) => r.piles.reduce((sum, p) => sum + size(p), 0) + (r.piles.length - 1) * GAP;
  const byWidth = (width - 8) / Math.max(...rows.map(span));
  let units = 0;
  const gridRows = layout.grid.length;
  for (const row of rows) {
    const tall = row.kind === "grid" && fan === "down";
    units += (tall ? (gridRows === 1 ? 3.2 : FAN_ROOM) : 1) * RATIO + CAPTION + GAP;
  }
  const byHeight = (height - 8) / units;
  return Math.max(36, Math.min(120, byWidth, Math.max(byHeight, Math.min(byWidth, 64))));
}

/**
 * Draw the board. `ui` carries what the player is doing: selected pile, hint, focused pile.
 * Returns the pile elements by name.
 */
export function renderBoard(root, game, ui) {
  const lang = getLang();
  const layout = game.layout;
  const pos = game.position;
  const narrow = root.clientWidth < 560;
  const fan = fanDirection(layout, root.clientWidth, ui.height);
  const rows = tableRows(layout, narrow, fan, root.clientWidth > 1.15 * ui.height);
  const cw = cardWidth(rows, layout, root.clientWidth, ui.height, fan);
  const ch = cw * RATIO;
  root.style.setProperty("--cw", `${cw}px`);
  root.style.setProperty("--ch", `${ch}px`);
  root.innerHTML = "";
  const pilesByName = {};
  const targets = new Set(ui.selected ? game.legal_moves.filter((m) => m.startsWith(ui.selected + ">")).map((m) => m.split(">")[1]) : []);
  const dealing = pos.phase === "dealing";
  const lastGridRow = layout.grid.length - 1;
  for (const row of rows) {
    const rowEl = document.createElement("div");
    rowEl.setAttribute("role", "row");
    rowEl.className = `row ${row.kind}`;
    for (const name of row.piles) {
      if (name === null || name === BLANK) {
        const spacer = document.createElement("div");
        spacer.className = name === BLANK ? "spacer blank" : "spacer";
        spacer.setAttribute("aria-hidden", "true");
        rowEl.append(spacer);
        continue;
      }
      const cards = pileCards(pos, name);
      const el = document.createElement("div");
      el.className = `pile kind-${name[0]}`;
      el.dataset.pile = name;
      el.setAttribute("role", "gridcell");
      el.tabIndex = name === ui.focus ? 0 : -1;
      el.setAttribute("aria-label", pileLabel(game, name));
      if (name === ui.selected) el.classList.add("selected"), el.setAttribute("aria-selected", "true");
      if (targets.has(name)) el.classList.add("target");
      if (ui.hint && ui.hint.includes(name)) el.classList.add("hint");
      if (pos.received && pos.received.includes(name)) el.classList.add("received");
      if (dealing && name[0] === "t") el.classList.add(row.r === lastGridRow ? "live" : "waiting");
      const stack = document.createElement("div");
      stack.className = "stack";
      const fanned = layout.fanned && name[0] === "t";
      let shown = cards;
      if (name === "s") shown = showStockFace(game) && cards.length ? [cards[0]] : cards.slice(0, Math.min(cards.length, 3)).map(() => null);
      else if (!fanned) shown = cards.slice(-2);
      let offset = 0;
      const sideways = fanned && fan === "right";
      if (sideways) {
        el.style.width = `${cw * SIDE_ROOM}px`;
        if (cards.length > 1) offset = Math.max(cw * 0.25, Math.min(cw * 0.34, (cw * (SIDE_ROOM - 1)) / (cards.length - 1)));
      } else if (fanned && cards.length > 1) {
        const room = layout.grid.length === 1 ? Math.max(ch * 2.6, ui.height - ch * 1.6) : ch * FAN_ROOM;
        offset = Math.max(ch * 0.2, Math.min(ch * 0.24, (room - ch) / (cards.length - 1)));
      }
      shown.forEach((code, i) => {
        const card = cardElement(code, lang);
        if (sideways) card.style.left = `${i * offset}px`;
        else if (fanned) card.style.top = `${i * offset}px`;
        else if (name === "s" && code === null) card.style.top = card.style.left = `${-i * 1.5}px`;
        if (i === shown.length - 1) card.classList.add("top");
        if (ui.arrived === name && i === shown.length - 1) card.classList.add("arrived");
        stack.append(card);
      });
      stack.style.height = `${ch + (fanned && !sideways ? Math.max(0, cards.length - 1) * offset : 0)}px`;
      if (sideways) stack.style.width = `${cw + Math.max(0, cards.length - 1) * offset}px`;
      if (!cards.length) stack.classList.add("empty");
      el.append(stack);
      const caption = document.createElement("div");
      caption.className = "caption";
      caption.setAttribute("aria-hidden", "true");
      caption.textContent = pileCaption(game, name, cards);
      el.append(caption);
      if ((name === "s" || name === "w" || !fanned) && cards.length > 1 && name[0] !== "f") {
        const badge = document.createElement("span");
        badge.className = "count";
        badge.setAttribute("aria-hidden", "true");
        badge.textContent = cards.length;
        el.append(badge);
      }
      rowEl.append(el);
      pilesByName[name] = el;
    }
    root.append(rowEl);
  }
  return pilesByName;
}

/** [first, last] rank index of foundation k when the position says (bases/ends), else null. */
function foundationSpan(pos, k) {
  if (!pos.bases || !pos.ends) return null;
  return [RANK_LETTERS.indexOf(pos.bases[k]), RANK_LETTERS.indexOf(pos.ends[k])];
}

function pileCaption(game, name, cards) {
  const pos = game.position;
  const n = Number(name.slice(1));
  if (name === "s") {
    if (game.legal_moves.includes("deal")) return t("dealHint");
    if (game.legal_moves.includes("redeal")) return t("redealHint");
    if (game.legal_moves.some((m) => m.startsWith("s>"))) return t("placeHint");
    return "";
  }
  if (name === "w") return t("waste");
  if (name[0] === "f") {
    const need = pos.needs ? pos.needs[n - 1] : undefined;
    const end = foundationSpan(pos, n - 1);
    let text = "";
    if (need === null) text = cards.length ? "✓" : "";
    else if (need !== undefined) {
      text = "→ " + needsText(need, false);
      if (need.length === 2 && cards.length) {  // a card of a suit: show which way the foundation goes
        const up = RANK_LETTERS.indexOf(need[0]) > RANK_LETTERS.indexOf(cards[cards.length - 1][0]);
        text = (up ? "↑ " : "↓ ") + needsText(need, false);
      }
    }
    if (end) text += `\n${t("endsOn", { first: rankSign(end[0]), last: rankSign(end[1]) })}`;
    return text;
  }
  const dir = pos.directions && pos.directions[n - 1];
  if (dir === "up") return "↑";
  if (dir === "down") return "↓";
  return "";
}
