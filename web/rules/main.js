// @ts-check
// The rules page: builds the sections of content.js with the words of
// locales/<lang>/rules.js in the language in force, puts a diagram in
// each, and follows the language switch in place (the diagrams keep their
// state). Opening rules.html#<paragraph> scrolls to that paragraph and
// marks it: the game links every verdict to its paragraph
// (shared/rulelinks.js).

import { language, onLanguage } from '../shared/lang.js';
import { mountHeader } from '../shared/header.js';
import { byId } from '../shared/dom.js';
import { t } from './text.js';
import { ruleRef } from '../shared/text.js';
import { SECTIONS, PROFILE_ROWS } from './content.js';
import { PROFILES, PROFILE_IDS } from './options.js';
import { SetupDiagram } from './figures/setup.js';
import { LightDarkDiagram } from './figures/light-dark.js';
import { StrokesDiagram } from './figures/strokes.js';
import { PenaltyDiagram } from './figures/penalty.js';
import { DebtDiagram } from './figures/debt.js';
import { OffTableDiagram } from './figures/off-table.js';
import { TurnDiagram } from './figures/turn.js';
import { SituationDiagram, WINNING_SITUATIONS, PROFILE_SITUATIONS } from './figures/situations.js';

/** @typedef {import('./diagram.js').Diagram} Diagram */

/** @type {Record<string, () => Diagram>} The diagrams, by the names the outline gives them. */
const FIGURES = {
  setup: () => new SetupDiagram(t),
  'light-dark': () => new LightDarkDiagram(t),
  strokes: () => new StrokesDiagram(t),
  penalty: () => new PenaltyDiagram(t),
  debt: () => new DebtDiagram(t),
  'off-table': () => new OffTableDiagram(t),
  turn: () => new TurnDiagram(t),
  winning: () => new SituationDiagram(t, 'winning', WINNING_SITUATIONS),
  profiles: () => new SituationDiagram(t, 'profiles', PROFILE_SITUATIONS),
};

/** @type {(() => void)[]} Everything that shows words, to be run again when the language changes. */
const refreshers = [];
/** @type {Diagram[]} */
const diagrams = [];

/**
 * An element with attributes (`class` its class name) and children.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string>} [attrs]
 * @param {...(string | Node)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

/**
 * Keeps `f()` (which fills an element) in step with the language.
 * @param {() => void} f
 */
function bind(f) {
  refreshers.push(f);
  f();
}

/**
 * Fills `target` with `s`, whose `**words**` are set in bold and whose
 * `[words](#id)` link to a paragraph of this page. Nothing is parsed as
 * HTML.
 * @param {Element} target
 * @param {string} s
 */
function rich(target, s) {
  target.replaceChildren();
  const re = /\*\*(.+?)\*\*|\[(.+?)\]\(#([\w-]+)\)/g;
  let last = 0;
  for (const m of s.matchAll(re)) {
    const at = m.index ?? 0;
    if (at > last) target.append(s.slice(last, at));
    if (m[1] !== undefined) target.append(el('strong', {}, m[1]));
    else target.append(el('a', { href: `#${m[3]}` }, m[2]));
    last = at + m[0].length;
  }
  if (last < s.length) target.append(s.slice(last));
}

/**
 * A clause as content.js writes it (`000 3.6.2`, `001 "Penalty disc" •4`,
 * a book alone as `002`) as the core cites it (`{doc, clause}`), or null
 * for a whole book.
 * @param {string} r
 * @returns {import('../shared/protocol.js').RuleRef | null}
 */
function clauseRef(r) {
  const doc = r.slice(0, 3);
  const rest = r.slice(4);
  if (!rest) return null;
  const m = /^"([^"]+)"(?: ([•¶])(\d+))?$/.exec(rest);
  return { doc, clause: m ? (m[2] ? `${m[1]} ${m[2]}${m[3]}` : m[1]) : rest };
}

/**
 * The clauses a paragraph rests on, cited as a verdict cites them in the
 * page's language (a Latvian page names the books' headings in Latvian:
 * `001 «Soda kauliņš» 4. p.`).
 * @param {string[]} list
 */
function refs(list) {
  const span = el('span', { class: 'refs' });
  if (!list.length) return span;
  bind(() => {
    span.replaceChildren(el('span', { class: 'visually-hidden' }, t('refs.label')));
    for (const r of list) {
      const doc = r.slice(0, 3);
      const ref = clauseRef(r);
      const cite = el('cite', {}, ref ? ruleRef(ref) : doc);
      cite.title = t(`doc.${doc}`);
      span.append(cite);
    }
  });
  return span;
}

/**
 * A permanent link to a paragraph (shown on hover and focus).
 * @param {string} id
 */
function permalink(id) {
  const a = el('a', { class: 'permalink', href: `#${id}` }, '#');
  bind(() => a.setAttribute('aria-label', t('permalink')));
  return a;
}

/**
 * A paragraph of the outline, with its clauses and its link.
 * @param {import('./content.js').Paragraph} block
 * @param {'p' | 'li'} [tag]
 */
function paragraph(block, tag = 'p') {
  const p = el(tag, { id: block.id, class: 'rule' });
  const body = el('span', { class: 'text' });
  bind(() => rich(body, t(`p.${block.id}`)));
  p.append(body, ' ', refs(block.refs), permalink(block.id));
  return p;
}

function profileTable() {
  const table = el('table', { class: 'profiles', id: 'profiles-table' });
  const caption = el('caption');
  bind(() => { caption.textContent = t('profiles.caption'); });
  const head = el('tr');
  const h0 = el('th', { scope: 'col' });
  bind(() => { h0.textContent = t('profiles.setting'); });
  head.append(h0);
  for (const p of PROFILE_IDS) {
    const th = el('th', { scope: 'col' });
    bind(() => { th.textContent = t(`profile.${p}`); });
    head.append(th);
  }
  const body = el('tbody');
  for (const row of PROFILE_ROWS) {
    const tr = el('tr');
    const th = el('th', { scope: 'row' });
    const words = el('span');
    bind(() => { words.textContent = t(`pr.${row.id}`); });
    th.append(words, ' ', refs(row.refs));
    tr.append(th);
    const values = PROFILE_IDS.map((id) => row.of(PROFILES[id]));
    values.forEach((v, k) => {
      const td = el('td');
      // A value that differs from the first profile's (LNF 2017) stands out.
      if (v !== values[0]) td.className = 'differs';
      const profile = PROFILE_IDS[k];
      bind(() => {
        td.textContent = t(`pv.${v}`);
        // Phones show each row as a card, every value named by its profile.
        td.dataset.label = t(`profile.${profile}`);
      });
      tr.append(td);
    });
    body.append(tr);
  }
  table.append(caption, el('thead', {}, head), body);
  return el('div', { class: 'table-wrap' }, table);
}

/**
 * A section of the outline, with its diagram.
 * @param {import('./content.js').Section} s
 * @param {number} n its number
 */
function section(s, n) {
  const sec = el('section', { id: s.id, class: 'rules-section' });
  const h2 = el('h2');
  const num = el('span', { class: 'num' }, `${n}`);
  const words = el('span');
  bind(() => { words.textContent = t(`sec.${s.id}`); });
  h2.append(num, words, permalink(s.id));
  sec.append(h2);
  const figure = s.figure ? FIGURES[s.figure]() : null;
  s.blocks.forEach((b, k) => {
    if (figure && k === s.figureAfter) sec.append(figure.el);
    if (b.table) sec.append(profileTable());
    else if (b.items) {
      const wrap = el('div', { class: 'rule-list', id: b.id });
      const intro = el('p', { class: 'rule' });
      const body = el('span', { class: 'text' });
      bind(() => rich(body, t(`p.${b.id}`)));
      intro.append(body, ' ', refs(b.refs), permalink(b.id));
      const ul = el('ul');
      for (const i of b.items) ul.append(paragraph(i, 'li'));
      wrap.append(intro, ul);
      sec.append(wrap);
    } else sec.append(paragraph(b));
  });
  if (figure && s.figureAfter !== undefined && s.figureAfter >= s.blocks.length) sec.append(figure.el);
  if (figure) diagrams.push(figure);
  return sec;
}

function build() {
  const main = byId('content');
  const intro = el('div', { class: 'intro' });
  const h1 = el('h1');
  const lead = el('p', { class: 'lead' });
  const how = el('p', { class: 'how' });
  bind(() => {
    h1.textContent = t('page.heading');
    rich(lead, t('page.lead'));
    rich(how, t('page.how'));
    document.title = t('page.title');
  });
  intro.append(h1, lead, how);
  main.append(intro);
  const nav = byId('toc');
  const navTitle = el('h2', { id: 'toc-title' });
  bind(() => {
    navTitle.textContent = t('toc.title');
    nav.setAttribute('aria-labelledby', 'toc-title');
  });
  const ol = el('ol');
  SECTIONS.forEach((s, k) => {
    main.append(section(s, k + 1));
    const a = el('a', { href: `#${s.id}` });
    bind(() => { a.textContent = t(`sec.${s.id}`); });
    ol.append(el('li', {}, a));
  });
  nav.append(navTitle, ol);

  // The header every page shares, the skip link and the foot.
  mountHeader('rules');
  const skip = byId('skip');
  const foot = byId('foot');
  bind(() => {
    skip.textContent = t('nav.skip');
    rich(foot, t('page.foot'));
  });
}

/**
 * Marks in the contents the section being read (the last one whose top has
 * passed a third of the window), and on phones keeps its link in view in
 * the row of links.
 */
function followReading() {
  const links = [...document.querySelectorAll('#toc a')].filter((a) => a instanceof HTMLElement);
  /** @type {string | null} */
  let current = null;
  let queued = false;
  const update = () => {
    queued = false;
    const line = window.innerHeight / 3;
    let id = null;
    for (const s of SECTIONS) {
      const el = document.getElementById(s.id);
      if (el && el.getBoundingClientRect().top <= line) id = s.id;
    }
    if (id === current) return;
    current = id;
    for (const a of links) {
      if (a.getAttribute('href') === `#${id}`) {
        a.setAttribute('aria-current', 'location');
        const row = a.closest('ol');
        if (row && row.scrollWidth > row.clientWidth) {
          row.scrollLeft = a.offsetLeft - row.offsetLeft - (row.clientWidth - a.offsetWidth) / 2;
        }
      } else a.removeAttribute('aria-current');
    }
  };
  const queue = () => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(update);
    }
  };
  window.addEventListener('scroll', queue, { passive: true });
  window.addEventListener('resize', queue);
  queue();
}

/** @type {HTMLElement | null} the paragraph the address names, marked */
let marked = null;

/** Scrolls to the paragraph named by the address's #fragment and marks it. */
function showTarget(smooth = false) {
  const id = decodeURIComponent(location.hash.slice(1));
  if (!id) return;
  const target = document.getElementById(id);
  if (!target) return;
  if (marked) marked.classList.remove('target', 'flash');
  marked = target;
  target.classList.add('target');
  // Restart the flash each time the same paragraph is asked for.
  void target.offsetWidth;
  target.classList.add('flash');
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: target.tagName === 'SECTION' ? 'start' : 'center', behavior: smooth ? 'smooth' : 'auto' });
}

build();
onLanguage(() => {
  for (const f of refreshers) f();
  for (const d of diagrams) d.relabel();
});
// Size the diagrams now, so that the page has its final height before it
// scrolls to a paragraph asked for in the address.
for (const d of diagrams) {
  d.layout();
  d.update();
}
document.body.dataset.ready = language();
onLanguage((code) => { document.body.dataset.ready = code; });
window.addEventListener('hashchange', () => showTarget(true));
followReading();
// After layout (the diagrams size themselves to their column).
requestAnimationFrame(() => showTarget(false));
