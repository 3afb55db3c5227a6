// Cards drawn as SVG: a large rank and suit in the top corner (readable when fanned: the corner ends at
// 0.2 of the card's height, the rank and the suit under it at 0.27 of its width, board.js), a big suit
// in the middle, the index again upside down. Colours come from CSS (class suit-X), so the
// four-colour deck is one class on <body>. Suit shapes are <symbol>s defined once in index.html.

import { RANK_LETTERS, rankSign } from "./i18n.js";

const cache = new Map();

function face(code) {
  const r = RANK_LETTERS.indexOf(code[0]);
  const suit = code[1];
  const sign = rankSign(r);
  const narrow = sign.length > 1 ? ' textLength="22" lengthAdjust="spacingAndGlyphs"' : "";
  const court = r >= 10;
  const centre = court
    ? `<rect x="27" y="36" width="46" height="70" rx="6" class="court"/>
       <use href="#suit-${suit}" x="38" y="42" width="24" height="24"/>
       <text x="50" y="99" class="court-sign" text-anchor="middle">${sign}</text>`
    : `<use href="#suit-${suit}" x="26" y="46" width="52" height="52"/>`;
  return `<svg class="face suit-${suit}" viewBox="0 0 100 140" aria-hidden="true" focusable="false">
  <rect x="1" y="1" width="98" height="138" rx="8" class="paper"/>
  <text x="5" y="22" class="index corner"${narrow}>${sign}</text>
  <use href="#suit-${suit}" x="${sign.length > 1 ? 30 : 28}" y="4" width="21" height="21" class="corner-suit"/>
  <use href="#suit-${suit}" x="6" y="30" width="19" height="19" class="side-suit"/>
  ${centre}
  <g transform="rotate(180 50 70)"><text x="5" y="22" class="index"${narrow}>${sign}</text>
  <use href="#suit-${suit}" x="${sign.length > 1 ? 30 : 28}" y="4" width="21" height="21"/>
  <use href="#suit-${suit}" x="6" y="30" width="19" height="19"/></g>
</svg>`;
}

/** The SVG markup of a face-up card such as "QH" (cached per language: rank signs differ). */
export function cardSvg(code, lang) {
  const key = `${lang}:${code}`;
  let svg = cache.get(key);
  if (!svg) {
    svg = face(code);
    cache.set(key, svg);
  }
  return svg;
}

/** A card element: face up (code) or face down (code null). */
export function cardElement(code, lang) {
  const el = document.createElement("div");
  el.className = code ? "card" : "card back";
  if (code) {
    el.innerHTML = cardSvg(code, lang);
    el.dataset.card = code;
  }
  return el;
}

/** The suit symbols used by every card, to put once into the page. */
export const SUIT_SYMBOLS = `<svg width="0" height="0" class="symbols" aria-hidden="true">
<symbol id="suit-H" viewBox="0 0 100 100"><path d="M50 92C18 66 3 48 5 29 7 13 19 5 31 5c9 0 15 5 19 13 4-8 10-13 19-13 12 0 24 8 26 24 2 19-13 37-45 63z"/></symbol>
<symbol id="suit-D" viewBox="0 0 100 100"><path d="M50 3 88 50 50 97 12 50z"/></symbol>
<symbol id="suit-S" viewBox="0 0 100 100"><path d="M50 4C20 30 5 44 6 61c1 13 11 21 22 21 8 0 14-4 18-9-1 8-4 15-10 22h28c-6-7-9-14-10-22 4 5 10 9 18 9 11 0 21-8 22-21 1-17-14-31-44-57z"/></symbol>
<symbol id="suit-C" viewBox="0 0 100 100"><path d="M50 6c-12 0-21 9-21 21 0 6 2 10 5 14-3-1-6-2-10-2C12 39 4 48 4 60s9 21 20 21c9 0 15-4 19-10-1 9-4 17-10 24h34c-6-7-9-15-10-24 4 6 10 10 19 10 11 0 20-9 20-21S87 39 76 39c-4 0-7 1-10 2 3-4 5-8 5-14C71 15 62 6 50 6z"/></symbol>
</svg>`;
