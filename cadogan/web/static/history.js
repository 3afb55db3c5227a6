// The player's finished games in the statistics dialog (GET /api/history), newest first, a page at a
// time: each one's result, to watch again (a game that is over) or to share.

import { $ } from "./state.js";
import { api } from "./api.js";
import { t } from "./i18n.js";
import { gameItem } from "./daily.js";
import { longDate } from "./results.js";

const PAGE = 10;

/** Fill the list from its first page. */
export async function fillHistory() {
  const box = $("history-body");
  box.innerHTML = "";
  await addPage(box, 0);
}

async function addPage(box, offset) {
  let answer;
  try {
    answer = await api("GET", `/api/history?limit=${PAGE}&offset=${offset}`);
  } catch (err) {
    box.textContent = err.message;
    return;
  }
  box.querySelector(".show-more")?.remove();
  if (!answer.total) {
    const none = document.createElement("p");
    none.textContent = t("noFinished");
    box.append(none);
    return;
  }
  let list = box.querySelector("ul.game-list");
  if (!list) {
    list = document.createElement("ul");
    list.className = "game-list";
    box.append(list);
  }
  for (const game of answer.games) {
    const when = game.ended ? `${longDate(game.ended)} · ` : "";
    list.append(gameItem(game, () => $("stats-dialog").close(), `${when}${t("deal")} ${game.deal_text} · `));
  }
  const shown = offset + answer.games.length;
  if (shown < answer.total) {
    const more = document.createElement("button");
    more.type = "button";
    more.className = "show-more";
    more.textContent = t("showMore");
    more.addEventListener("click", async () => {
      await addPage(box, shown);
      list.children[shown]?.querySelector("button")?.focus();  // the first game of the new page
    });
    box.append(more);
  }
}
