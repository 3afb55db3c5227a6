// Drawing the table from a game object. The layout is data from the server (layout.grid, fanned,
// has_waste, foundation count); the only game-specific things here are printed captions.

import { cardElement } from "./cards.js";
import { RANK_LETTERS, cardName, cardSign, getLang, rankName, rankSign, t } from "./i18n.js";
import { UNSEEN } from "./moves.js";

const GAP = 0.12;       // gap between piles, in card widths
const ROW_GAP = 0.14;   // gap between rows, in card widths
const LARGE_ROW_GAP = 0.05;  // with large cards the rows close up (style.css, body.large-cards)
const RATIO = 1.4;      // card height / width
const BLANK = "-";      // an empty place the size of a card (a null is a narrow gap)
// Fan offsets tried: never less than a covered card's whole corner index (cards.js: rank and suit end
// at 0.2 of the height; rank and the suit under it at 0.27 of the width), so every covered card is read.
const FAN_DOWN = [0.26, 0.23, 0.21];   // in card heights
const FAN_SIDE = [0.34, 0.31, 0.28];  // sideways, in card widths
const MIN_CARD = 22;    // px: below this the table is unreadable anyway
// The card sizes of the settings, each a share of the largest card the room left by the layout
// allows, up to a cap. "large" fills the room (and style.css folds the controls and closes up the
// rows, so the room itself grows); "normal" leaves a tenth of it as felt on a desktop, but never takes
// a card below 60 px that the room would allow, and on a phone fills it (a phone's cards need every
// pixel: its controls are folded already); "small" leaves a quarter. A setting that only raised a cap
// changed nothing wherever the room, not the cap, held the cards.
export const CARD_SIZES = {
  small: { share: 0.75, phoneShare: 0.75, floor: 0, max: 130 },
  normal: { share: 0.9, phoneShare: 1, floor: 60, max: 170 },
  large: { share: 1, phoneShare: 1, floor: 0, max: 240 },
};
const PHONE = "(max-width: 700px), (max-height: 500px)";  // style.css's compact header

/**
 * Rows of pile names as they lie on the table (null = empty space). `split`: foundations beside the
 * stock when they fit (0), on a row of their own (1) or on two rows (2); `wide`: the stock beside a square.
 */
export function tableRows(layout, split, fan = null, wide = false) {
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
  if (split === 0 && head.length + 1 + F.length <= 7) {
    rows.push({ kind: "head", piles: [...head, null, ...F] });
  } else {
    rows.push({ kind: "head", piles: head });
    const per = split === 2 ? Math.ceil(F.length / 2) : F.length;
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
  const count = t("cardsN", { n: cards.length });
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

/** The next stock card is shown face up when the game has no waste and it is placed straight away, and
 * the player's view shows it (Square free); an unseen card comes as "??" and stays face down. */
export function showStockFace(game) {
  const next = game.position.stock[0];
  return !game.layout.has_waste && !!next && next !== UNSEEN && game.legal_moves.some((m) => m.startsWith("s>"));
}

/** The caption under a pile, in px, for cards `cw` wide and `lines` lines of text. */
function captionPx(cw, lines) { return Math.max(11, 0.16 * cw) * Math.max(1.3, 1.2 * lines) + 3; }

const CHAR_EM = 0.62;
const SPILL = 0.4 + GAP - 0.04;  // how far a caption may reach into the narrow gap beside its pile, in card widths

/** "right" or "left" when pile i of a row has a narrow gap on that side its caption may use, else null. */
function captionSide(piles, i) {
  if (piles[i + 1] === null) return "right";
  if (i > 0 && piles[i - 1] === null) return "left";
  return null;
}  // a caption character's mean width, in ems (digits, arrows, suit signs)

/** Lines the caption `text` takes under a pile `width` px wide with cards `cw` wide: captions wrap, never cut. */
function captionLines(text, cw, width) {
  if (!text) return 1;
  const font = Math.max(11, 0.16 * cw);
  return text.split("\n").reduce((sum, line) => sum + Math.max(1, Math.ceil((line.length * CHAR_EM * font) / width)), 0);
}

/** The longest pile of each grid row (fanned piles grow: the table makes room for the longest). */
function longestByRow(layout, position) {
  return layout.grid.map((row) => Math.max(1, ...row.map((i) => position.tableau[i].length)));
}

/**
 * The table's geometry for one arrangement: card width, fan offsets (fy in card heights, fx in card
 * widths) and side width of a sideways-fanned pile; the card width is as large as the box allows.
 */
function fitRows(rows, layout, position, box, fan) {
  const longest = longestByRow(layout, position);
  const twoLines = !!position.ends;
  const widest = Math.max(1, ...longest);
  let best = null;
  const fanSteps = fan === "right" ? FAN_SIDE : fan === "down" ? FAN_DOWN : [0];
  for (const f of fanSteps) {
    const side = fan === "right" ? 1 + (widest - 1) * f : 1;
    const size = (p) => (p === null ? 0.4 : p !== BLANK && p[0] === "t" && fan === "right" ? side : 1);
    const span = (r) => r.piles.reduce((sum, p) => sum + size(p), 0) + (r.piles.length - 1) * GAP;
    const byWidth = (box.width - 4) / Math.max(...rows.map(span));
    let units = (box.large ? LARGE_ROW_GAP : ROW_GAP) * (rows.length - 1), lines = 0;
    for (const row of rows) {
      const fanRoom = row.kind === "grid" && fan === "down" ? (longest[row.r] - 1) * f : 0;
      units += RATIO * (1 + fanRoom);
      lines += row.piles.some((p) => p && p[0] === "f") && twoLines ? 2 : 1;
    }
    const rowLines = (row, cw) => (box.captions
      ? Math.max(1, ...row.piles.map((p, i) => (p && p !== BLANK
        ? captionLines(box.captions[p], cw, cw * (size(p) + (captionSide(row.piles, i) ? SPILL : 0))) : 1)))
      : row.piles.some((p) => p && p[0] === "f") && twoLines ? 2 : 1);
    let cw = byWidth;
    for (let i = 0; i < 4; i++) {  // captions grow with the cards (never below 11 px) and wrap under small ones
      const captions = rows.reduce((sum, row) => sum + captionPx(cw, rowLines(row, cw)), 0);
      cw = Math.min(byWidth, (box.height - 4 - captions) / units);
    }
    cw = Math.floor(Math.min(cw, box.max));
    // Wider fans are worth slightly smaller cards (4 %), unless the player asked for large cards.
    if (!best || cw > best.cw * (box.large ? 1 : 1.04)) best = { cw, f, side, fan, rows };
  }
  return best;
}

/**
 * The arrangement (rows, fan direction) that gives the largest cards in the box {width, height, max}.
 * Every arrangement fits by construction: fans tighten and cards shrink as piles grow.
 */
export function planTable(layout, position, box) {
  const fans = !layout.fanned ? [null] : layout.grid.length > 1 ? ["down", "right"] : ["down"];
  let best = null;
  for (const fan of fans) {
    for (const split of [0, 1, 2]) {
      for (const wide of [false, true]) {
        const rows = tableRows(layout, split, fan, wide);
        const plan = fitRows(rows, layout, position, box, fan);
        if (!best || plan.cw > best.cw) best = plan;
      }
    }
  }
  best.cw = Math.max(MIN_CARD, sizedCard(best.cw, box));
  return best;
}

/** The card width of a size {share, floor, max} (box.size, default: all the room) where cards `fit` px wide fit. */
export function sizedCard(fit, box) {
  const size = box.size || { share: 1, floor: 0, max: box.max };
  return Math.floor(Math.min(size.max, Math.max(fit * size.share, Math.min(fit, size.floor))));
}

/**
 * Draw the board. `ui` carries what the player is doing: selected pile, hint, focused pile.
 * Returns the pile elements by name.
 */
export function renderBoard(root, game, ui) {
  const lang = getLang();
  const layout = game.layout;
  const pos = game.position;
  const chosen = CARD_SIZES[document.body.dataset.cardSize] || CARD_SIZES.normal;
  const large = chosen === CARD_SIZES.large;
  const size = matchMedia(PHONE).matches ? { ...chosen, share: chosen.phoneShare } : chosen;
  const captions = {};
  for (const name of allPiles(layout)) captions[name] = `${pileNumber(name)} ${pileCaption(game, name, pileCards(pos, name))}`.trim();
  // The arrangement is chosen for the room (up to the cap this size may reach), then the card sized.
  const plan = planTable(layout, pos, { width: root.clientWidth, height: ui.height, large, captions, size,
                                        max: size.max / size.share });
  const { cw, rows, fan } = plan;
  const ch = cw * RATIO;
  root.style.setProperty("--cw", `${cw}px`);
  root.style.setProperty("--ch", `${ch}px`);
  root.dataset.fan = fan || "none";
  root.innerHTML = "";
  const pilesByName = {};
  const targets = new Set(ui.targets || (ui.selected ? game.legal_moves.filter((m) => m.startsWith(ui.selected + ">")).map((m) => m.split(">")[1]) : []));
  const choices = new Set(ui.choices || []);
  const dealing = pos.phase === "dealing";
  const lastGridRow = layout.grid.length - 1;
  for (const row of rows) {
    const rowEl = document.createElement("div");
    const sides = row.piles.map((_, i) => captionSide(row.piles, i));
    rowEl.setAttribute("role", "row");
    rowEl.className = `row ${row.kind}`;
    row.piles.forEach((name, index) => {
      if (name === null || name === BLANK) {
        const spacer = document.createElement("div");
        spacer.className = name === BLANK ? "spacer blank" : "spacer";
        spacer.setAttribute("aria-hidden", "true");
        rowEl.append(spacer);
        return;
      }
      const cards = pileCards(pos, name);
      const el = document.createElement("div");
      el.className = `pile kind-${name[0]}`;
      el.dataset.pile = name;
      el.setAttribute("role", "gridcell");
      el.tabIndex = name === ui.focus ? 0 : -1;
      // The pile's name comes from its content, a screen reader's line: an aria-label would differ from
      // the card letters drawn on it (axe's label-content-name-mismatch).
      const spoken = document.createElement("span");
      spoken.className = "sr-only pile-name";
      spoken.textContent = pileLabel(game, name);
      el.append(spoken);
      if (name === ui.selected) el.classList.add("selected"), el.setAttribute("aria-selected", "true");
      if (targets.has(name)) el.classList.add("target");
      if (choices.has(name)) el.classList.add("choice");
      if (ui.lost && ui.lost.includes(name)) el.classList.add("lost-move");
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
        el.style.width = `${cw * plan.side}px`;
        offset = cw * plan.f;
      } else if (fanned) {
        offset = ch * plan.f;
      }
      shown.forEach((code, i) => {
        const card = cardElement(code, lang);
        if (sideways) card.style.left = `${i * offset}px`;
        else if (fanned) card.style.top = `${i * offset}px`;
        else if (name === "s" && code === null) card.style.top = card.style.left = `${-i * 1.5}px`;
        if (i === shown.length - 1) card.classList.add("top");
        if (ui.arrived === name && i === shown.length - 1) card.classList.add("arrived");
        if (i === shown.length - 1) keepShaking(card, name, ui.shake);
        stack.append(card);
      });
      stack.style.height = `${ch + (fanned && !sideways ? Math.max(0, cards.length - 1) * offset : 0)}px`;
      if (sideways) stack.style.width = `${cw + Math.max(0, cards.length - 1) * offset}px`;
      if (!cards.length) stack.classList.add("empty");
      el.append(stack);
      const caption = document.createElement("div");
      caption.className = "caption";
      caption.setAttribute("aria-hidden", "true");
      const label = pileNumber(name);
      if (label) {  // the pile's number, so that a hint naming "Pile 7" or "Foundation 3" points at something seen
        const no = document.createElement("span");
        no.className = "no";
        no.textContent = label;
        caption.append(no);
      }
      caption.append(pileCaption(game, name, cards));
      el.append(caption);
      if ((name === "s" || name === "w" || !fanned) && cards.length > 1 && name[0] !== "f") {
        const badge = document.createElement("span");
        badge.className = "count";
        badge.setAttribute("aria-hidden", "true");
        badge.textContent = cards.length;
        el.append(badge);
      }
      if (sides[index] && !(fanned && sideways)) el.classList.add(`caption-${sides[index]}`);
      rowEl.append(el);
      pilesByName[name] = el;
    });
    root.append(rowEl);
  }
  return pilesByName;
}

/** Every pile's name: stock, waste, foundations, tableau. */
function allPiles(layout) {
  const names = layout.has_waste ? ["s", "w"] : ["s"];
  for (let i = 1; i <= layout.foundations; i++) names.push(`f${i}`);
  for (const row of layout.grid) for (const i of row) names.push(`t${i + 1}`);
  return names;
}

/** [first, last] rank index of foundation k when the position says (bases/ends), else null. */
function foundationSpan(pos, k) {
  if (!pos.bases || !pos.ends) return null;
  return [RANK_LETTERS.indexOf(pos.bases[k]), RANK_LETTERS.indexOf(pos.ends[k])];
}

/** The short label printed under a pile: "7" for Pile 7, "F3" for Foundation 3 (none for stock and waste). */
function pileNumber(name) {
  if (name[0] === "t") return name.slice(1);
  if (name[0] === "f") return t("foundationShort", { n: name.slice(1) });
  return "";
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

const SHAKE_MS = 360;  // the length of the shake animation in style.css

/** A refused card keeps shaking through a re-render, from where its animation was. */
function keepShaking(card, name, shake) {
  if (!shake || shake.pile !== name) return;
  const elapsed = performance.now() - shake.since;
  if (elapsed >= SHAKE_MS) return;
  card.classList.add("shake");
  card.style.animationDelay = `${-elapsed}ms`;
}
