// @ts-check
// What the history page, the replay viewer, the lobby, the account and
// the players' pages share: setting the page up (its header, its words),
// dates in the viewer's locale, the players of a game as a line, and
// refusals in words.

import { onLanguage, fillTexts } from './lang.js';
import { t, errorText, dateTime, locale } from './text.js';
import { pt } from './pages-text.js';
import { mountHeader } from './header.js';

/**
 * Puts in the page's header (`page`: the page shown, see header.js), fills
 * the page's static words and keeps them in step with the language.
 * @param {string} titleId the id of the page's title in the pages' words
 * @param {() => void} rerender draws again what the page made with words
 * @param {import('./header.js').PageId | null} page
 */
export function setUpPage(titleId, rerender, page) {
  mountHeader(page);
  const fill = () => {
    fillTexts(document, pt);
    document.title = pt(titleId);
  };
  fill();
  onLanguage(() => {
    fill();
    rerender();
  });
}

// Dates are the game's words' (text.js): the same on every page.
export { locale };

/**
 * A Unix time (s) as a date and time in the viewer's locale.
 * @param {unknown} seconds
 */
export function when(seconds) {
  return dateTime(seconds);
}

/**
 * A player of a game in a list (docs/protocol.md, the games' list): a name
 * as the record kept it, or a player with its kind and level.
 * @typedef {string | null | undefined | {name?: string | null, kind?: string, level?: string, forgotten?: boolean}} ListedPlayer
 */

/**
 * A player as shown: a person by name, a computer by its level in the page's language.
 * @param {ListedPlayer} p
 * @param {number} i
 */
export function whoName(p, i) {
  if (!p) return t('start.player_n', { n: i + 1 });
  if (typeof p === 'string') return p;
  // Forgotten at their request (docs/privacy.md): the seat keeps no name.
  if (p.forgotten) return t('people.forgotten');
  if (p.kind === 'computer' && p.level) {
    // A computer named after its level is named in the page's language;
    // one the set-up named itself ("Computer 1 (club)") keeps that name.
    const generated = !p.name || /^Computer \(\w+\)$/.test(p.name);
    return generated || !p.name ? t('computer.name', { level: levelName(p.level) }) : p.name;
  }
  return p.name || t('start.player_n', { n: i + 1 });
}

/**
 * A computer level's name, short where the game's own is long (greedy).
 * @param {string} level
 */
export function levelName(level) {
  return pt.has(`level.short.${level}`) ? pt(`level.short.${level}`) : t(`level.${level}`);
}

/**
 * The players of a game as one line: "A vs B", "A & B vs C & D", "A · B · C · D".
 * @param {string} format
 * @param {ListedPlayer[]} who
 */
export function playersLine(format, who) {
  const names = who.map(whoName);
  if (format === 'doubles' && names.length === 4) {
    return pt('game.vs', { a: t('panel.team', { a: names[0], b: names[1] }), b: t('panel.team', { a: names[2], b: names[3] }) });
  }
  if (names.length === 2) return pt('game.vs', { a: names[0], b: names[1] });
  return names.join(' · ');
}

/**
 * Who `score[k]` counts for: a player, or in doubles a team.
 * @param {string} format
 * @param {ListedPlayer[]} who
 * @param {number} k
 */
export function contender(format, who, k) {
  if (format === 'doubles') return t('panel.team', { a: whoName(who[2 * k], 2 * k), b: whoName(who[2 * k + 1], 2 * k + 1) });
  return whoName(who[k], k);
}

/**
 * A refusal as a sentence: the pages' own words first, then the game's.
 * @param {string} code
 */
export function refusal(code) {
  const id = `upload.${code}`;
  return pt.has(id) ? pt(id) : errorText(code);
}

/** What an element is made of: text, elements, and nothing (null, undefined, false). @typedef {import('./panel.js').Kid} Kid */

/**
 * An element's attributes: `class` its class name, `on<event>` a listener,
 * `true` an attribute without a value; null, undefined and false are left out.
 * @typedef {Record<string, string | number | boolean | null | undefined | ((e: Event) => void)>} ElAttrs
 */

/**
 * An element from text (names are the players' own words: never HTML).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {ElAttrs} [attrs]
 * @param {...(Kid | Kid[])} kids
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (typeof v === 'function') {
      if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    } else if (k === 'class') e.className = String(v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined && kid !== false) e.append(kid);
  return e;
}

/** @type {Record<string, string>} The icons' paths, in a 24-unit box. */
const ICONS = {
  first: 'M6 5h2v14H6zM19 5v14L9 12z',
  back: 'M18 5v14L8 12zM6 5h2v14H6z',
  play: 'M7 4.5v15L19.5 12z',
  pause: 'M6.5 5h4v14h-4zM13.5 5h4v14h-4z',
  forward: 'M6 5v14l10-7zM16 5h2v14h-2z',
  last: 'M5 5v14l10-7zM16 5h2v14h-2z',
  link: 'M10.6 13.4a1 1 0 0 1 0-1.4l3.6-3.6a3 3 0 0 1 4.2 4.2l-2 2-1.4-1.4 2-2a1 1 0 0 0-1.4-1.4L12 13.4a1 1 0 0 1-1.4 0zM13.4 10.6a1 1 0 0 1 0 1.4l-3.6 3.6a3 3 0 0 1-4.2-4.2l2-2 1.4 1.4-2 2a1 1 0 0 0 1.4 1.4L12 10.6a1 1 0 0 1 1.4 0z',
  download: 'M11 4h2v9l3.3-3.3 1.4 1.4L12 16.8l-5.7-5.7 1.4-1.4L11 13zM5 18h14v2H5z',
  upload: 'M11 16h2V7l3.3 3.3 1.4-1.4L12 3.2 6.3 8.9l1.4 1.4L11 7zM5 18h14v2H5z',
  warn: 'M12 3 1.5 21h21zM11 10h2v5h-2zm0 6.5h2v2h-2z',
  check: 'M9.5 16.2 5.3 12l-1.4 1.4 5.6 5.6L20.1 8.4 18.7 7z',
  computer: 'M4 5h16v10H4zm2 2v6h12V7zM9 17h6v2H9z',
};

/**
 * A small inline icon (drawn with SVG paths in a 24-unit box).
 * @param {string} name
 */
export function icon(name) {
  const paths = ICONS;
  const ns
 = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', `icon icon-${name}`);
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', paths[name] || '');
  path.setAttribute('fill', 'currentColor');
  svg.append(path);
  return svg;
}
