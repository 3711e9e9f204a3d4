// @ts-check
// The series' page (docs/protocol.md "Series"). Without `?id=` it is the
// list of series and, for a person signed in to an account, the form
// that makes one. With it, one series: its stages with links to their
// competitions, and the standings (place, name, club, counted points,
// each stage's points with those that do not count struck through, and
// the total), followed live by server-sent events, never polled; its
// organiser adds and takes out stages there.

import { fillTexts, onLanguage } from '../shared/lang.js';
import { mountHeader } from '../shared/header.js';
import { el } from '../shared/pages.js';
import { st, refusalText, placeText, post } from './text.js';

/** @typedef {import('../shared/protocol.js').Series} Series */
/** @typedef {import('../shared/protocol.js').SeriesSummary} SeriesSummary */
/** @typedef {import('../shared/protocol.js').SeriesPage} SeriesPage */
/** @typedef {import('../shared/protocol.js').NewSeries} NewSeries */
/** @typedef {import('../shared/protocol.js').CompetitionSummary} CompetitionSummary */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const input = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

// How long after the server refused the stream (an EventSource then stops
// for good) a new one is opened.
const RETRY_MS = 5_000;

const id = new URLSearchParams(location.search).get('id');

const page = {
  /** @type {SeriesSummary[] | null} */ list: null,
  /** @type {Series | null} */ series: null,
  /** @type {CompetitionSummary[]} */ mine: [],
  mayChange: false,
  failed: false,
  busy: false,
  /** @type {boolean | null} */ connected: null,
};

// ---- The list ------------------------------------------------------------------

/** @param {SeriesSummary} s */
function listRow(s) {
  return el('tr', { 'data-series': s.id },
    el('td', { 'data-label': st('series.col.name'), class: 'names' },
      el('a', { href: `series.html?id=${encodeURIComponent(s.id)}` }, s.name)),
    el('td', { 'data-label': st('series.col.season') }, s.season ?? '—'),
    el('td', { 'data-label': st('series.col.counting'), class: 'num' }, st('series.best_of', { best: s.best, stages: s.stages })),
    el('td', { 'data-label': st('series.col.given'), class: 'num' }, st('series.given_of', { given: s.given, stages: s.stages })));
}

function renderList() {
  const status = $('list-status');
  if (page.failed) {
    status.className = 'notice bad';
    status.textContent = st('series.load_failed');
    return;
  }
  if (!page.list) return;
  status.className = page.list.length ? 'visually-hidden' : 'muted';
  status.textContent = page.list.length ? st('series.caption') : st('series.none');
  $('list').hidden = !page.list.length;
  $('list-body').replaceChildren(...page.list.map(listRow));
}

async function loadList() {
  try {
    const res = await fetch('/api/series');
    if (!res.ok) throw new Error(String(res.status));
    page.list = await res.json();
  } catch {
    page.failed = true;
  }
  renderList();
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
}

/** The set-up typed into the form, or null when a number is not whole. @returns {NewSeries | null} */
function newSeries() {
  const num = (/** @type {string} */ f) => Number(input(f).value.trim() === '' ? NaN : input(f).value);
  const text = (/** @type {string} */ f) => input(f).value.trim() || null;
  const typed = input('s-points').value.trim();
  const points = typed === '' ? undefined : typed.split(/[\s,;]+/).filter(Boolean).map(Number);
  const stages = num('s-stages');
  const best = num('s-best');
  if (![stages, best, ...(points ?? [])].every((n) => Number.isInteger(n) && n >= 0)) return null;
  const category = /** @type {NewSeries['category']} */ (input('s-category').value || null);
  return {
    name: input('s-name').value,
    season: text('s-season'),
    starts: text('s-starts'),
    ends: text('s-ends'),
    stages,
    best,
    ...(points ? { points } : {}),
    category,
  };
}

function mountList() {
  $('list-view').hidden = false;
  $('new').addEventListener('submit', async (e) => {
    e.preventDefault();
    if (page.busy) return;
    const error = $('new-error');
    error.hidden = true;
    page.busy = true;
    /** @type {HTMLButtonElement} */ ($('create')).disabled = true;
    try {
      const asked = newSeries();
      if (!asked) throw Object.assign(new Error('numbers'), { code: 'bad_numbers' });
      const made = await post('/api/series', asked);
      location.assign(`series.html?id=${encodeURIComponent(made.id)}`);
    } catch (err) {
      error.textContent = refusalText(err);
      error.hidden = false;
    } finally {
      page.busy = false;
      /** @type {HTMLButtonElement} */ ($('create')).disabled = false;
    }
  });
  loadList();
  whoIsHere();
}

// ---- One series ------------------------------------------------------------------

/** The rules in one line. @param {Series} s */
function rulesText(s) {
  const parts = [s.season, st('series.rules', { best: s.best, stages: s.stages, points: s.points.join(', ') })];
  if (s.category) parts.push(st('series.rules_category', { category: st(`category.${s.category}`) }));
  return parts.filter(Boolean).join(' · ');
}

/** The season's stages, each linking to its competition. @param {Series} s */
function calendarItems(s) {
  return s.calendar.map((c) => el('li', { 'data-stage': c.stage, 'data-status': c.status },
    el('span', { class: 'stage-no' }, st('series.stage_n', { n: c.stage })),
    el('span', { class: 'stage-name' },
      c.competition ? el('a', { href: `competition.html?id=${encodeURIComponent(c.competition)}` }, c.name ?? c.competition) : '—'),
    el('span', { class: `stage-state ${c.status}` }, st(`series.stage.${c.status}`)),
    page.mayChange && c.competition
      ? el('button', { type: 'button', class: 'button', 'data-remove': c.stage, 'aria-label': st('series.stage.remove_label', { n: c.stage }) }, st('series.stage.remove'))
      : null));
}

/** The standings' head: place, player, club, counted, each stage, total. @param {Series} s */
function standingsHead(s) {
  return el('tr', {},
    el('th', { scope: 'col', class: 'num' }, st('series.col.place')),
    el('th', { scope: 'col' }, st('series.col.player')),
    el('th', { scope: 'col', class: 'wide' }, st('series.col.club')),
    el('th', { scope: 'col', class: 'num' }, st('series.col.counted')),
    s.calendar.map((c) => el('th', { scope: 'col', class: 'num stage-col' },
      el('abbr', { title: st('series.col.stage_long', { n: c.stage }) }, st('series.col.stage', { n: c.stage })))),
    el('th', { scope: 'col', class: 'num' }, st('series.col.total')));
}

/** One stage's points: struck when not counted, marked when provisional. @param {import('../shared/protocol.js').SeriesResult | null} r */
function resultCell(r) {
  if (!r) return el('td', { class: 'num stage-cell' }, '');
  const title = `${placeText(r.place)}.`;
  const marks = [r.counted ? null : st('series.not_counted'), r.provisional ? st('series.provisional') : null].filter(Boolean);
  const shown = r.counted ? String(r.points) : el('s', {}, String(r.points));
  return el('td', {
    class: ['num', 'stage-cell', r.counted ? '' : 'dropped', r.provisional ? 'provisional' : ''].filter(Boolean).join(' '),
    title,
  }, shown, r.provisional ? '*' : '', marks.length ? el('span', { class: 'visually-hidden' }, ` (${marks.join(', ')})`) : '');
}

/** @param {Series} s */
function standingsRows(s) {
  return (s.standings ?? []).map((r) => el('tr', {},
    el('td', { class: 'num place' }, placeText(r.place)),
    el('th', { scope: 'row', class: 'names' }, r.name),
    el('td', { class: 'wide' }, r.club ?? ''),
    el('td', { class: 'num counted-points' }, String(r.counted)),
    r.results.map(resultCell),
    el('td', { class: 'num' }, String(r.total))));
}

/** The organiser's form: their competitions not yet stages, and the open stages. */
function renderDesk() {
  const s = page.series;
  $('desk').hidden = !page.mayChange || !s;
  if (!s || !page.mayChange) return;
  const given = new Set(s.calendar.map((c) => c.competition).filter(Boolean));
  const left = page.mine.filter((c) => !given.has(c.id));
  const compSelect = /** @type {HTMLSelectElement} */ ($('add-competition'));
  const was = compSelect.value;
  compSelect.replaceChildren(...left.map((c) => el('option', { value: c.id }, c.setup.name)));
  if (left.some((c) => c.id === was)) compSelect.value = was;
  const stageSelect = /** @type {HTMLSelectElement} */ ($('add-stage'));
  const wasStage = stageSelect.value;
  stageSelect.replaceChildren(el('option', { value: '' }, st('series.desk.next_open')),
    ...s.calendar.filter((c) => !c.competition).map((c) => el('option', { value: String(c.stage) }, st('series.stage_n', { n: c.stage }))));
  if ([...stageSelect.options].some((o) => o.value === wasStage)) stageSelect.value = wasStage;
  $('add-none').hidden = left.length > 0;
  /** @type {HTMLButtonElement} */ ($('add-button')).disabled = left.length === 0;
}

function renderSeries() {
  const s = page.series;
  const live = $('live-state');
  live.className = page.connected ? 'live-state muted small' : 'live-state notice';
  live.textContent = st(page.connected === null ? 'series.live.connecting' : page.connected ? 'series.live.connected' : 'series.live.lost');
  if (page.failed && !s) {
    $('name').textContent = st('series.load_failed');
    return;
  }
  if (!s) return;
  document.title = st('series.title_one', { name: s.name });
  $('name').textContent = s.name;
  $('rules').textContent = rulesText(s);
  $('calendar').replaceChildren(...calendarItems(s));
  const rows = s.standings ?? [];
  const none = $('standings-none');
  if (s.problem) {
    none.className = 'notice bad';
    none.textContent = st(`series.problem.${s.problem.code}`, { ...s.problem });
  } else {
    none.className = 'muted';
    none.textContent = st('series.standings_none');
  }
  none.hidden = rows.length > 0;
  $('standings').hidden = rows.length === 0;
  $('standings-head').replaceChildren(standingsHead(s));
  $('standings-body').replaceChildren(...standingsRows(s));
  /** @type {HTMLAnchorElement} */ ($('download-csv')).href = `/api/series/${encodeURIComponent(s.id)}/standings.csv`;
  renderDesk();
}

/** The visitor's own competitions, which the organiser's form offers. */
async function loadMine() {
  if (!page.mayChange || !page.series) return;
  try {
    const res = await fetch('/api/competitions');
    if (!res.ok) return;
    /** @type {CompetitionSummary[]} */
    const all = await res.json();
    page.mine = all.filter((c) => c.organiser === page.series?.organiser);
  } catch { /* the form stays empty; the rest of the page works */ }
  renderDesk();
}

/** Follows the series: the whole series on every event. */
function follow() {
  /** @type {EventSource | null} */
  let source = null;
  let first = true;
  const open = () => {
    source?.close();
    const s = new EventSource(`/api/series/${encodeURIComponent(/** @type {string} */ (id))}/live`);
    source = s;
    s.addEventListener('open', () => { page.connected = true; renderSeries(); });
    s.addEventListener('series', (e) => {
      page.connected = true;
      try {
        page.series = JSON.parse(/** @type {MessageEvent} */ (e).data);
      } catch {
        return;
      }
      if (!first) $('announce').textContent = st('series.updated');
      first = false;
      renderSeries();
    });
    s.addEventListener('error', () => {
      page.connected = false;
      renderSeries();
      if (s.readyState === EventSource.CLOSED && source === s) {
        setTimeout(() => { if (source === s) open(); }, RETRY_MS);
      }
    });
  };
  open();
}

/** Sends a change of the stages; the series as it then stands, or the refusal shown. @param {import('../shared/protocol.js').SeriesStageChange} ask */
async function changeStages(ask) {
  if (page.busy || !page.series) return;
  const error = $('desk-error');
  error.hidden = true;
  page.busy = true;
  try {
    page.series = await post(`/api/series/${encodeURIComponent(page.series.id)}/stages`, ask);
    renderSeries();
  } catch (err) {
    error.textContent = refusalText(err);
    error.hidden = false;
  } finally {
    page.busy = false;
  }
}

async function mountSeries() {
  $('series-view').hidden = false;
  $('add').addEventListener('submit', (e) => {
    e.preventDefault();
    const competition = /** @type {HTMLSelectElement} */ ($('add-competition')).value;
    const stage = /** @type {HTMLSelectElement} */ ($('add-stage')).value;
    if (!competition) return;
    changeStages({ action: 'add', competition, ...(stage ? { stage: Number(stage) } : {}) });
  });
  $('calendar').addEventListener('click', (e) => {
    const b = /** @type {HTMLElement} */ (e.target).closest('[data-remove]');
    if (b instanceof HTMLElement) changeStages({ action: 'remove', stage: Number(b.dataset.remove) });
  });
  try {
    const res = await fetch(`/api/series/${encodeURIComponent(/** @type {string} */ (id))}`);
    if (!res.ok) throw new Error(String(res.status));
    /** @type {SeriesPage} */
    const got = await res.json();
    page.series = page.series ?? got.series;
    page.mayChange = got.may_change;
  } catch {
    page.failed = true;
  }
  renderSeries();
  if (!page.failed) {
    follow();
    loadMine();
  }
}

mountHeader('competitions');
const words = () => {
  fillTexts(document, st);
  document.title = st('series.title');
  if (id) renderSeries();
  else renderList();
};
words();
onLanguage(words);
if (id) mountSeries();
else mountList();
