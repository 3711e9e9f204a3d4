// @ts-check
// The game page's controls, drawn from the state in one place: which
// buttons are shown and may be pressed, their words, the power, the banner
// over the table and the status line under it. `controlsFor` decides all
// of it from the page's state and the stroke being made (pure, no DOM);
// `drawControls` puts what it decided on the page. What a person may do is
// the server's to say in the end (it refuses what is not theirs); when the
// state says it (`may`), `controlsFor` is the one function to read it.

import { t } from '../shared/text.js';
import { language } from '../shared/lang.js';
import * as panel from '../shared/panel.js';
import { aimGuide } from '../shared/guide.js';
import { discsOnTable } from '../shared/zone.js';
import { byId as $ } from '../shared/dom.js';
import { phase as phaseOf } from './events.js';
import { jumpedPocket } from './jump.js';
import * as people from './online.js';

/** @typedef {import('./state.js').GameView} GameView */
/** @typedef {import('../shared/protocol.js').State} State */
/** @typedef {import('../shared/protocol.js').Seat} Seat */
/** @typedef {import('../shared/protocol.js').Vec2} Vec2 */

/**
 * The stroke being made (the stroke maker's, input.js): where the striker
 * stands and points, at what speed, and whether it may be struck.
 * @typedef {{at: Vec2 | null, dir: Vec2, speed: number, canStrike: boolean}} Making
 */

/**
 * What the offers between people allow this person now (offers.js).
 * @typedef {{askTakeBack: boolean, offerRematch: boolean}} OffersNow
 */

/** A control: shown or hidden, enabled or not. @typedef {{shown: boolean, enabled: boolean}} Control */

/**
 * Everything the controls show, decided from the state: word ids, not
 * words, so the decision is the same in every language.
 * @typedef {object} Controls
 * @property {string} phase the page's phase (body[data-phase])
 * @property {Control & {words: string}} takeBack
 * @property {Control} resign
 * @property {Control} abort
 * @property {Control} hint asking for a hint, and its level
 * @property {Control} pace the computer's pace (where the computer plays)
 * @property {Control} strike
 * @property {Control} skip the animation playing
 * @property {Control & {value: number, max: number}} power
 * @property {{shown: boolean, text: string}} banner over the table when a set or the match is over
 * @property {Control} nextSet
 * @property {Control & {words: string}} rematch
 * @property {Control} newGame the banner's
 * @property {{view: string, rate: number, pace: string, guide: boolean, refs: boolean, hint: string}} prefs
 * @property {Status} status
 */

/**
 * The status line under the table, and what goes with it.
 * @typedef {object} Status
 * @property {string} text what the page is doing, or what it waits for
 * @property {boolean} warn the text is the stroke maker's warning
 * @property {string} summary the last stroke, or the last call (a time-out, a claim), in one line
 * @property {boolean} foul the last stroke was a foul
 * @property {{text: string, href: string} | null} missed strokes shown at once, to watch in the replay
 * @property {boolean} reconnecting the game's socket dropped and is opening again
 */

/**
 * The seat that resigns (or calls the game off) from this page: the one
 * person's against the computer, otherwise (one screen shared) the person
 * to stroke; between people only the seat this page holds.
 * @param {Pick<GameView, 'state' | 'me'>} page
 * @returns {Seat | null}
 */
export function resignSeat(page) {
  const st = page.state;
  if (!st) return null;
  // Between people, this page resigns only for the seat it holds.
  if (st.seats && page.me !== undefined) {
    const k = st.seats.findIndex((_, i) => people.holds(st, page.me, i));
    if (k < 0) return null;
    if (people.betweenPeople(st)) return st.players[k]?.seat ?? null;
  }
  const humans = st.players.filter((p) => p.kind === 'human' && p.seat);
  if (humans.length === 1) return humans[0].seat;
  return st.turn?.kind === 'human' ? st.turn.seat : null;
}

/**
 * Which controls are shown and may be used now, and what they say: the
 * one place that decides it, from the page's state, the stroke being made
 * and the offers this person may make.
 * @param {GameView} page
 * @param {Making} making
 * @param {OffersNow} offers
 * @returns {Controls}
 */
export function controlsFor(page, making, offers) {
  const ph = phaseOf(page);
  const st = page.state;
  // Nothing can be sent while the connection is down (it heals by itself).
  const online = page.connection === 'open';
  // What the server's one policy allows this page (docs/protocol.md, "What
  // a client may do"): a control is shown when the game offers it at all,
  // and usable when it is allowed now. The page keeps no rules of its own.
  const may = people.allowed(st, page.me ?? null);
  // Between people a take-back is asked of the other side.
  const asking = may.offered.has('offer_take_back');
  const seat = resignSeat(page);
  // Only the game's players start the next set or a rematch; a watcher waits for them.
  const player = !st?.seats || people.isPlayer(st, page.me);
  const over = ph === 'over';
  const hint = online && ph === 'idle' && !page.hintWaiting && may.now.has('hint');
  // A rematch between people is offered to the other side, once; at one
  // screen it is simply the same match again.
  const asksRematch = may.offered.has('offer_rematch');
  return {
    phase: ph,
    takeBack: {
      shown: asking || may.offered.has('take_back'),
      words: asking ? 'btn.ask_take_back' : 'btn.take_back',
      enabled: asking ? online && offers.askTakeBack : online && may.now.has('take_back') && ['idle', 'thinking', 'between', 'over'].includes(ph),
    },
    // Resigning hands the match to the other side: only between two
    // sides, only while it is being played. Before both sides have
    // stroked there is no result to resign: the match can only be called
    // off, and while another person strokes ('other') a player may still
    // give up.
    resign: {
      shown: !!st && st.format !== 'four_player' && !st.can_abort && may.offered.has('resign'),
      enabled: online && !!seat && may.now.has('resign') && ['idle', 'thinking', 'other', 'between'].includes(ph),
    },
    abort: {
      shown: !!st?.can_abort && may.offered.has('abort'),
      enabled: online && !!seat && may.now.has('abort') && ['idle', 'thinking', 'other'].includes(ph),
    },
    // Between people a hint would be help from outside the table: the
    // policy offers none there.
    hint: { shown: may.offered.has('hint'), enabled: hint },
    // The computer's pace matters only where the computer plays.
    pace: { shown: !!st?.players?.some((p) => p.kind === 'computer'), enabled: true },
    strike: { shown: true, enabled: online && ph === 'idle' && making.canStrike && making.speed >= 0.05 },
    skip: { shown: ph === 'animating', enabled: true },
    power: { shown: true, enabled: ph === 'idle', value: making.speed, max: st?.max_speed ?? 8 },
    // A set or match a call ended is said as the call was (a claim, not
    // "the organiser forfeited"), then who won.
    banner: {
      shown: ph === 'between' || over,
      text: (ph === 'between' || over) && st
        ? (page.called ? `${panel.calledText(page.called)} ${panel.resultText(st, true)}` : panel.resultText(st))
        : '',
    },
    nextSet: { shown: ph === 'between' && may.now.has('next_set'), enabled: online },
    rematch: {
      shown: over && (asksRematch || player),
      words: asksRematch ? 'btn.offer_rematch' : 'btn.rematch',
      enabled: asksRematch ? online && offers.offerRematch : !page.rematchAsked,
    },
    newGame: { shown: over, enabled: true },
    prefs: { ...page.prefs },
    status: statusFor(page, ph, making),
  };
}

/**
 * The status line: the connection first, then what the stroke maker says,
 * then what the page is doing.
 * @param {GameView} page
 * @param {string} ph
 * @param {Making} making
 * @returns {Status}
 */
function statusFor(page, ph, making) {
  const st = page.state;
  let text = '';
  if (page.connection !== 'open' && page.id) text = t(page.wasOpen ? 'status.reconnecting' : 'status.connecting');
  else if (page.say) text = t(page.say);
  else if (ph === 'idle' && st?.turn) {
    const cushion = t(`cushion.${st.turn.seat}`);
    text = panel.isYou(st, st.turn.player) ? t('status.your_turn_you', { cushion }) : t('status.your_turn', { name: panel.playerName(st, st.turn.player), cushion });
    // The aim guide's warning: at this power the target would jump the pocket.
    const pocket = page.prefs.guide && making.at ? jumpedPocket(st, aimGuide(st.table, discsOnTable(st), making.at, making.dir), making.speed) : null;
    if (pocket) text = `${text} ${t('guide.jump', { pocket: t(`pocket.${pocket}`) })}`;
  }
  else if (ph === 'other' && st && people.openSeats(st).length) text = t('status.waiting_seats', { name: people.openSeats(st).map((k) => panel.playerName(st, k)).join(', ') });
  else if (ph === 'other' && st?.turn) text = t('status.other_turn', { name: panel.playerName(st, st.turn.player), cushion: t(`cushion.${st.turn.seat}`) });
  else if (ph === 'thinking' && st?.turn) text = t(page.thinking?.event === st.event ? 'status.thinking' : 'status.computer_turn', { name: panel.playerName(st, st.turn.player) });
  else if (ph === 'animating') text = t('status.animating');
  else if (ph === 'waiting') text = t('status.waiting');
  else if (page.hintWaiting) text = t('status.hint_wait');
  // Strokes shown at once while catching up can be watched in the replay:
  // from the end, the missed strokes and the one that played after them.
  const missed = page.missed && page.id ? {
    text: t('status.missed', { n: page.missed.count }),
    href: `replay.html#game=${encodeURIComponent(page.id)}&stroke=${-(page.missed.count + 1)}`,
  } : null;
  return {
    text,
    warn: !!page.say,
    summary: page.called ? panel.calledText(page.called) : page.summary ? panel.summaryText(page.summary.msg) : '',
    foul: !!page.summary?.foul,
    missed,
    reconnecting: !!(page.id && page.wasOpen && page.connection !== 'open'),
  };
}

/** The hint levels' list as last drawn (levels and language), so it is rebuilt only when they change. */
let levelsDrawn = '';

/**
 * Puts the controls on the page.
 * @param {Controls} c
 * @param {string[] | null} hintLevels the levels a hint may be asked at
 */
export function drawControls(c, hintLevels) {
  document.body.dataset.phase = c.phase;
  const show = (/** @type {string} */ id, /** @type {Control} */ k) => {
    const el = $(id, HTMLButtonElement);
    el.hidden = !k.shown;
    el.disabled = !k.enabled;
    return el;
  };
  show('take-back', c.takeBack).textContent = t(c.takeBack.words);
  show('resign', c.resign);
  show('abort', c.abort);
  show('hint', c.hint);
  show('pace', c.pace);
  show('strike', c.strike);
  $('skip').hidden = !c.skip.shown;
  const levels = $('hint-level', HTMLSelectElement);
  levels.hidden = !c.hint.shown;
  levels.disabled = !c.hint.enabled;
  drawLevels(levels, hintLevels, c.prefs.hint);

  const power = $('power-input', HTMLInputElement);
  power.disabled = !c.power.enabled;
  power.max = String(c.power.max);
  power.value = String(c.power.value);
  power.style.setProperty('--fill', `${(100 * c.power.value) / c.power.max}%`);
  $('power-value').textContent = t('power.value', { speed: c.power.value.toFixed(2) });

  $('banner').hidden = !c.banner.shown;
  if (c.banner.shown) {
    $('banner-text').textContent = c.banner.text;
    show('next-set', c.nextSet);
    show('rematch', c.rematch).textContent = t(c.rematch.words);
    show('banner-new-game', c.newGame);
  }

  $('view').textContent = t(c.prefs.view === 'mover' ? 'btn.view.mover' : 'btn.view.south');
  $('rate').textContent = t('btn.speed', { rate: c.prefs.rate });
  $('pace').textContent = t(c.prefs.pace === 'fast' ? 'btn.pace.fast' : 'btn.pace.normal');
  $('guide', HTMLInputElement).checked = !!c.prefs.guide;
  $('show-refs', HTMLInputElement).checked = !!c.prefs.refs;
  document.body.classList.toggle('hide-refs', !c.prefs.refs);

  const s = c.status;
  $('now').textContent = s.text;
  $('status').className = s.warn ? 'warn' : '';
  // Nothing to say: no empty bubble (its room is kept, so the table stays put).
  $('status').classList.toggle('empty', !s.text && !s.summary && !s.missed);
  $('summary').textContent = s.summary;
  $('summary').className = s.foul ? 'foul' : '';
  $('missed').hidden = !s.missed;
  if (s.missed) {
    const link = $('missed-link', HTMLAnchorElement);
    link.textContent = s.missed.text;
    link.href = s.missed.href;
  }
  $('connection').hidden = !s.reconnecting;
  $('connection').title = t('status.reconnecting');
}

/**
 * The hint levels, weakest first, each in the language in force; the one
 * chosen selected.
 * @param {HTMLSelectElement} sel
 * @param {string[] | null} levels
 * @param {string} chosen
 */
function drawLevels(sel, levels, chosen) {
  const names = levels?.length ? levels : [chosen];
  const key = `${language()}|${names.join(',')}`;
  if (levels && key !== levelsDrawn) {
    levelsDrawn = key;
    sel.replaceChildren(...names.map((l) => Object.assign(document.createElement('option'), { value: l, textContent: t('hint.level_option', { level: t(`level.${l}`) }) })));
  }
  if (sel.value !== chosen) sel.value = chosen;
}
