// Three ways to move, all ending in one move token sent to the server:
// drag and drop (pointer events: mouse, pen and touch), click a card then a pile (tap-tap), and the
// keyboard (the board is one tab stop; arrows move between piles; Enter/Space picks up and drops).
// Double-click (double-tap) sends a card home: to the foundation proven never worse (the server's
// guidance), or lights the candidates for the player to pick. A picked or dragged card lights its legal
// destinations. Letter shortcuts go by physical key (KeyboardEvent.code), so D deals on any layout.
// While a solution is replayed (app.replay) the table only shows: no card is picked up or moved.

import { cardName, t } from "./i18n.js";

/** The piles a card from `src` may go to now, from the server's legal moves. */
export function destinations(game, src) {
  return game.legal_moves.filter((m) => m.startsWith(`${src}>`)).map((m) => m.split(">")[1]);
}

const DRAG_START = 6;  // pixels before a press becomes a drag
const DOUBLE_CLICK = 450;

export function attachInput(board, ctx) {
  const { app } = ctx;
  let press = null;        // {src, x, y, card, pointerId}
  let drag = null;         // {src, ghost, dx, dy, over}
  let swallowClick = false;

  const pileOf = (el) => (el && el.closest ? el.closest(".pile") : null);

  function canDeal(game) { return game.legal_moves.includes("deal") || game.legal_moves.includes("redeal"); }

  function pick(name) {
    const game = app.game;
    const el = app.piles[name];
    const cards = el ? el.querySelectorAll(".card") : [];
    if (!cards.length) { ctx.announce(t("nothingToPick")); return; }
    app.ui.selected = name;
    app.ui.hint = null;
    app.ui.targets = destinations(game, name);
    app.ui.choices = null;
    ctx.render();
    const top = el.querySelector(".card.top");
    const card = top && top.dataset.card;
    ctx.announce(t("picked", { card: card ? cardName(card) : t("nextStockCard"), from: el.querySelector(".pile-name").textContent.split(",")[0] }));
    return game;
  }

  /** A click, a tap or Enter on a pile. */
  function activate(name) {
    const game = app.game;
    if (!game || app.replay) return;
    app.ui.focus = name;
    const selected = app.ui.selected;
    if (selected) {
      if (selected === name) {
        app.ui.selected = null;
        app.ui.targets = null;
        app.ui.choices = null;
        ctx.render();
        ctx.announce(t("cancelled"));
        return;
      }
      app.ui.selected = null;
      app.ui.targets = null;
      app.ui.choices = null;
      ctx.play(`${selected}>${name}`);
      return;
    }
    if (name === "s") {
      if (game.legal_moves.includes("deal")) return ctx.play("deal");
      if (game.legal_moves.includes("redeal")) return ctx.play("redeal");
      if (game.legal_moves.some((m) => m.startsWith("s>"))) return pick("s");
      return ctx.play("deal");  // the server says why not
    }
    pick(name);
  }

  // A second click on the same card within DOUBLE_CLICK ms is a double-click (double-tap): the board
  // is redrawn after the first click, so the browser's own dblclick cannot be relied on.
  let lastClick = { name: null, time: 0 };
  let tap = null;              // a finger on a pile: {name, x, y, pointerId}
  let clicksIgnoredUntil = 0;  // the click a browser sends after a tap we already handled

  function pressPile(name) {
    if (app.replay) return;
    const now = performance.now();
    const double = lastClick.name === name && now - lastClick.time < DOUBLE_CLICK;
    // Only a click that picked this pile's card up may start a double-click: a click that dropped a
    // picked card here (fill from the stock, then click to move it on) is the end of another move.
    const drops = !!app.ui.selected && app.ui.selected !== name;
    lastClick = { name: double || drops ? null : name, time: now };
    if (double && name !== "s" && name[0] !== "f") {
      ctx.sendHome(name);
      return;
    }
    activate(name);
  }

  board.addEventListener("click", (event) => {
    if (swallowClick) { swallowClick = false; return; }
    if (performance.now() < clicksIgnoredUntil) return;
    const pile = pileOf(event.target);
    if (pile) pressPile(pile.dataset.pile);
  });

  // Taps are handled on pointerup: after a touch drag, browsers may hold back the next tap's click.
  board.addEventListener("pointerdown", (event) => {
    const pile = pileOf(event.target);
    tap = event.pointerType === "touch" && pile
      ? { name: pile.dataset.pile, x: event.clientX, y: event.clientY, pointerId: event.pointerId } : null;
  });
  board.addEventListener("pointerup", (event) => {
    const current = tap;
    tap = null;
    if (!current || event.pointerId !== current.pointerId || drag) return;
    if (Math.hypot(event.clientX - current.x, event.clientY - current.y) >= DRAG_START) return;
    const pile = pileOf(document.elementFromPoint(event.clientX, event.clientY));
    if (!pile || pile.dataset.pile !== current.name) return;
    clicksIgnoredUntil = performance.now() + 700;
    pressPile(current.name);
  });

  // --- drag and drop ---
  board.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || app.replay) return;
    const card = event.target.closest && event.target.closest(".card.top");
    const pile = pileOf(event.target);
    if (!card || !pile || !card.dataset.card || pile.dataset.pile[0] === "f") return;
    press = { src: pile.dataset.pile, x: event.clientX, y: event.clientY, card, pointerId: event.pointerId };
  });

  window.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.pointerId) return;
    if (!drag) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_START) return;
      const rect = press.card.getBoundingClientRect();
      const ghost = press.card.cloneNode(true);
      ghost.classList.add("ghost");
      ghost.classList.remove("top");
      ghost.style.width = `${rect.width}px`;
      ghost.style.height = `${rect.height}px`;
      document.body.append(ghost);
      press.card.classList.add("dragging");
      drag = { src: press.src, ghost, dx: press.x - rect.left, dy: press.y - rect.top, over: null };
      app.ui.selected = null;
      for (const dst of destinations(app.game, press.src)) if (app.piles[dst]) app.piles[dst].classList.add("target");
    }
    event.preventDefault();
    drag.ghost.style.left = `${event.clientX - drag.dx}px`;
    drag.ghost.style.top = `${event.clientY - drag.dy}px`;
    const over = pileOf(document.elementFromPoint(event.clientX, event.clientY));
    if (drag.over !== over) {
      if (drag.over) drag.over.classList.remove("drop-over");
      if (over && over.dataset.pile !== drag.src) over.classList.add("drop-over");
      drag.over = over;
    }
  }, { passive: false });

  function endDrag(event, cancelled) {
    if (!press || event.pointerId !== press.pointerId) return;
    const current = drag;
    const source = press;
    press = null;
    drag = null;
    if (!current) return;
    swallowClick = true;
    setTimeout(() => { swallowClick = false; }, 0);
    const dropped = current.ghost.getBoundingClientRect();
    current.ghost.remove();
    source.card.classList.remove("dragging");
    if (current.over) current.over.classList.remove("drop-over");
    for (const el of Object.values(app.piles)) el.classList.remove("target");
    const target = cancelled ? null : pileOf(document.elementFromPoint(event.clientX, event.clientY));
    if (target && target.dataset.pile !== current.src) {
      lastClick = { name: null, time: 0 };  // a click on the pile just filled is a new first click
      app.ui.focus = target.dataset.pile;
      ctx.play(`${current.src}>${target.dataset.pile}`, { from: dropped });
    } else {
      ctx.render();
    }
  }
  window.addEventListener("pointerup", (event) => endDrag(event, false));
  window.addEventListener("pointercancel", (event) => endDrag(event, true));

  // --- keyboard ---
  function moveFocus(key) {
    const here = app.piles[app.ui.focus];
    if (!here) return;
    const spot = (el) => { const r = el.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top }; };
    const from = spot(here);
    let best = null, bestScore = Infinity;
    for (const [name, el] of Object.entries(app.piles)) {
      if (el === here) continue;
      const to = spot(el);
      const dx = to.x - from.x, dy = to.y - from.y;
      let ahead, side;
      if (key === "ArrowRight") [ahead, side] = [dx, dy];
      else if (key === "ArrowLeft") [ahead, side] = [-dx, dy];
      else if (key === "ArrowDown") [ahead, side] = [dy, dx];
      else [ahead, side] = [-dy, dx];
      if (ahead <= 4) continue;
      const score = ahead + 3 * Math.abs(side);
      if (score < bestScore) { bestScore = score; best = name; }
    }
    if (!best) return;
    here.tabIndex = -1;
    app.ui.focus = best;
    app.piles[best].tabIndex = 0;
    app.piles[best].focus();
  }

  board.addEventListener("keydown", (event) => {
    const pile = pileOf(event.target);
    if (!pile || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key.startsWith("Arrow")) {
      event.preventDefault();
      moveFocus(event.key);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      activate(pile.dataset.pile);
    } else if (event.key === "Escape" && app.ui.selected) {
      event.preventDefault();
      app.ui.selected = null;
      app.ui.targets = null;
      app.ui.choices = null;
      ctx.render();
      ctx.announce(t("cancelled"));
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      const names = Object.keys(app.piles);
      app.ui.focus = event.key === "Home" ? names[0] : names[names.length - 1];
      ctx.render();
      app.piles[app.ui.focus].focus();
    }
  });

  board.addEventListener("focusin", (event) => {
    const pile = pileOf(event.target);
    if (pile && pile.dataset.pile !== app.ui.focus) {
      if (app.piles[app.ui.focus]) app.piles[app.ui.focus].tabIndex = -1;
      app.ui.focus = pile.dataset.pile;
      pile.tabIndex = 0;
    }
  });

  document.addEventListener("keydown", (event) => {
    if (document.querySelector("dialog[open]")) return;
    const tag = event.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const code = event.code;
    const ctrl = event.ctrlKey || event.metaKey;
    if (ctrl && code === "KeyZ") { event.preventDefault(); return event.shiftKey ? ctx.redo() : ctx.undo(); }
    if (ctrl && code === "KeyY") { event.preventDefault(); return ctx.redo(); }
    if (ctrl || event.altKey) return;
    if (code === "KeyU") ctx.undo();
    else if (code === "KeyR") ctx.redo();
    else if (code === "KeyH") ctx.hint();
    else if (code === "KeyP") ctx.peek();
    else if (code === "KeyV") ctx.review();
    else if (code === "KeyS") ctx.summary();
    else if (code === "KeyF") ctx.finish();
    else if (code === "KeyD" && app.game) {
      if (canDeal(app.game)) ctx.play(app.game.legal_moves.includes("deal") ? "deal" : "redeal");
      else ctx.play("deal");
    } else return;
    event.preventDefault();
  });
}
