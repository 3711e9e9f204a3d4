// @ts-check
// A club's page (docs/competitions.md "Clubs"): the competitions the club
// organises, newest first, each linking to its page. A club is the name
// its competitions give as their organiser's, found however it is typed
// (case and Latvian marks aside), so `club.html?name=rigas nk` is the page
// of "Rīgas NK".

import { fillTexts, onLanguage } from '../shared/lang.js';
import { mountHeader } from '../shared/header.js';
import { el } from '../shared/pages.js';
import { errorCode } from '../shared/net.js';
import { ct, daysText, systemText } from '../competitions/text.js';

/** @typedef {import('../shared/protocol.js').Club} Club */
/** @typedef {import('../shared/protocol.js').CompetitionSummary} CompetitionSummary */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

const asked = new URLSearchParams(location.search).get('name') ?? '';

const page = {
  /** @type {Club | null} */ club: null,
  /** Why the club could not be shown: its code, once known. @type {string | null} */ failed: null,
};

/** @param {CompetitionSummary} c */
function row(c) {
  const s = c.setup;
  return el('tr', { 'data-competition': c.id },
    el('td', { 'data-label': ct('comps.col.name'), class: 'names' },
      el('a', { href: `competition.html?id=${encodeURIComponent(c.id)}` }, s.name)),
    el('td', { 'data-label': ct('comps.col.venue') }, s.venue ?? ct('nowhere')),
    el('td', { 'data-label': ct('comps.col.dates'), class: 'when' }, daysText(s)),
    el('td', { 'data-label': ct('comps.col.system') }, systemText(s.system)));
}

function render() {
  const status = $('club-status');
  if (page.failed) {
    const unknown = page.failed === 'unknown_club';
    $('club-name').textContent = unknown ? ct('club.unknown_heading', { name: asked }) : ct('club.load_failed');
    $('club-intro').hidden = true;
    status.className = unknown ? 'muted' : 'notice bad';
    status.textContent = unknown ? ct('club.unknown') : ct('club.load_failed');
    document.title = ct('comps.title');
    return;
  }
  const club = page.club;
  if (!club) return;
  $('club-name').textContent = club.name;
  document.title = ct('club.title', { name: club.name });
  status.className = 'visually-hidden';
  status.textContent = ct('club.count', { n: club.competitions.length });
  $('club-list').hidden = false;
  $('club-body').replaceChildren(...club.competitions.map(row));
}

async function load() {
  if (!asked.trim()) {
    page.failed = 'unknown_club';
    render();
    return;
  }
  try {
    const res = await fetch(`/api/clubs/${encodeURIComponent(asked)}`);
    const answer = await res.json().catch(() => null);
    if (!res.ok) throw Object.assign(new Error('club'), { code: answer?.code || 'unknown' });
    page.club = answer;
  } catch (e) {
    page.failed = errorCode(e) || 'unknown';
  }
  render();
}

mountHeader('competitions');
const words = () => {
  fillTexts(document, ct);
  document.title = ct('comps.title');
  render();
};
words();
onLanguage(words);
load();
