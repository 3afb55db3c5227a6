// Achievements: the server decides them from the stored games (GET /api/achievements), so they hold
// after a reload and in a new tab; this module shows them in their dialog (earned or not, with the
// progress of those that count up) and tells of a new one once (POST /api/achievements/seen): in the
// end dialog when a game has just ended, else in a notice over the status line.

import { $ } from "./state.js";
import { api } from "./api.js";
import { t } from "./i18n.js";
import { longDate } from "./results.js";

const NOTICE_MS = 12000;  // how long the notice stays (the dialog keeps the list)
let checking = null;
let noticeTimer = null;

const key = (id) => `ach_${id.replaceAll("-", "_")}`;

/** The dialog of every achievement, earned or not. */
export async function showAchievements() {
  const box = $("achievements-body");
  try {
    const answer = await api("GET", "/api/achievements");
    box.innerHTML = "";
    box.append(achievementList(answer.achievements));
  } catch (err) {
    box.textContent = err.message;
  }
  const dialog = $("achievements-dialog");
  if (!dialog.open) dialog.showModal();
  $("achievements-title").focus();
  dialog.scrollTop = 0;
}

function achievementList(items) {
  const list = document.createElement("ul");
  list.className = "achievements";
  for (const a of items) {
    const item = document.createElement("li");
    item.className = a.earned ? "earned" : "not-earned";
    item.dataset.achievement = a.id;
    const icon = document.createElement("span");
    icon.className = "ach-icon";
    icon.setAttribute("aria-hidden", "true");
    icon.textContent = a.earned ? "★" : "☆";
    const words = document.createElement("div");
    const title = document.createElement("b");
    title.textContent = t(key(a.id));
    const rule = document.createElement("span");
    rule.className = "ach-rule";
    rule.textContent = t(`${key(a.id)}_text`);
    const state = document.createElement("span");
    state.className = "ach-state";
    const progress = a.goal && !a.earned ? ` · ${t("achProgress", { n: a.progress, goal: a.goal })}` : "";
    state.textContent = a.earned ? t("achEarned", { date: longDate(a.earned_on) }) : t("achNotYet") + progress;
    words.append(title, " ", rule, " ", state);
    item.append(icon, words);
    list.append(item);
  }
  return list;
}

/** Tell of achievements earned and not yet told of, once (one check at a time). */
export function checkAchievements() {
  if (!checking) {
    checking = tellNew().finally(() => {
      checking = null;
      document.body.dataset.awardsChecked = "1";  // for the tests: the first check has been answered
    });
  }
  return checking;
}

async function tellNew() {
  let answer;
  try { answer = await api("GET", "/api/achievements"); } catch (err) { return; }
  const fresh = answer.achievements.filter((a) => a.new);
  if (!fresh.length) return;
  const text = t("achNotice", { n: fresh.length, names: fresh.map((a) => t(key(a.id))).join(", ") });
  if ($("end-dialog").open) {  // the game just ended: said in its dialog, where the player looks
    $("end-awards-text").textContent = `★ ${text}`;
    $("end-awards").hidden = false;
  } else {
    whenNoDialog(() => showNotice(text));
  }
  try {
    await api("POST", "/api/achievements/seen", { ids: fresh.map((a) => a.id) });
  } catch (err) { /* told again next time: better than never */ }
}

/** Run `then` now, or when the open dialog closes: a notice under a modal dialog could be neither
 * read nor closed (the dialog makes the rest of the page inert). */
function whenNoDialog(then) {
  const open = document.querySelector("dialog[open]");
  if (open) open.addEventListener("close", () => whenNoDialog(then), { once: true });
  else then();
}

function showNotice(text) {
  $("award-text").textContent = `★ ${text}`;
  $("award").hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(hideNotice, NOTICE_MS);
}

function hideNotice() {
  clearTimeout(noticeTimer);
  $("award").hidden = true;
}

/** The notice's and the end dialog's buttons. */
export function bindAchievements() {
  $("award-show").addEventListener("click", () => { hideNotice(); showAchievements(); });
  $("award-close").addEventListener("click", hideNotice);
  $("end-awards-show").addEventListener("click", showAchievements);
}
