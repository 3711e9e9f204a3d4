// @ts-check
// The organiser's desk on a competition's page: enter a player, withdraw
// one, ask a bye for the next round, pair the next round or undo the last
// pairing, and each board's result form (the format's final scores as
// one tap each, the sets typed for each side, a forfeit or both absent).
// Each control sends one change (docs/protocol.md "Competitions"); the
// answer is drawn at once, and every follower gets it from the stream. A
// refusal is worded beside the control, and the form keeps what was typed.

import { el } from '../shared/pages.js';
import { ct, finalScores, refusalText, post } from '../competitions/text.js';
import { entryName, nameOf } from './view.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').CompetitionChange} CompetitionChange */
/** @typedef {import('../shared/protocol.js').MatchOutcome} MatchOutcome */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const input = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

/**
 * The desk of competition `id`: `current()` is the competition as the page
 * has it, `show(c)` draws a competition a change answered with.
 * @param {string} id
 * @param {() => Competition | null} current
 * @param {(c: Competition) => void} show
 */
export function makeDesk(id, current, show) {
  let busy = false;

  /**
   * Sends `change`; a refusal is worded in `box`. Resolves to whether it was made.
   * @param {CompetitionChange} change @param {HTMLElement} box
   */
  async function send(change, box) {
    if (busy) return false;
    busy = true;
    box.hidden = true;
    document.body.dataset.busy = 'true';
    try {
      show(await post(`/api/competitions/${encodeURIComponent(id)}/changes`, change));
      return true;
    } catch (e) {
      box.textContent = refusalText(e, current()?.setup.format);
      box.hidden = false;
      return false;
    } finally {
      busy = false;
      delete document.body.dataset.busy;
    }
  }

  /** The round the next pairing is of, and why it cannot be paired now (null: it can). @param {Competition} c */
  function nextRound(c) {
    const last = c.rounds[c.rounds.length - 1];
    const next = c.rounds.length + 1;
    if (last && last.boards.some((b) => !b.outcome)) return { next, why: ct('desk.pair_why_open', { n: last.number }) };
    if (c.rounds.length >= c.round_count && c.round_count > 0) return { next, why: ct('desk.pair_why_done') };
    if (c.entrants.filter((e) => e.withdrawn_from === null).length < 2) return { next, why: ct('desk.pair_why_few') };
    return { next, why: null };
  }

  /** Draws the desk's controls for `c`. @param {Competition} c */
  function render(c) {
    $('desk').hidden = false;
    const { next, why } = nextRound(c);
    const pair = /** @type {HTMLButtonElement} */ ($('pair'));
    pair.textContent = ct('desk.pair', { n: next });
    pair.disabled = why !== null;
    pair.hidden = c.finished;
    $('pair-why').textContent = why ?? '';
    const last = c.rounds[c.rounds.length - 1];
    const unpair = /** @type {HTMLButtonElement} */ ($('unpair'));
    unpair.hidden = !last || last.boards.some((b) => b.outcome);
    if (last) unpair.textContent = ct('desk.unpair', { n: last.number });
    $('request-bye').textContent = ct('desk.request_bye', { n: next });
    // A team competition enters teams (teams.js) and asks no byes; a
    // doubles competition enters pairs (pairs.js), never a person by
    // their user name. Either reads its file by a Team or Pair column.
    const teams = !!c.setup.teams;
    const doubles = !!c.setup.doubles;
    $('enter-team-box').hidden = !teams;
    $('enter-pair-box').hidden = !doubles;
    for (const box of ['enter-box', 'enter-person-box']) $(box).hidden = teams || doubles;
    const hint = $('import-hint');
    hint.dataset.text = teams ? 'files.import_hint_teams' : doubles ? 'files.import_hint_pairs' : 'files.import_hint';
    hint.textContent = ct(hint.dataset.text);
    $('request-bye').hidden = teams;
    $('bye-kind').parentElement?.toggleAttribute('hidden', teams);
    const who = /** @type {HTMLSelectElement} */ ($('who'));
    const kept = who.value;
    who.replaceChildren(...c.entrants.filter((e) => e.withdrawn_from === null)
      .map((e) => el('option', { value: String(e.entrant) }, `${e.entrant} ${entryName(e.entry)}`)));
    if ([...who.options].some((o) => o.value === kept)) who.value = kept;
  }

  /** @param {string} field */
  const text = (field) => input(field).value.trim() || null;
  /** @param {string} field */
  const number = (field) => (input(field).value.trim() === '' ? null : Number(input(field).value));

  $('enter').addEventListener('submit', async (e) => {
    e.preventDefault();
    const category = /** @type {HTMLSelectElement} */ ($('p-category')).value;
    const entry = {
      name: input('p-name').value,
      club: text('p-club'),
      licence: text('p-licence'),
      category: category === '' ? null : /** @type {'men' | 'women' | 'youth' | 'veterans'} */ (category),
      birth_year: number('p-born'),
      rating: number('p-rating'),
    };
    const note = $('enter-note');
    note.hidden = true;
    if ([entry.birth_year, entry.rating].some((n) => n !== null && !(Number.isInteger(n) && n >= 0))) {
      $('enter-error').textContent = ct('error.bad_numbers');
      $('enter-error').hidden = false;
      return;
    }
    if (await send({ change: 'enter', entry }, $('enter-error'))) {
      const c = current();
      const n = c?.entrants[c.entrants.length - 1]?.entrant;
      note.textContent = ct('desk.entered', { name: entry.name.trim(), n: n ?? '' });
      note.hidden = false;
      for (const f of ['p-name', 'p-club', 'p-licence', 'p-born', 'p-rating']) input(f).value = '';
      /** @type {HTMLSelectElement} */ ($('p-category')).value = '';
      input('p-name').focus();
    }
  });
  // A person with an account, by their user name: the server fills the
  // name and the person (a competition played on this server enters
  // nobody else).
  $('enter-person').addEventListener('submit', async (e) => {
    e.preventDefault();
    const error = $('enter-person-error');
    error.hidden = true;
    const username = input('p-username').value.trim();
    try {
      show(await post(`/api/competitions/${encodeURIComponent(id)}/enter`, { username }));
      input('p-username').value = '';
    } catch (err) {
      error.textContent = refusalText(err);
      error.hidden = false;
    }
  });
  $('pair').addEventListener('click', () => {
    const c = current();
    if (c) send({ change: 'pair_next', round: c.rounds.length + 1 }, $('rounds-error'));
  });
  $('unpair').addEventListener('click', () => {
    const c = current();
    const last = c?.rounds[c.rounds.length - 1];
    if (last) send({ change: 'unpair', round: last.number }, $('rounds-error'));
  });
  $('withdraw').addEventListener('click', () => {
    const who = Number(/** @type {HTMLSelectElement} */ ($('who')).value);
    if (who) send({ change: 'withdraw', entrant: who }, $('who-error'));
  });
  $('request-bye').addEventListener('click', () => {
    const c = current();
    const who = Number(/** @type {HTMLSelectElement} */ ($('who')).value);
    const bye = /** @type {'half' | 'full' | 'zero'} */ (/** @type {HTMLSelectElement} */ ($('bye-kind')).value);
    if (c && who) send({ change: 'request_bye', entrant: who, round: c.rounds.length + 1, bye }, $('who-error'));
  });

  /**
   * A board's result form, made once per board and kept while its round is
   * shown (what is typed in it survives every change that arrives);
   * `update` words it for the competition as it now is.
   * @param {number} round @param {number} board from 1
   */
  function resultForm(round, board) {
    const key = `r${round}b${board}`;
    const error = el('div', { class: 'notice bad', role: 'alert', hidden: true });
    const a = el('input', { id: `${key}-a`, type: 'number', min: 0, max: 99, inputmode: 'numeric', class: 'sets-a' });
    const b = el('input', { id: `${key}-b`, type: 'number', min: 0, max: 99, inputmode: 'numeric', class: 'sets-b' });
    const labelA = el('label', { for: a.id });
    const labelB = el('label', { for: b.id });
    const submit = el('button', { type: 'submit', class: 'button primary enter-result' });
    const legend = el('legend', { class: 'visually-hidden' });
    const quick = el('div', { class: 'quick', role: 'group' });
    const forfeitFirst = el('button', { type: 'button', class: 'button forfeit-first' });
    const forfeitSecond = el('button', { type: 'button', class: 'button forfeit-second' });
    const absent = el('button', { type: 'button', class: 'button both-absent' });
    const form = el('form', { class: 'result-form', 'data-board': board, novalidate: true },
      el('fieldset', {}, legend, quick,
        el('div', { class: 'typed' }, el('span', { class: 'field' }, labelA, a), el('span', { class: 'field' }, labelB, b), submit),
        el('div', { class: 'absent' }, forfeitFirst, forfeitSecond, absent),
        error));
    /** @param {MatchOutcome} outcome */
    const enter = (outcome) => send({ change: 'result', round, board, outcome }, error);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const first = Number(a.value);
      const second = Number(b.value);
      if (a.value.trim() === '' || b.value.trim() === '' || !Number.isInteger(first) || !Number.isInteger(second) || first < 0 || second < 0) {
        error.textContent = ct('error.bad_sets');
        error.hidden = false;
        return;
      }
      enter({ kind: 'sets', first, second });
    });
    forfeitFirst.addEventListener('click', () => enter({ kind: 'forfeit', winner: 'second' }));
    forfeitSecond.addEventListener('click', () => enter({ kind: 'forfeit', winner: 'first' }));
    absent.addEventListener('click', () => enter({ kind: 'both_absent' }));

    /** @param {Competition} c */
    function update(c) {
      const bd = c.rounds.find((r) => r.number === round)?.boards[board - 1];
      if (!bd) return;
      const first = nameOf(c, bd.first);
      const second = nameOf(c, bd.second);
      legend.textContent = ct('desk.result_legend', { board, first, second });
      labelA.textContent = ct('desk.sets_of', { name: first });
      labelB.textContent = ct('desk.sets_of', { name: second });
      submit.textContent = ct(bd.outcome ? 'desk.correct_result' : 'desk.enter_result');
      quick.setAttribute('aria-label', ct('desk.quick'));
      const scores = finalScores(c.setup.format);
      if (quick.childElementCount !== scores.length) {
        quick.replaceChildren(...scores.map(([x, y]) => {
          const q = el('button', { type: 'button', class: 'button score', 'data-score': `${x}:${y}` }, `${x}:${y}`);
          q.addEventListener('click', () => {
            a.value = String(x);
            b.value = String(y);
            enter({ kind: 'sets', first: x, second: y });
          });
          return q;
        }));
      }
      for (const q of quick.querySelectorAll('button')) {
        const [x, y] = (q.getAttribute('data-score') ?? '0:0').split(':');
        q.setAttribute('aria-label', ct('desk.quick_label', { score: `${x}:${y}`, first, a: x, second, b: y }));
        q.setAttribute('aria-pressed', String(bd.outcome?.kind === 'sets' && `${bd.outcome.first}:${bd.outcome.second}` === `${x}:${y}`));
      }
      forfeitFirst.textContent = ct('desk.forfeit_by', { name: first });
      forfeitSecond.textContent = ct('desk.forfeit_by', { name: second });
      absent.textContent = ct('desk.both_absent');
    }
    return { form, update };
  }

  return { render, resultForm, send };
}
