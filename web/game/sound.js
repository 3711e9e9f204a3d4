// @ts-check
// The sounds of a stroke, made on the spot with Web Audio (no audio
// files): a click when two bodies meet, a duller knock off a cushion, a low
// thud into a pocket, each louder the harder the impact. The server lists
// the stroke's audible moments with the motion (`motion.contacts`,
// docs/protocol.md); the animation's clock plays them, so they follow its
// rate and a skipped animation stays silent.
//
// Browsers allow sound only after the player has done something, so the
// AudioContext is made on the first key or pointer press, and never while
// the sound is off. The choice is remembered.

const KEY = 'novuss.sound';
// A cluster break has dozens of contacts within a few milliseconds: at
// most this many sounds start within WINDOW seconds (the loudest win).
const VOICES = 4;
const WINDOW = 0.035;
// Contacts behind the clock by more than this (s) are not played late:
// the frame that reached them came after a pause or a skip.
const LATE = 0.12;

/** @typedef {import('../shared/protocol.js').Motion} Motion */
/** @typedef {import('../shared/protocol.js').Contact} Contact */

/**
 * One sound: a burst of noise through a band-pass filter, with a tone under it.
 * @typedef {{level: number, band: number, q: number, decay: number, tone: number, drop?: number}} Voice
 */

function stored() {
  try { return localStorage.getItem(KEY) !== 'off'; } catch { return true; }
}

export class Sounds {
  constructor() {
    this.on = stored();
    /** @type {AudioContext | null} */
    this.ctx = null;
    /** @type {GainNode | null} */
    this.out = null;
    /** @type {AudioBuffer | null} */
    this.noise = null;
    /** @type {number[]} start times of the sounds playing now, for the voice limit */
    this.recent = [];
    this.played = 0; // sounds started, for the tests
    const wake = () => this.wake();
    window.addEventListener('pointerdown', wake, { capture: true });
    window.addEventListener('keydown', wake, { capture: true });
  }

  /**
   * Turn the sound on or off, and remember it.
   * @param {boolean} on
   */
  set(on) {
    this.on = !!on;
    try { localStorage.setItem(KEY, this.on ? 'on' : 'off'); } catch { /* storage blocked: for this page only */ }
    if (this.on) this.wake();
    else this.ctx?.suspend();
  }

  /** Called on every user gesture: make or resume the context, if sound is wanted. */
  wake() {
    if (!this.on) return;
    if (!this.ctx) {
      // (Older Safari names it with its prefix.)
      const Ctx = window.AudioContext || /** @type {{webkitAudioContext?: typeof AudioContext}} */ (window).webkitAudioContext;
      if (!Ctx) return;
      this.ctx = new Ctx();
      // A limiter after the voices, so several loud contacts never clip.
      const comp = this.ctx.createDynamicsCompressor();
      comp.threshold.value = -14;
      comp.ratio.value = 12;
      comp.attack.value = 0.002;
      comp.release.value = 0.12;
      this.out = this.ctx.createGain();
      this.out.gain.value = 0.8;
      this.out.connect(comp).connect(this.ctx.destination);
      this.noise = this.ctx.createBuffer(1, Math.round(this.ctx.sampleRate * 0.4), this.ctx.sampleRate);
      const data = this.noise.getChannelData(0);
      for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
    }
    if (this.ctx.state === 'suspended') this.ctx.resume();
  }

  get ready() { return this.on && this.ctx?.state === 'running'; }

  /**
   * Play the contacts of `motion` whose time lies in (from, to] of the
   * animation's clock; `rate` is its playback rate (a sound heard at 2×
   * is shorter and higher, as a recording played fast would be).
   * @param {Motion | null | undefined} motion
   * @param {number} from
   * @param {number} to
   * @param {number} [rate]
   */
  between(motion, from, to, rate = 1) {
    const contacts = motion?.contacts;
    if (!contacts?.length || !(to > from)) return;
    const due = contacts.filter((c) => c.t > from && c.t <= to && to - c.t <= LATE * rate);
    if (!due.length || !this.ready) return;
    // The loudest first, so the voice limit drops the faint ones.
    due.sort((a, b) => (b.speed ?? 0) - (a.speed ?? 0));
    for (const c of due) this.hit(c, (c.t - to) / rate, rate);
  }

  /**
   * One contact, `ago` seconds (≤ 0) before now by the animation's clock.
   * @param {Contact} contact
   * @param {number} ago
   * @param {number} rate
   */
  hit(contact, ago, rate) {
    const ctx = this.ctx;
    if (!ctx) return;
    const now = ctx.currentTime;
    this.recent = this.recent.filter((t) => now - t < WINDOW);
    if (this.recent.length >= VOICES) return;
    this.recent.push(now);
    this.played += 1;
    // Louder with speed, flattening out above a hard hit (m/s).
    /** @param {number} s @param {number} full */
    const loud = (s, full) => Math.min(1, Math.pow(Math.max(0, s) / full, 0.7));
    const at = now + Math.max(0, ago + 0.005);
    const speed = contact.speed ?? 0;
    if (contact.kind === 'disc') {
      this.voice(at, { level: 0.1 + 0.75 * loud(speed, 4), band: 3200 * Math.sqrt(rate), q: 2.5, decay: 0.035 / rate, tone: 1900 * Math.sqrt(rate) });
    } else if (contact.kind === 'cushion') {
      this.voice(at, { level: 0.1 + 0.6 * loud(speed, 4), band: 700 * Math.sqrt(rate), q: 1.2, decay: 0.07 / rate, tone: 170 * Math.sqrt(rate) });
    } else if (contact.kind === 'pocket') {
      // The protocol gives pockets no speed: a steady thud, a little louder if one comes.
      this.voice(at, { level: 0.55 + 0.3 * loud(speed, 3), band: 260, q: 0.8, decay: 0.18 / Math.sqrt(rate), tone: 80, drop: 0.6 });
    }
  }

  /**
   * A burst of filtered noise with a short tone under it: wood on wood.
   * @param {number} at
   * @param {Voice} voice
   */
  voice(at, { level, band, q, decay, tone, drop = 1 }) {
    const { ctx, out } = this;
    if (!ctx || !out) return;
    const src = ctx.createBufferSource();
    src.buffer = this.noise;
    const filter = ctx.createBiquadFilter();
    filter.type = 'bandpass';
    filter.frequency.value = band;
    filter.Q.value = q;
    const env = ctx.createGain();
    env.gain.setValueAtTime(0.0001, at);
    env.gain.exponentialRampToValueAtTime(level, at + 0.002);
    env.gain.exponentialRampToValueAtTime(0.0001, at + decay);
    src.connect(filter).connect(env).connect(out);
    src.start(at);
    src.stop(at + decay + 0.02);
    const osc = ctx.createOscillator();
    osc.frequency.setValueAtTime(tone, at);
    if (drop !== 1) osc.frequency.exponentialRampToValueAtTime(tone * drop, at + decay);
    const body = ctx.createGain();
    body.gain.setValueAtTime(0.0001, at);
    body.gain.exponentialRampToValueAtTime(level * 0.5, at + 0.003);
    body.gain.exponentialRampToValueAtTime(0.0001, at + decay * 1.3);
    osc.connect(body).connect(out);
    osc.start(at);
    osc.stop(at + decay * 1.3 + 0.02);
  }
}
