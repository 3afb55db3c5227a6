// Sounds synthesised with WebAudio (nothing is fetched): a tick for a move, a swish for a deal, a low
// buzz for an illegal move, a little arpeggio for a win. Off unless the player turns them on.

import { app } from "./state.js";

let audio = null;

const TONES = {
  move: [[660, 0, 0.05, "triangle"]],
  deal: [[420, 0, 0.04, "sine"], [520, 0.03, 0.04, "sine"]],
  illegal: [[140, 0, 0.16, "sawtooth"]],
  win: [[523, 0, 0.14, "triangle"], [659, 0.12, 0.14, "triangle"], [784, 0.24, 0.14, "triangle"], [1046, 0.36, 0.3, "triangle"]],
};

/** Play the sound `kind` (move, deal, illegal, win) when sound is on. */
export function sound(kind) {
  if (!app.settings.sound || !TONES[kind]) return;
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const now = audio.currentTime;
    for (const [freq, at, length, type] of TONES[kind]) {
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.type = type;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + at);
      gain.gain.exponentialRampToValueAtTime(0.12, now + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + at);
      osc.stop(now + at + length + 0.02);
    }
  } catch (err) { /* no audio: play on in silence */ }
}
