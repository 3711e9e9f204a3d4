// @ts-check
// The game page's panels, drawn from its state: whose stroke it is, the
// sides and the match (shared/panel.js), the people at the game (the
// invitation links, who is connected, one's name, whether the chat
// shows), the game's links, the hint and the error box. The controls and
// the status line are controls.js's; the table is scene.js's.

import { t, errorText } from '../shared/text.js';
import { language } from '../shared/lang.js';
import * as panel from '../shared/panel.js';
import { discNumbers } from '../shared/discs.js';
import { byId as $ } from '../shared/dom.js';
import { phase as phaseOf } from './events.js';
import { tableLabel } from './describe.js';
import * as people from './online.js';

/** @typedef {import('./state.js').GameView} GameView */

/**
 * The parts of the page with their own state that draw themselves from
 * the game's: each is asked to, in this order.
 * @typedef {object} Parts
 * @property {{describe(): void}} narrator the table in words
 * @property {{refresh(): void}} aimTool
 * @property {{render(): void}} clocks
 * @property {{render(): void}} offers
 * @property {{update(show: boolean, isPlayer: boolean, matchOver: boolean): void}} chat
 * @property {() => void} renewInvites new invitation links, asked of the server
 */

/**
 * Draws the panels from the page's state.
 * @param {GameView} page
 * @param {Parts} parts
 */
export function drawPanels(page, parts) {
  const st = page.state;
  if (st) {
    // The indicator follows the server's `thinking` message for this event.
    panel.renderTurn($('turn'), st, phaseOf(page) === 'thinking' && page.thinking?.event === st.event);
    panel.renderSides($('sides'), st);
    panel.renderMatch($('match'), st);
    panel.renderLegend($('legend'), st);
    $('table').setAttribute('aria-label', tableLabel(st));
    parts.narrator.describe();
    parts.aimTool.refresh();
  }
  drawPeople(page, parts);
  parts.clocks.render();
  parts.offers.render();
  drawGameLinks(page);
  drawHint(page);
  drawError(page);
}

/** What the people's sections were last drawn from, so that they are rebuilt (and read out) only when it changes. */
let peopleDrawn = '';

/**
 * The invitation links while seats wait for invited people, one's own
 * name, the chat, and who is connected.
 * @param {GameView} page
 * @param {Parts} parts
 */
function drawPeople(page, parts) {
  const st = page.state;
  const me = page.me;
  const player = people.isPlayer(st, me);
  const between = people.betweenPeople(st);
  const watching = !!st?.seats && me !== undefined && !player;
  const invites = page.invites && st && page.invites.id === st.id ? page.invites.list : null;
  const seats = page.presence ?? st?.seats ?? [];
  const showPresence = between || watching;
  // The sections are live regions: drawn again only when what they say changes.
  const key = JSON.stringify([language(), st?.id, st?.seats, st?.players.map((p) => p.name), me ?? null, me === undefined, invites, showPresence && seats.map((s) => s.connected)]);
  if (key !== peopleDrawn) {
    peopleDrawn = key;
    people.renderInvites($('invites'), st, player ? invites : null, (k) => (st ? panel.playerName(st, k) : ''), parts.renewInvites);
    if (!player) $('invites').hidden = true;
    const presence = $('presence');
    presence.hidden = !showPresence;
    if (st && showPresence) {
      presence.replaceChildren(
        watching ? panel.h('p', { class: 'watching' }, t('online.watching')) : '',
        panel.h('ul', {}, (st.seats ?? []).map((seat, k) => seat.holder === 'computer' ? '' : panel.h('li', {},
          panel.h('span', { class: `dot ${seats[k]?.connected ? 'on' : 'off'}`, 'aria-hidden': 'true' }),
          ` ${panel.playerName(st, k)} `, panel.ratingBadge(st, k), ': ',
          t(seat.holder === 'open' ? 'online.seat_open' : seats[k]?.connected ? 'online.connected' : 'online.away')))),
      );
    }
  }
  // Between people, a player goes by the name they choose here (the
  // field starts with the name they go by now).
  const form = $('my-name');
  form.hidden = !between || !player;
  const field = $('my-name-input', HTMLInputElement);
  if (st?.seats && !form.hidden && !field.value && document.activeElement !== field) {
    const k = st.seats.findIndex((_, i) => people.holds(st, me, i));
    field.value = st.seats[k]?.name ?? st.players[k]?.name ?? '';
  }
  parts.chat.update((between || watching) && !!st?.seats && me !== undefined, player, !!st?.match?.over);
}

/**
 * The game's record to download and its replay.
 * @param {GameView} page
 */
function drawGameLinks(page) {
  const id = page.id;
  $('game-links').hidden = !id;
  if (!id) return;
  const q = encodeURIComponent(id);
  const record = $('record-link', HTMLAnchorElement);
  record.href = `/api/games/${q}/record`;
  record.setAttribute('download', `novuss-${id.slice(0, 12)}.json`);
  $('replay-link', HTMLAnchorElement).href = `replay.html#game=${q}`;
}

/**
 * The hint for the stroke to make, while it can be taken.
 * @param {GameView} page
 */
function drawHint(page) {
  const b = page.hint?.best;
  $('hint-box').hidden = !b || phaseOf(page) !== 'idle';
  if (!b || !page.hint) return;
  const level = page.hint.level;
  const pct = (/** @type {number | undefined} */ x) => Math.round((x ?? 0) * 100);
  // How sure the hint is: its chances are counted over this many tries
  // of the stroke with the level's hand, as the aim tool counts them.
  const parts = [t('hint.line', { speed: b.stroke.speed.toFixed(2), pot: pct(b.pot_chance), foul: pct(b.foul_chance) })];
  if (b.samples) parts.push(t('hint.sure', { n: b.samples, hand: t(`hand.${level}`) }));
  // Discs by the numbers the aim tool shows, not their ids; a stroke is
  // named by what it pots as meant (the aim tool's judgment, and the disc
  // and pocket its chance is counted for), else by the pot it plans.
  const numbers = discNumbers(page.state);
  /** @param {number} id */
  const number = (id) => numbers.get(id) ?? id;
  if (b.pots) parts.push(t('hint.target', { disc: number(b.pots.disc), pocket: t(`pocket.${b.pots.pocket}`) }));
  else if (b.disc !== undefined && b.disc !== null && b.corner) parts.push(t('hint.target', { disc: number(b.disc), pocket: t(`pocket.${b.corner}`) }));
  $('hint-text').textContent = parts.join(' · ');
}

/**
 * The refusal or failure shown, in the language in force.
 * @param {GameView} page
 */
function drawError(page) {
  const box = $('error');
  const error = page.error;
  box.hidden = !error;
  if (error) {
    box.dataset.code = error.code;
    box.textContent = errorText(error.code);
    box.title = error.detail;
  } else {
    box.textContent = '';
    delete box.dataset.code;
  }
}
