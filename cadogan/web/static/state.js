// The one shared state of the page: the game object from the server, what the player is doing, settings.
// Every module reads and writes it through `app`; nothing else is global.

export const $ = (id) => document.getElementById(id);
export const SETTINGS_KEY = "cadogan.settings";
export const CURRENT_KEY = "cadogan.current";
export const SEEN_KEY = "cadogan.seen";
export const DEFAULTS = {
  lang: null, autoPlay: "off", fourColour: false, animations: true, showTimer: true, checkVerdict: false,
  winnableOnly: false, showVerdict: false, winMeter: false, sound: false, theme: "green", back: "red", cardSize: "normal",
  replaySpeed: 700, newDifficulty: "any", leftHanded: false,
};

export const app = {
  game: null,              // the game object from the server
  catalogue: [],           // GET /api/games
  ui: { selected: null, hint: null, focus: "s", arrived: null, height: 600, targets: null, choices: null, lost: null, shake: null },
  settings: { ...DEFAULTS },
  piles: {},
  clock: { start: null, stopped: false, hiddenAt: null, paused: 0 },
  queue: Promise.resolve(),
  busy: 0,                 // API calls under way that change the game (clicks meanwhile are refused, not queued)
  replay: null,            // the line being replayed: {id, n, k, target, view, views, busy, timer}; null when playing
  solving: false,          // a solution search is under way
  hinting: false,          // a hint search is under way
  analysing: false,        // an analysis (where did it go wrong?) is under way
  verdict: null,           // the last verdict shown: {id, moves, verdict}, to warn when a move loses a winnable game
  dealVerdict: null,       // the deal's verdict from its start: {id, verdict, difficulty} (verdict.js)
  guidance: null,          // GET .../guidance for the current position: {home, finish, safe, all}
  meter: null,             // the win-chance meter's position and whether its chance is shown (meter.js)
  review: null,            // the game review open in its dialog (review.js)
};
