// Settings: kept in localStorage, applied as classes on <body> (themes, card backs, card size,
// four colours) and read by the other modules from app.settings. Also the language switch and rules.

import { $, DEFAULTS, SETTINGS_KEY, app } from "./state.js";
import { getLang, rulesHtml, setLang, translatePage } from "./i18n.js";
import { render } from "./view.js";
import { refreshStatsLine } from "./stats.js";
import { fillVariantOdds } from "./odds.js";
import { retextVerdicts } from "./verdict.js";
import { retextMeter } from "./meter.js";

export const THEMES = ["green", "blue", "red", "grey", "contrast"];
export const BACKS = ["red", "blue", "green", "black"];
export const CARD_SIZES = ["small", "normal", "large"];  // board.js: shares of the room the table leaves

export function loadSettings() {
  try { Object.assign(app.settings, JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}")); } catch (err) { /* defaults */ }
  if (typeof app.settings.autoMove === "boolean") {  // the old checkbox became off/safe/all
    if (app.settings.autoMove && app.settings.autoPlay === "off") app.settings.autoPlay = "safe";
    delete app.settings.autoMove;
  }
  if (typeof app.settings.largeCards === "boolean") {  // the old checkbox became small/normal/large
    if (app.settings.largeCards && app.settings.cardSize === "normal") app.settings.cardSize = "large";
    delete app.settings.largeCards;
  }
  if (!CARD_SIZES.includes(app.settings.cardSize)) app.settings.cardSize = "normal";
}

export function saveSettings() { localStorage.setItem(SETTINGS_KEY, JSON.stringify(app.settings)); }

export function applySettings() {
  const s = app.settings, body = document.body;
  body.classList.toggle("four-colour", s.fourColour);
  body.classList.toggle("no-anim", !s.animations);
  body.classList.toggle("large-cards", s.cardSize === "large");
  body.dataset.cardSize = s.cardSize;
  body.classList.toggle("left-handed", s.leftHanded);
  for (const theme of THEMES) body.classList.toggle(`theme-${theme}`, s.theme === theme);
  for (const back of BACKS) body.classList.toggle(`back-${back}`, s.back === back);
  for (const key of Object.keys(DEFAULTS)) {
    const box = $(`set-${key}`);
    if (!box) continue;
    if (box.type === "checkbox") box.checked = !!s[key];
    else if (key !== "lang") box.value = String(s[key]);
  }
  $("set-lang").value = getLang();
  $("winnable-row").hidden = !app.catalogue.some((g) => Object.values(g.winnable_pool || {}).some(Boolean));
  if (!s.showVerdict) $("deal-verdict").hidden = true;
}

/** Wire every control of the settings dialog to app.settings. */
export function bindSettings(onChange) {
  for (const key of Object.keys(DEFAULTS)) {
    const box = $(`set-${key}`);
    if (!box || key === "lang") continue;
    box.addEventListener("change", () => {
      const old = app.settings[key];
      app.settings[key] = box.type === "checkbox" ? box.checked : typeof old === "number" ? Number(box.value) : box.value;
      saveSettings();
      applySettings();
      render();
      onChange(key);
    });
  }
}

export function switchLanguage(lang) {
  setLang(lang);
  app.settings.lang = lang;
  saveSettings();
  const other = lang === "ru" ? "en" : "ru";
  $("lang").textContent = other.toUpperCase();
  $("lang").lang = other;
  translatePage();
  applySettings();
  $("message").textContent = "";
  retextVerdicts();
  retextMeter();
  render();
  refreshStatsLine();
  fillVariantOdds();
}

export function showRules() {
  $("rules-body").innerHTML = rulesHtml(app.game ? app.game.game : "british-square");
  const dialog = $("rules-dialog");
  dialog.showModal();
  $("rules-title").focus();  // not the Close button at the foot: the rules are read from the top
  dialog.scrollTop = 0;
}
