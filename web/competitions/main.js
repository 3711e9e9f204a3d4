// @ts-check
// The competitions' list (docs/protocol.md "Competitions"): each with its
// venue, days, system and rounds, linking to its page; and for a person
// signed in to an account the form that creates one (without an account
// the page says one is needed and links to the account page). A refusal
// is worded under the form, which keeps what was typed.

import { fillTexts, onLanguage } from '../shared/lang.js';
import { mountHeader } from '../shared/header.js';
import { el } from '../shared/pages.js';
import { ct, clubLink, daysText, systemText, refusalText, post } from './text.js';
import { mountImport } from './import.js';

/** @typedef {import('../shared/protocol.js').CompetitionSummary} CompetitionSummary */
/** @typedef {import('../shared/protocol.js').NewCompetition} NewCompetition */
/** @typedef {import('../shared/protocol.js').CompetitionNextRound} CompetitionNextRound */
/** @typedef {import('../shared/protocol.js').TieBreak} TieBreak */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const input = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

const page = {
  /** @type {CompetitionSummary[] | null} */ list: null,
  failed: false,
  busy: false,
};

/** The rounds of a competition in words. @param {CompetitionSummary['setup']} s */
function roundsText(s) {
  if (s.system.kind === 'swiss') return String(s.system.rounds);
  if (s.system.kind === 'knockout' || s.system.kind === 'double_elimination') return ct('comps.rounds_ko');
  if (s.system.kind === 'groups_then_knockout') return ct('comps.rounds_groups');
  return ct(s.system.cycles === 'double' ? 'comps.rounds_rr2' : 'comps.rounds_rr');
}

/** @param {CompetitionSummary} c */
function row(c) {
  const s = c.setup;
  return el('tr', { 'data-competition': c.id },
    el('td', { 'data-label': ct('comps.col.name'), class: 'names' },
      el('a', { href: `competition.html?id=${encodeURIComponent(c.id)}` }, s.name),
      s.club ? el('span', { class: 'club muted' }, ' · ', clubLink(s.club)) : null),
    el('td', { 'data-label': ct('comps.col.venue') }, s.venue ?? ct('nowhere')),
    el('td', { 'data-label': ct('comps.col.dates'), class: 'when' }, daysText(s)),
    el('td', { 'data-label': ct('comps.col.system') }, systemText(s.system)),
    el('td', { 'data-label': ct('comps.col.rounds'), class: 'num' }, roundsText(s)));
}

function render() {
  const status = $('list-status');
  if (page.failed) {
    status.className = 'notice bad';
    status.textContent = ct('comps.load_failed');
    return;
  }
  if (!page.list) return;
  status.className = page.list.length ? 'visually-hidden' : 'muted';
  status.textContent = page.list.length ? ct('comps.caption') : ct('comps.none');
  $('list').hidden = !page.list.length;
  $('list-body').replaceChildren(...page.list.map(row));
}

async function load() {
  try {
    const res = await fetch('/api/competitions');
    if (!res.ok) throw new Error(String(res.status));
    page.list = await res.json();
  } catch {
    page.failed = true;
  }
  render();
}

/** Shows the form to a person with an account, else why it is not there. */
async function whoIsHere() {
  let account = false;
  try {
    const res = await fetch('/api/me');
    account = res.ok && !!(await res.json())?.account;
  } catch { /* as if not signed in: the page says how to */ }
  $('new').hidden = !account;
  $('need-account').hidden = account;
  mountImport(account);
}

/** The set-up typed into the form. @returns {NewCompetition} */
function setup() {
  const num = (/** @type {string} */ id) => Number(input(id).value.trim() === '' ? NaN : input(id).value);
  const text = (/** @type {string} */ id) => input(id).value.trim() || null;
  const system = input('c-system').value;
  /** @type {NewCompetition} */
  return {
    name: input('c-name').value,
    venue: text('c-venue'),
    club: text('c-club'),
    starts: text('c-starts'),
    ends: text('c-ends'),
    tables: num('c-tables'),
    system: systemChosen(system),
    format: { kind: /** @type {'sets' | 'best_of' | 'first_to'} */ (input('c-format').value), sets: num('c-sets') },
    points: { win: num('c-win'), draw: num('c-draw'), loss: num('c-loss') },
    rated: input('c-rated').checked,
    play: playChosen(),
    open_entry: input('c-open-entry').checked,
    // A knock-out places by the round each entrant went out in (groups
    // rank their tables by the tie-breaks).
    tiebreaks: system === 'knockout' || system === 'double_elimination' ? [] : tiebreaksChosen(),
    // Teams (issue 32): the entrants are teams, each match played on this
    // many boards; the points of boards and matches are the federation's
    // 2/1/0.
    ...(input('c-teams').checked ? { teams: { boards: num('c-boards') } } : {}),
    // Doubles (issue 32): the entrants are pairs of players.
    ...(input('c-doubles').checked ? { doubles: true } : {}),
  };
}

/**
 * The system the form's choice names.
 * @param {string} choice
 * @returns {NewCompetition['system']}
 */
function systemChosen(choice) {
  const num = (/** @type {string} */ id) => Number(input(id).value.trim() === '' ? NaN : input(id).value);
  if (choice === 'swiss') return { kind: 'swiss', rounds: num('c-rounds') };
  if (choice === 'knockout') return { kind: 'knockout', third_place: input('c-third').checked };
  if (choice === 'double_elimination') return { kind: 'double_elimination', reset: input('c-reset').checked };
  if (choice === 'groups') {
    return {
      kind: 'groups_then_knockout',
      groups: num('c-groups'),
      cycles: input('c-group-cycles').value === 'double' ? 'double' : 'single',
      third_place: input('c-third').checked,
    };
  }
  return { kind: 'round_robin', cycles: choice === 'double' ? 'double' : 'single' };
}

/**
 * Where the matches are played: the form's one choice for "played on this
 * server" (docs/competitions.md), drawn here beside "rated" with its stroke
 * clock, grace and next round, and "players may enter themselves".
 */
function mountPlay() {
  const rated = input('c-rated').closest('label');
  if (!rated || $('play-choice')) return;
  const clocks = [null, 15, 30, 60];
  const box = el('fieldset', { id: 'play-choice', class: 'play-choice' },
    el('legend', { id: 'play-legend', 'data-text': 'new.play' }),
    el('div', { class: 'row' },
      el('select', { id: 'c-play', 'aria-labelledby': 'play-legend' },
        el('option', { value: 'tables', 'data-text': 'new.play.tables' }),
        el('option', { value: 'online', 'data-text': 'new.play.online' }))),
    el('div', { id: 'online-rows', hidden: '' },
      el('div', { class: 'row' }, el('label', { for: 'c-clock', 'data-text': 'new.clock' }),
        el('select', { id: 'c-clock' }, clocks.map((c) => el('option', { value: c === null ? '' : String(c), 'data-clock': c === null ? '' : String(c) })))),
      el('div', { class: 'row' }, el('label', { for: 'c-grace', 'data-text': 'new.grace' }),
        el('input', { id: 'c-grace', type: 'number', min: '1', max: '1440', value: '10', inputmode: 'numeric' })),
      el('div', { class: 'row' }, el('label', { for: 'c-next', 'data-text': 'new.next_round' }),
        el('select', { id: 'c-next' },
          el('option', { value: 'after_last_game', 'data-text': 'new.next_round.after_last_game' }),
          el('option', { value: 'by_organiser', 'data-text': 'new.next_round.by_organiser' }),
          el('option', { value: 'scheduled', 'data-text': 'new.next_round.scheduled' }))),
      el('div', { id: 'schedule-rows', hidden: '' },
        el('div', { class: 'row' }, el('label', { for: 'c-first-round', 'data-text': 'new.first_round_at' }),
          el('input', { id: 'c-first-round', type: 'datetime-local', value: nextHour() })),
        el('div', { class: 'row' }, el('label', { for: 'c-interval', 'data-text': 'new.round_interval' }),
          el('input', { id: 'c-interval', type: 'number', min: '1', max: '10080', value: '30', inputmode: 'numeric' })))),
    el('label', { class: 'check', for: 'c-open-entry' }, el('input', { type: 'checkbox', id: 'c-open-entry' }), ' ', el('span', { 'data-text': 'new.open_entry' })));
  rated.after(box);
  input('c-play').addEventListener('change', () => {
    $('online-rows').hidden = input('c-play').value !== 'online';
  });
  input('c-next').addEventListener('change', () => {
    $('schedule-rows').hidden = input('c-next').value !== 'scheduled';
  });
}

/** The next full hour in the reader's time, as a datetime-local input writes it. */
function nextHour() {
  const d = new Date(Date.now() + 3_600_000);
  d.setMinutes(0, 0, 0);
  const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:00`;
}

/**
 * When the next rounds are paired, as chosen: at set times, round 1's
 * time read in the reader's own time zone (the server keeps UTC ms).
 * @returns {CompetitionNextRound}
 */
function nextRoundChosen() {
  const next = input('c-next').value;
  if (next !== 'scheduled') return /** @type {'after_last_game' | 'by_organiser'} */ (next);
  const minutes = Number(input('c-interval').value);
  return {
    scheduled: {
      starts_ms: new Date(input('c-first-round').value).getTime(),
      interval_secs: Number.isFinite(minutes) ? Math.round(minutes * 60) : NaN,
    },
  };
}

/** The clock choices' words. */
function clockWords() {
  for (const o of document.querySelectorAll('#c-clock option')) {
    const secs = o.getAttribute('data-clock');
    o.textContent = secs ? ct('new.clock.secs', { n: secs }) : ct('new.clock.none');
  }
}

/** Where the matches are played, as chosen. @returns {NewCompetition['play']} */
function playChosen() {
  if (input('c-play').value !== 'online') return { kind: 'tables' };
  const clock = input('c-clock').value;
  const minutes = Number(input('c-grace').value);
  return {
    kind: 'online',
    stroke_clock: clock === '' ? null : Number(clock),
    grace_secs: Number.isFinite(minutes) ? Math.round(minutes * 60) : NaN,
    next_round: nextRoundChosen(),
  };
}

/** The tie-breaks an organiser can put in order (docs/standings.md). @type {TieBreak[]} */
const TIEBREAKS = ['bh_c1', 'bh', 'bh_m1', 'sb', 'sb_c1', 'de', 'win', 'won', 'ps', 'ps_c1', 'set_ratio', 'rating'];
/** How many the form offers to put in order. */
const CHOICES = 4;

/**
 * The tie-break choices: one select per place in the order, each "the
 * system's own" (empty) or a tie-break, worded in the reader's language
 * and keeping what was chosen when the language changes.
 */
function renderTiebreaks() {
  const box = $('tiebreak-choices');
  const chosen = [...box.querySelectorAll('select')].map((s) => s.value);
  box.replaceChildren(...Array.from({ length: CHOICES }, (_, i) => {
    const select = el('select', { id: `c-tiebreak-${i + 1}`, 'aria-describedby': 'tiebreaks-hint' },
      el('option', { value: '' }, i === 0 ? ct('new.tiebreak_default') : ct('new.tiebreak_none')),
      TIEBREAKS.map((t) => el('option', { value: t }, `${ct(`tiebreak.${t}`)}: ${ct(`tiebreak.${t}.long`)}`)));
    /** @type {HTMLSelectElement} */ (select).value = chosen[i] ?? '';
    return el('div', { class: 'row' }, el('label', { for: `c-tiebreak-${i + 1}` }, ct('new.tiebreak_n', { n: i + 1 })), select);
  }));
}

/** The tie-breaks chosen, in order; none: the system's own. @returns {TieBreak[]} */
function tiebreaksChosen() {
  return [...$('tiebreak-choices').querySelectorAll('select')]
    .map((s) => /** @type {TieBreak | ''} */ (s.value))
    .filter((v) => v !== '')
    .map((v) => /** @type {TieBreak} */ (v));
}

/**
 * Shows what the system chosen asks: a Swiss's rounds, a knock-out's
 * match for third place, a double elimination's reset, the groups and
 * their cycles, tie-breaks but for a bracket alone.
 */
function showRounds() {
  const system = input('c-system').value;
  $('rounds-row').hidden = system !== 'swiss';
  $('third-row').hidden = system !== 'knockout' && system !== 'groups';
  $('reset-row').hidden = system !== 'double_elimination';
  $('groups-row').hidden = system !== 'groups';
  $('groups-hint').hidden = system !== 'groups';
  $('group-cycles-row').hidden = system !== 'groups';
  $('tiebreaks').hidden = system === 'knockout' || system === 'double_elimination';
  $('boards-row').hidden = !input('c-teams').checked;
  $('doubles-hint').hidden = !input('c-doubles').checked;
}

/**
 * Doubles are played in four sets (2:2 a draw) where singles are played
 * in six: the form follows when the organiser has not chosen otherwise.
 */
function doublesFormat() {
  const sets = input('c-sets');
  if (input('c-format').value !== 'sets') return;
  if (input('c-doubles').checked && sets.value === '6') sets.value = '4';
  else if (!input('c-doubles').checked && sets.value === '4') sets.value = '6';
}

$('new').addEventListener('submit', async (e) => {
  e.preventDefault();
  if (page.busy) return;
  const error = $('new-error');
  error.hidden = true;
  const asked = setup();
  // A number left empty or not whole would be a bad body: say so here.
  const numbers = [asked.tables, asked.format.sets, asked.points?.win, asked.points?.draw, asked.points?.loss,
    asked.system.kind === 'swiss' ? asked.system.rounds : 1,
    asked.system.kind === 'groups_then_knockout' ? asked.system.groups : 1, asked.teams ? asked.teams.boards : 1];
  page.busy = true;
  /** @type {HTMLButtonElement} */ ($('create')).disabled = true;
  try {
    if (!numbers.every((n) => Number.isInteger(n) && /** @type {number} */ (n) >= 0)) throw Object.assign(new Error('numbers'), { code: 'bad_numbers' });
    const made = await post('/api/competitions', asked);
    location.assign(`competition.html?id=${encodeURIComponent(made.id)}`);
  } catch (err) {
    error.textContent = refusalText(err);
    error.hidden = false;
  } finally {
    page.busy = false;
    /** @type {HTMLButtonElement} */ ($('create')).disabled = false;
  }
});
input('c-system').addEventListener('change', showRounds);
input('c-teams').addEventListener('change', showRounds);
input('c-doubles').addEventListener('change', () => { doublesFormat(); showRounds(); });

mountHeader('competitions');
mountPlay();
const words = () => {
  fillTexts(document, ct);
  clockWords();
  document.title = ct('comps.title');
  renderTiebreaks();
  render();
};
words();
onLanguage(words);
showRounds();
load();
whoIsHere();
