// @ts-check
// One competition's page, for everyone (docs/protocol.md "Competitions"):
// its set-up, the current round's boards by table with their results,
// who rests, the standings, earlier rounds and the entrants; for its
// organiser the desk (desk.js). The page follows the competition live
// (GET /api/competitions/{id}/live, server-sent events: the whole
// competition first and after most changes, a result as itself with the
// standings it makes): every change appears without a reload and is read out in
// a live region; after a lost connection the browser reconnects and the
// first event brings the whole state back. It never polls.

import { fillTexts, onLanguage } from '../shared/lang.js';
import { mountHeader } from '../shared/header.js';
import { el } from '../shared/pages.js';
import { ct, clubLink, setupText, whereText, refusalText } from '../competitions/text.js';
import { entryName, boardView, restItems, roundState, entrantRows, earlierRound, nameOf, outcomeText, knockoutRoundName, readCompetition } from './view.js';
import { bracketView } from './bracket.js';
import { groupsView } from './groups.js';
import { standingHead, standingRows } from './standings.js';
import { makeDesk } from './desk.js';
import { followCompetition, newResults } from './live.js';
import { mountFiles, pairingImportShown } from './files.js';
import { makeOnline } from './online.js';
import { mountArbiters } from './arbiters.js';
import { mountSeeding } from './seeding.js';
import { teamMatchView, teamStandingsTable, rosters, mountTeamEntry, newBoardResults } from './teams.js';
import { mountPairEntry } from './pairs.js';
import { boardPenalties, mountPenaltyForm } from './conduct.js';
import { makeTables } from './tables.js';
import { makeRecord } from './record.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const id = new URLSearchParams(location.search).get('id') ?? '';

const page = {
  /** @type {Competition | null} */ competition: null,
  mayChange: false,
  connected: false,
  /** @type {string | null} */ failed: null,
};

const desk = makeDesk(id, () => page.competition, (c) => take(c));
const arbiters = mountArbiters(id);
const printLinks = mountFiles(id, (c) => take(c));
const seeding = mountSeeding(id, (c) => take(c));
const online = makeOnline(id, (c) => take(c), () => render());
mountTeamEntry(desk.send, () => page.competition);
mountPairEntry(desk.send, () => page.competition);
const tables = makeTables(id, desk.send);
const record = makeRecord(id);
const penaltyForm = mountPenaltyForm(desk.send, () => page.competition);

/**
 * The current round's boards, kept by board while the round is shown so
 * that the organiser's forms keep what is typed and where focus is.
 * @type {{round: number, items: Map<number, {li: HTMLLIElement, form: ReturnType<typeof desk.resultForm> | null}>}}
 */
const shown = { round: 0, items: new Map() };

/**
 * A competition arrived (the stream, or a change's answer): drawn unless
 * the page has a later one already; what changed is announced.
 * @param {Competition} c
 */
function take(c) {
  const before = page.competition;
  if (before && c.changes < before.changes) return;
  page.competition = c;
  if (before && c.changes > before.changes) announce(before, c);
  online.heard();
  render();
}

/** Says in the live region what changed between `a` and `b`. @param {Competition} a @param {Competition} b */
function announce(a, b) {
  const said = [];
  if (b.rounds.length > a.rounds.length) said.push(ct('announce.paired', { round: b.rounds.length }));
  if (b.rounds.length < a.rounds.length) said.push(ct('announce.unpaired', { round: a.rounds.length }));
  for (const n of newResults(a, b)) {
    said.push(ct('announce.result', { round: n.round, board: n.board, first: nameOf(b, n.first), second: nameOf(b, n.second), score: outcomeText(n.outcome) }));
  }
  for (const e of b.entrants.slice(a.entrants.length)) said.push(ct('announce.entered', { name: entryName(e.entry) }));
  said.push(...newBoardResults(a, b));
  if (said.length) $('announce').textContent = said.join(' ');
}

/** The current round's boards, reusing what is shown. @param {Competition} c */
function renderBoards(c) {
  const r = c.rounds[c.rounds.length - 1];
  $('round-box').hidden = !r;
  if (!r) {
    shown.round = 0;
    shown.items.clear();
    $('boards').replaceChildren();
    return;
  }
  if (shown.round !== r.number || shown.items.size !== r.boards.length) {
    shown.round = r.number;
    shown.items.clear();
    $('boards').replaceChildren();
  }
  const name = knockoutRoundName(c, r.number);
  const numbered = ct('round.current', { n: r.number, count: c.round_count });
  $('round-heading').textContent = name ? `${name} (${numbered})` : numbered;
  $('round-state').textContent = roundState(r);
  const list = $('boards');
  r.boards.forEach((b, i) => {
    let item = shown.items.get(i + 1);
    if (!item) {
      const form = page.mayChange && !c.teams ? desk.resultForm(r.number, i + 1) : null;
      item = { li: el('li', { class: 'board', 'data-board': i + 1 }), form };
      shown.items.set(i + 1, item);
      list.append(item.li);
    }
    item.li.dataset.result = b.outcome ? outcomeText(b.outcome) : '';
    // A team match shows its boards (teams.js), with the organiser's
    // controls for each.
    const view = c.teams ? teamMatchView(c, r.number, i + 1, page.mayChange ? desk.send : null) : boardView(c, b, i);
    // Played on this server: every board's game may be watched.
    const watch = online.watchLink(r.number, i + 1);
    if (watch) view.append(' ', watch);
    const penalties = boardPenalties(c, { round: r.number, board: i + 1 }, page.mayChange ? desk.send : null);
    if (penalties) view.append(penalties);
    const old = item.li.querySelector('.board-view');
    if (old) old.replaceWith(view);
    else item.li.prepend(view);
    if (item.form) {
      if (!item.form.form.isConnected) item.li.append(item.form.form);
      item.form.update(c);
    }
  });
  $('rests-box').hidden = !r.rests.length;
  $('rests').replaceChildren(...restItems(c, r));
}

function render() {
  const c = page.competition;
  renderConnection();
  if (!c) {
    if (page.failed) {
      $('name').textContent = ct('comp.load_failed');
      $('setup').textContent = page.failed;
    }
    return;
  }
  document.title = ct('comp.title', { name: c.setup.name });
  $('name').textContent = c.setup.name;
  $('setup').textContent = setupText(c.setup);
  $('where').textContent = whereText(c.setup);
  $('organised-by').hidden = !c.setup.club;
  $('club-link').replaceChildren(...(c.setup.club ? [clubLink(c.setup.club)] : []));
  const progress = c.finished ? ct('comp.finished', { count: c.round_count })
    : c.rounds.length ? ct('comp.progress', { round: c.rounds.length, count: c.round_count })
      : ct('comp.not_started', { n: c.entrants.length });
  $('progress').textContent = progress;
  printLinks(c);
  if (page.mayChange) penaltyForm(c);
  document.body.dataset.rounds = String(c.rounds.length);
  document.body.dataset.changes = String(c.changes);
  if (page.mayChange) {
    desk.render(c);
    tables.render(c);
    record.render(c);
    $('pairing-box').hidden = !pairingImportShown(c);
    seeding.render(c);
  }
  online.render(c);
  renderBoards(c);
  const requested = c.requested ?? [];
  $('requested-box').hidden = !requested.length;
  $('requested').replaceChildren(...requested.map((q) => el('li', {}, ct('requested.item', { who: `${q.entrant} ${nameOf(c, q.entrant)}`, bye: ct(`bye.${q.bye}`), round: q.round }))));
  const groups = groupsView(c);
  $('groups-box').hidden = !groups;
  $('groups').replaceChildren(...(groups ? [groups] : []));
  const bracket = bracketView(c);
  $('bracket-box').hidden = !bracket;
  $('bracket').replaceChildren(...(bracket ? [bracket] : []));
  // A team competition ranks its teams by team match points, board
  // points and the direct encounter (teams.js) instead.
  $('standings-box').hidden = !!c.teams;
  $('team-standings-box').hidden = !c.teams;
  $('team-standings').replaceChildren(...(c.teams ? teamStandingsTable(c) : []));
  $('rosters-box').hidden = !c.teams?.teams.length;
  // Rosters stay open as the reader opened them.
  const openTeams = new Set([...$('rosters').querySelectorAll('details[open]')].map((d) => d.getAttribute('data-team')));
  $('rosters').replaceChildren(...(c.teams ? rosters(c) : []));
  for (const d of $('rosters').querySelectorAll('details')) if (openTeams.has(d.getAttribute('data-team'))) d.setAttribute('open', '');
  const paired = c.rounds.length > 0 && !!c.standings;
  const notes = { knockout: 'standings.note_ko', double_elimination: 'standings.note_double', groups_then_knockout: 'standings.note_groups' };
  $('standings-note').textContent = ct(notes[/** @type {keyof typeof notes} */ (c.setup.system.kind)] ?? 'standings.note');
  $('standings').hidden = !paired;
  $('standings-none').hidden = paired;
  // The standings' own tie-breaks: groups rank their tables by the
  // set-up's, the overall places by how far each went.
  $('standings-head').replaceChildren(standingHead(c.standings?.tiebreaks ?? c.setup.tiebreaks));
  $('standings-body').replaceChildren(...(paired ? standingRows(c, nameOf) : []));
  const earlier = c.rounds.slice(0, -1).reverse();
  $('earlier-box').hidden = !earlier.length;
  // Folded rounds stay as the reader opened them.
  const open = new Set([...$('earlier').querySelectorAll('details[open]')].map((d) => d.getAttribute('data-round')));
  $('earlier').replaceChildren(...earlier.map((r) => {
    const d = c.teams ? earlierTeamRound(c, r) : earlierRound(c, r);
    if (open.has(String(r.number))) d.setAttribute('open', '');
    return d;
  }));
  $('entrants-heading').textContent = ct('entrants.heading', { n: c.entrants.length });
  $('entrants').hidden = !c.entrants.length;
  $('entrants-none').hidden = !!c.entrants.length;
  $('entrants-body').replaceChildren(...entrantRows(c));
}

/**
 * An earlier round of a team competition, folded: its team matches (the
 * organiser may still correct them).
 * @param {Competition} c @param {import('../shared/protocol.js').PairedRound} r
 */
function earlierTeamRound(c, r) {
  return el('details', { class: 'earlier-round', 'data-round': r.number },
    el('summary', {}, ct('round.heading', { n: r.number }), ' · ', roundState(r)),
    el('ol', { class: 'boards compact' }, r.boards.map((_, i) => el('li', { 'data-board': i + 1 },
      teamMatchView(c, r.number, i + 1, page.mayChange ? desk.send : null)))));
}

/** Says whether what is shown is live. */
function renderConnection() {
  const box = $('live-state');
  box.dataset.connected = String(page.connected);
  box.textContent = ct(page.connected ? 'live.connected' : page.competition ? 'live.lost' : 'live.connecting');
  box.className = page.connected ? 'live-state muted small' : 'live-state notice';
}

/** Follows the competition live (live.js). */
function follow() {
  followCompetition(id, {
    held: () => page.competition,
    take,
    connection: (open) => { page.connected = open; renderConnection(); },
  });
}

/** Reads the competition and whether this visitor may change it, then follows it. */
async function load() {
  /** @type {HTMLAnchorElement} */ ($('screen-link')).href = `competition-screen.html?id=${encodeURIComponent(id)}`;
  if (!id) {
    page.failed = ct('comp.no_id');
    render();
    return;
  }
  try {
    const p = await readCompetition(id);
    page.mayChange = p.may_change;
    take(p.competition);
    arbiters.show(p.may_change, p.may_name_arbiters);
  } catch (e) {
    page.failed = refusalText(e);
    render();
    return;
  }
  follow();
}

mountHeader('competitions');
const words = () => {
  fillTexts(document, ct);
  arbiters.render();
  document.title = page.competition ? ct('comp.title', { name: page.competition.setup.name }) : ct('comp.title_loading');
  render();
};
words();
onLanguage(words);
load();
