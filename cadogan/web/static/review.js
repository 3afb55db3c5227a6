// The game review (GET /api/games/{id}/review, docs/spec.md): offered when a game ends and on demand
// (menu, V). The dialog asks the server for one step of the review after another while it is open,
// showing each answer as it comes: the win chance across the game as an SVG graph, the accuracy,
// every graded move with its grade and the best move beside it, and (once the game is over and the
// whole deal has been looked at) the move that lost it, labelled "you could have seen it" or "bad
// luck", with why in words and the winning line in brief. Picking a point of the graph (click, tap,
// arrow keys) shows the position before that move on a small table, the move made there marked and
// the best one lit; "Show on the table" opens the replay viewer there (replay.js). The review of a
// game that is over goes on when the dialog is closed, its progress on a chip in the status bar
// that opens it again (a long review never holds the table); closing the review of a game in
// progress stops the step under way (the server keeps what was done, and the next move changes the
// game), and opening it again goes on. A new game on the table ends a review going on behind it.

import { $, app } from "./state.js";
import { api } from "./api.js";
import { cardSign, t } from "./i18n.js";
import { announce, failed } from "./messages.js";
import { adviseMove, movePath, pileWords } from "./moves.js";
import { renderBoard } from "./board.js";
import { openReplay } from "./replay.js";
import { render } from "./view.js";
import { goesOnClosed, renderChip } from "./review_chip.js";

const FIRST_STEP = 2;  // seconds of grading in the first call: the first grades soon
const STEP = 5;        // seconds of grading in each call after it
const BUSY_WAIT = 3;   // seconds to wait when the solver is busy and says no Retry-After
const BAD = ["inaccuracy", "mistake", "blunder"];
const GRADED = ["sampled", "exact"];

/** Open the review of the game on the table (reusing the one kept for the same moves). */
export function openReview() {
  const game = app.game;
  if (!game || app.replay) return;
  const key = game.moves.join(" ");
  let r = app.review;
  if (!r || r.id !== game.id || r.key !== key) {
    r = { id: game.id, key, moves: game.moves.slice(), layout: game.layout, data: null, k: null, views: new Map(),
          calls: 0, longer: false, abort: null, error: null, busy: false, pumping: false };
    app.review = r;
  }
  const dialog = $("review-dialog");
  if (!dialog.open) {
    dialog.addEventListener("close", () => closedReview(r), { once: true });
    dialog.showModal();
  }
  $("review-title").focus();
  renderReview(r);
  pump(r);
}

/** The dialog closed: the review of a game that is over goes on behind the table, its chip showing
 * how far; in a game in progress ``renderChip`` gives up the step under way (its search stops on the
 * server), as it does when the table changes under a review behind it. */
function closedReview(r) {
  renderChip(r);
}

/** Whether to ask the server for another step of ``r``: it is the review kept, and its dialog is
 * open or it goes on closed. */
function wanted(r) {
  return app.review === r && ($("review-dialog").open || goesOnClosed(r));
}

/** Ask for one step after another while the review is wanted and the server says there is more. */
async function pump(r) {
  if (r.pumping) return;
  r.pumping = true;
  try {
    while (wanted(r)) {
      if (r.data && !r.data.progress.next && !r.longer) return;
      const query = `budget=${r.calls ? STEP : FIRST_STEP}${r.longer ? "&longer=1" : ""}`;
      r.abort = new AbortController();
      r.busy = false;
      let answer;
      try {
        answer = await api("GET", `/api/games/${r.id}/review?${query}`, undefined, { signal: r.abort.signal });
      } catch (err) {
        if (err.data && err.data.code === "aborted") return;
        if (err.status === 429) {  // the solver is busy: say so, wait, go on
          r.busy = true;
          renderReview(r);
          await new Promise((ok) => setTimeout(ok, 1000 * (err.retryAfter || BUSY_WAIT)));
          continue;
        }
        if (err.data && err.data.code === "superseded") return;  // another window asked for this game's review
        r.error = err;
        renderReview(r);
        failed(err);
        return;
      }
      r.calls++;
      r.longer = false;
      r.error = null;
      const finished = answer.complete && !(r.data && r.data.complete);
      r.data = answer;
      // Behind the table the chip shows it; a screen reader hears it.
      if (finished && !$("review-dialog").open) announce(t("reviewComplete"), "info", { show: false });
      if (!r.picked && answer.moves.length) {  // until the player picks a move, show the most telling one
        const k = firstInteresting(answer);
        if (k !== r.k) r.k = k;
      }
      renderReview(r);
    }
  } finally {
    r.pumping = false;
    r.abort = null;
    renderChip(r);
  }
}

/** The move to show first: the losing move, else the worst graded one, else the first. */
function firstInteresting(data) {
  if (data.losing_move) return data.losing_move.index;
  let worst = 0, drop = -1;
  data.moves.forEach((m, i) => {
    if (GRADED.includes(m.how) && m.win_chance_before - m.win_chance_after > drop) {
      drop = m.win_chance_before - m.win_chance_after;
      worst = i;
    }
  });
  return worst;
}

// --- drawing --------------------------------------------------------------------------------------
function renderReview(r) {
  if (app.review !== r) return;
  renderChip(r);
  const data = r.data;
  renderStatus(r);
  $("review-summary").textContent = data ? summaryText(data) : "";
  renderLosing(r);
  drawGraph(r);
  renderList(r);
  if (r.k !== null) showMove(r, r.k, { quiet: true });
  else $("review-move").textContent = data && !data.moves.length ? t("reviewNone") : "";
  const none = !data || !data.moves.length;
  for (const id of ["review-first", "review-prev", "review-next", "review-last", "review-prev-bad", "review-next-bad", "review-show"]) {
    $(id).disabled = none;
  }
  $("review-board").hidden = none;
}

function renderStatus(r) {
  const data = r.data, bar = $("review-progress");
  const p = data ? data.progress : null;
  let text;
  if (r.error) text = t("reviewPaused", { reason: r.error.message });
  else if (r.busy) text = t("reviewPaused", { reason: t("busyNow") });
  else if (!data) text = t("reviewStarting");
  else if (data.complete) text = t("reviewComplete");
  else if (p.next && p.next.task === "analyse") text = t("reviewAnalysing", { s: p.next.seconds });
  else if (p.next) text = t("reviewProgress", { k: Math.min(p.total, p.graded + 1), n: p.total });
  else text = t("reviewGraded", { k: p.graded, n: p.total });
  $("review-status").textContent = text;
  bar.max = p && p.total ? p.total : 1;
  bar.value = p ? p.graded : 0;
  bar.hidden = !!(data && data.complete);
  $("review-progress").setAttribute("aria-label", p ? t("reviewGraded", { k: p.graded, n: p.total }) : t("reviewStarting"));
  $("review-in-progress").hidden = !data || data.over;
  const longer = data && !data.progress.next && data.progress.longer;
  $("review-longer").hidden = !longer || r.pumping && r.longer;
}

/** "Accuracy 84 % · 2 inaccuracies · 1 mistake". */
function summaryText(data) {
  const parts = [data.accuracy === null ? t("reviewNoAccuracy") : t("reviewAccuracy", { pct: Math.round(100 * data.accuracy) })];
  for (const grade of BAD) {
    const n = data.moves.filter((m) => m.grade === grade).length;
    if (n) parts.push(t(`gradesN_${grade}`, { n }));
  }
  return parts.join(" · ");
}

function renderLosing(r) {
  const box = $("review-losing"), data = r.data;
  const words = losingWords(r);
  box.hidden = !words;
  if (!words) return;
  box.className = `review-losing ${data.losing_move ? losingKind(data.losing_move) : ""}`;
  $("review-losing-text").textContent = words.head;
  $("review-losing-why").textContent = words.why || "";
  $("review-losing-line").textContent = words.line || "";
  $("review-line").hidden = !data.losing_move || !data.losing_move.line.length;
}

/** "seen" (the player's chance fell there), "luck" (it did not: a sound move by what could be seen)
 * or "unjudged" (no grade: no sampled order was decided there, so neither can be said). */
function losingKind(losing) {
  return losing.seen ? "seen" : losing.grade === null ? "unjudged" : "luck";
}

/** The losing move in words: {head, why, line}; null when there is nothing to say (yet). */
function losingWords(r) {
  const data = r.data;
  if (!data || !data.over) return null;
  const losing = data.losing_move;
  if (!losing) {
    if (data.analysis === "never-winnable") return { head: t("losingNever") };
    if (data.analysis === "winnable") return { head: t("losingWinnable") };
    if (data.analysis === "unknown") return { head: t("losingUndecided", { s: data.progress.analysis_seconds }) };
    return null;
  }
  const view = r.views.get(losing.index);
  const words = view ? adviseMove(view, losing.move) : moveShort(losing.move);
  const move = words.charAt(0).toLocaleLowerCase() + words.slice(1);  // inside a sentence
  const head = t({ seen: "losingSeen", luck: "losingLuck", unjudged: "losingUnjudged" }[losingKind(losing)],
                 { n: losing.index + 1, move });
  return { head, why: reasonWords(losing.reason), line: losing.summary.length ? t("lineBrief", { steps: lineWords(losing.summary) }) : "" };
}

/** Why the losing move lost ({kind, card, pile, by, needed}), in words. */
export function reasonWords(reason) {
  if (!reason) return "";
  const needed = reason.needed;
  const onto = needed.onto ? t("reasonOnto", { card: cardSign(needed.onto) }) : t("reasonStarting");
  const words = { card: cardSign(reason.card), pile: pileWords(reason.pile), by: reason.by ? cardSign(reason.by) : "",
                  to: pileWords(needed.pile), onto, step: needed.step };
  if (reason.kind === "spent") return t("reasonSpent", words);
  return t(reason.by ? "reasonBuried" : "reasonTook", words);
}

const LINE_STEPS = 12;  // steps of a winning line in brief shown; the rest counted

/** A winning line in brief ([{move, times, dealt, cards}]): "deal 12 cards, 8♠ 7♠ to Foundation 6, …". */
export function lineWords(summary) {
  const words = summary.slice(0, LINE_STEPS).map((step) => {
    if (step.move === "deal") return step.dealt === step.times ? (step.times === 1 ? t("stepDeal") : t("stepDealN", { n: step.times }))
      : t("stepDealRounds", { times: step.times, n: step.dealt });
    if (step.move === "redeal") return step.times === 1 ? t("stepRedeal") : t("stepRedealN", { n: step.times });
    const to = step.move.split(">")[1];
    return t("stepTo", { cards: step.cards.map(cardSign).join(" "), pile: pileWords(to) });
  });
  if (summary.length > LINE_STEPS) words.push(t("lineMore", { n: summary.length - LINE_STEPS }));
  return words.join(", ");
}

/** A move by its piles ("Waste → Foundation 3", "Deal"): the list's words, which need no position. */
function moveShort(move) {
  if (move === "deal") return t("stepDeal");
  if (move === "redeal") return t("stepRedeal");
  const [src, dst] = move.split(">");
  return `${pileWords(src)} → ${pileWords(dst)}`;
}

/** The win chance a player had after each move (the played move's), a forced or safe move keeping
 * the last one; null where nothing is known (undecided, not reached). */
function chancesAfter(moves) {
  let last = null;
  return moves.map((m) => {
    if (GRADED.includes(m.how)) last = m.win_chance_after;
    else if (m.how === "undecided" || m.how === "not-reached") return null;
    return last;
  });
}

const SVG = "http://www.w3.org/2000/svg";

function svgNode(name, attrs, parent) {
  const el = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  parent.append(el);
  return el;
}

/** The graph: the win chance after each move, each drop of a graded move drawn in its grade's
 * colour, the losing move marked, the move picked under a cursor, the part not graded yet shaded. */
function drawGraph(r) {
  const box = $("review-graph"), svg = $("review-svg");
  const moves = r.data ? r.data.moves : [];
  const n = moves.length;
  const w = Math.max(200, Math.floor(box.clientWidth || 300)), h = w < 480 ? 120 : 150;
  const pad = { l: 42, r: 8, t: 8, b: 20 };
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("width", String(w));
  svg.setAttribute("height", String(h));
  svg.innerHTML = "";
  const x = (i) => pad.l + (n <= 1 ? (w - pad.l - pad.r) / 2 : (i * (w - pad.l - pad.r)) / (n - 1));
  const y = (p) => pad.t + (1 - p) * (h - pad.t - pad.b);
  r.graph = { x, n, pad, w };
  svg.dataset.first = String(x(0));  // where the first and the last move lie (tests pick a point by them)
  svg.dataset.last = String(x(Math.max(0, n - 1)));
  for (const p of [0, 0.5, 1]) {
    svgNode("line", { x1: pad.l, x2: w - pad.r, y1: y(p), y2: y(p), class: "grid" }, svg);
    svgNode("text", { x: pad.l - 4, y: y(p) + 4, class: "axis", "text-anchor": "end" }, svg).textContent = `${Math.round(100 * p)} %`;
  }
  if (!n) return;
  svgNode("text", { x: pad.l, y: h - 4, class: "axis" }, svg).textContent = "1";
  svgNode("text", { x: w - pad.r, y: h - 4, class: "axis", "text-anchor": "end" }, svg).textContent = String(n);
  const reached = moves.findIndex((m) => m.how === "not-reached");
  if (reached >= 0) {
    const from = reached ? x(reached - 0.5) : pad.l;
    svgNode("rect", { x: from, y: pad.t, width: Math.max(0, w - pad.r - from), height: h - pad.t - pad.b, class: "unreached" }, svg);
  }
  const after = chancesAfter(moves);
  let d = "";
  let pen = false;
  after.forEach((p, i) => {
    if (p === null) { pen = false; return; }
    d += `${pen ? "L" : "M"}${x(i).toFixed(1)},${y(p).toFixed(1)}`;
    pen = true;
  });
  if (d) svgNode("path", { d, class: "chance" }, svg);
  moves.forEach((m, i) => {
    if (!GRADED.includes(m.how) || m.win_chance_before === m.win_chance_after) return;
    svgNode("line", { x1: x(i), x2: x(i), y1: y(m.win_chance_before), y2: y(m.win_chance_after), class: `drop g-${m.grade}` }, svg);
    if (BAD.includes(m.grade)) svgNode("circle", { cx: x(i), cy: y(m.win_chance_after), r: 4, class: `mark g-${m.grade}` }, svg);
  });
  const losing = r.data.losing_move;
  if (losing) {
    svgNode("line", { x1: x(losing.index), x2: x(losing.index), y1: pad.t, y2: h - pad.b, class: "losing" }, svg);
    svgNode("text", { x: x(losing.index), y: pad.t + 10, class: "losing-sign", "text-anchor": "middle" }, svg).textContent = "✕";
  }
  if (r.k !== null) {
    svgNode("line", { x1: x(r.k), x2: x(r.k), y1: pad.t, y2: h - pad.b, class: "cursor" }, svg);
    const p = after[r.k];
    if (p !== null) svgNode("circle", { cx: x(r.k), cy: y(p), r: 5, class: "cursor-dot" }, svg);
  }
  const slider = $("review-graph");
  slider.setAttribute("aria-valuemax", String(n));
  slider.setAttribute("aria-valuenow", String((r.k ?? 0) + 1));
}

function gradeChip(m) {
  const key = m.how === "not-reached" ? "notReached" : m.grade || m.how;
  return `<span class="grade g-${m.grade || m.how}">${t(`grade_${key}`)}</span>`;
}

const pct = (p) => `${Math.round(100 * p)} %`;

/** The graded moves (forced ones left out), each a button that shows its position. */
function renderList(r) {
  const body = $("review-list-body");
  const moves = r.data ? r.data.moves : [];
  const rows = [];
  moves.forEach((m, i) => {
    if (!["sampled", "exact", "safe", "undecided"].includes(m.how)) return;
    const chance = GRADED.includes(m.how) ? `${pct(m.win_chance_before)} → ${pct(m.win_chance_after)}` : "—";
    const best = m.best_move && m.best_move !== m.move && m.grade !== "best" ? moveShort(m.best_move) : "";
    rows.push(`<tr${i === r.k ? ' class="picked"' : ""}><td><button type="button" class="link" data-k="${i}">${i + 1}. ${moveShort(m.move)}</button></td>`
      + `<td>${gradeChip(m)}</td><td>${chance}</td><td>${best}</td></tr>`);
  });
  body.innerHTML = rows.join("");
  $("review-list").hidden = !rows.length;
}

/** Show move `k`: its grade and chances, the best move, and the position before it. */
async function showMove(r, k, { quiet = false } = {}) {
  const data = r.data;
  if (!data || !data.moves.length) return;
  r.k = Math.max(0, Math.min(data.moves.length - 1, k));
  const m = data.moves[r.k];
  if (!quiet) { drawGraph(r); renderList(r); }
  const view = r.views.get(r.k);
  fillMove(r, m, view);
  if (view) { drawBoard(r, m, view); return; }
  try {
    const fetched = await api("GET", `/api/games/${r.id}/line?from=${r.k}&moves=&step=0`);
    r.views.set(r.k, fetched);
    if (app.review !== r || data.moves[r.k] !== m) return;
    fillMove(r, m, fetched);
    drawBoard(r, m, fetched);
    if (data.losing_move && data.losing_move.index === r.k) renderLosing(r);
  } catch (err) { failed(err); }
}

function fillMove(r, m, view) {
  const words = (move) => (view ? adviseMove(view, move) : moveShort(move));
  const lines = [`<b>${t("reviewMove", { n: r.k + 1, total: r.data.moves.length, move: words(m.move) })}</b> ${gradeChip(m)}`];
  if (GRADED.includes(m.how)) lines.push(t("reviewChances", { before: Math.round(100 * m.win_chance_before), after: Math.round(100 * m.win_chance_after) }));
  else lines.push(t({ forced: "reviewForced", safe: "reviewSafe", undecided: "reviewUndecided" }[m.how] || "reviewNotReached"));
  if (m.grade === "best") lines.push(t("reviewWasBest"));
  else if (m.best_move && m.best_move !== m.move && m.how !== "forced") lines.push(t("reviewBest", { move: words(m.best_move) }));
  $("review-move").innerHTML = lines.map((line) => `<span>${line}</span>`).join("");
  $("review-graph").setAttribute("aria-valuetext", $("review-move").textContent);
}

/** The position before the move on the small table: the played move marked (red when it was a
 * mistake), the best move lit. */
function drawBoard(r, m, view) {
  const root = $("review-board");
  const played = movePath(m.move, view.layout) || ["s"];
  const best = m.best_move && m.best_move !== m.move && m.grade !== "best" ? movePath(m.best_move, view.layout) || ["s"] : null;
  const bad = BAD.includes(m.grade);
  root.hidden = false;
  const dialog = $("review-dialog");
  const above = root.getBoundingClientRect().top - dialog.getBoundingClientRect().top + dialog.scrollTop;
  const wide = window.innerWidth > 820;  // two columns: the table takes the dialog's height beside the rest
  const height = Math.round(Math.max(170, Math.min(560, wide ? window.innerHeight * 0.94 - above - 110 : window.innerHeight * 0.42)));
  renderBoard(root, view, { height, focus: null, hint: best, lost: bad ? played : null, choices: bad ? null : played });
  $("review-legend").textContent = [t(bad ? "legendPlayedBad" : "legendPlayed"), best ? t("legendBest") : ""].filter(Boolean).join(" · ");
}

// --- moving about ---------------------------------------------------------------------------------
function go(r, k) {
  if (!r || !r.data) return;
  r.picked = true;
  showMove(r, k);
}

function nextBad(r, direction) {
  const moves = r.data.moves;
  for (let i = (r.k ?? -1) + direction; i >= 0 && i < moves.length; i += direction) {
    if (BAD.includes(moves[i].grade) || (r.data.losing_move && r.data.losing_move.index === i)) return i;
  }
  return r.k;
}

/** The move nearest the pointer on the graph. */
function pickAt(r, event) {
  const g = r.graph;
  if (!g || !g.n) return;
  const box = $("review-svg").getBoundingClientRect();
  const px = ((event.clientX - box.left) * g.w) / box.width;
  const k = g.n <= 1 ? 0 : Math.round(((px - g.pad.l) * (g.n - 1)) / (g.w - g.pad.l - g.pad.r));
  go(r, k);
}

/** Wire the dialog's controls (once, at start). */
export function bindReview() {
  const current = () => app.review;
  const click = (id, action) => $(id).addEventListener("click", () => { const r = current(); if (r && r.data) action(r); });
  click("review-first", (r) => go(r, 0));
  click("review-prev", (r) => go(r, (r.k ?? 0) - 1));
  click("review-next", (r) => go(r, (r.k ?? -1) + 1));
  click("review-last", (r) => go(r, r.data.moves.length - 1));
  click("review-prev-bad", (r) => go(r, nextBad(r, -1)));
  click("review-next-bad", (r) => go(r, nextBad(r, 1)));
  click("review-show", (r) => showOnTable(r));
  click("review-line", (r) => showLine(r));
  $("review-longer").addEventListener("click", () => {
    const r = current();
    if (!r) return;
    r.longer = true;
    renderReview(r);
    pump(r);
  });
  $("review-svg").addEventListener("click", (event) => { const r = current(); if (r) pickAt(r, event); });
  $("review-graph").addEventListener("keydown", (event) => {
    const r = current();
    if (!r || !r.data || !r.data.moves.length) return;
    const steps = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, PageUp: -10, PageDown: 10 };
    let k = null;
    if (event.key in steps) k = (r.k ?? 0) + steps[event.key];
    else if (event.key === "Home") k = 0;
    else if (event.key === "End") k = r.data.moves.length - 1;
    if (k === null) return;
    event.preventDefault();
    go(r, k);
  });
  $("review-list-body").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-k]");
    const r = current();
    if (button && r) go(r, Number(button.dataset.k));
  });
  $("review-close").addEventListener("click", () => $("review-dialog").close());
  window.addEventListener("resize", () => { const r = current(); if (r && $("review-dialog").open) renderReview(r); });
}

/** The player's own game from the picked move on, in the replay viewer (the move made marked). */
async function showOnTable(r) {
  const k = r.k ?? 0;
  $("review-dialog").close();
  await openReplay({ id: r.id, n: r.moves.length - k, from: k, line: r.moves.slice(k), title: t("review"), mark: r.moves[k] });
  app.replay.takeBack = k < r.moves.length ? k : null;
  $("replay-note").textContent = $("review-move").textContent;
  render();
}

/** The winning line from just before the losing move, in the replay viewer (as "Where did it go wrong?"). */
async function showLine(r) {
  const losing = r.data.losing_move;
  $("review-dialog").close();
  await openReplay({ id: r.id, n: losing.line.length, from: losing.index, line: losing.line, title: t("analysisTitle"), mark: losing.move });
  app.replay.takeBack = losing.index;
  $("replay-note").textContent = $("review-losing-text").textContent;
  render();
}
