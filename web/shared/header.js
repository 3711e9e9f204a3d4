// @ts-check
// The header every page shares: the site's name, the site's pages from one
// list (the page shown marked with aria-current), and the language switch.
// A page's HTML keeps only its <header> element, so that the page has its
// banner landmark before any script runs, and whatever is the page's own
// there (the game page: its heading and its buttons); this module puts in
// the rest and keeps its words in step with the language. The words are
// in locales/<lang>/pages.js.

import { languageSwitch, onLanguage } from './lang.js';
import { pt } from './pages-text.js';

/** @typedef {'history' | 'lobby' | 'leaderboard' | 'competitions' | 'game' | 'rules' | 'account'} PageId */

/**
 * A page the header links to: `words` is the id of its name in the
 * pages' words.
 * @typedef {{id: PageId, href: string, words: string}} PageLink
 */

/** @type {readonly PageLink[]} The site's pages, in the order the header lists them. */
export const PAGES = [
  { id: 'history', href: 'history.html', words: 'nav.history' },
  { id: 'lobby', href: 'lobby.html', words: 'nav.lobby' },
  { id: 'leaderboard', href: 'leaderboard.html', words: 'nav.players' },
  { id: 'competitions', href: 'competitions.html', words: 'nav.competitions' },
  { id: 'game', href: './', words: 'nav.new_game' },
  { id: 'rules', href: 'rules.html', words: 'nav.rules' },
  { id: 'account', href: 'account.html', words: 'nav.account' },
];

/**
 * Fills the page's `<header id="site-header">`: the site's name linking
 * home (unless the page has its own heading there already), the pages
 * (`nav#pages`, each link `#nav-<id>`), and the language switch in the
 * header's `#language-slot` (made at the end when the page has none).
 * @param {PageId | null} current the page shown; null for a page the list
 *   does not name (a player's page, the replay viewer)
 * @param {{listCurrent?: boolean}} [options] `listCurrent: false` leaves the
 *   page's own entry out: the game page, whose header has a New game
 *   button that opens the form in place, without leaving a game
 * @returns {HTMLElement} the header
 */
export function mountHeader(current, { listCurrent = true } = {}) {
  const header = document.getElementById('site-header');
  if (!header) throw new Error('the page has no <header id="site-header">');

  // The site's name first: the page's own heading when it has one there.
  const brand = header.querySelector('h1');
  /** @type {HTMLAnchorElement | null} */
  let home = null;
  if (!brand) {
    home = document.createElement('a');
    home.className = 'brand';
    home.href = './';
    header.prepend(home);
  }

  const nav = document.createElement('nav');
  nav.id = 'pages';
  nav.className = 'site-nav';
  /** @type {[PageLink, HTMLAnchorElement][]} */
  const links = [];
  for (const page of PAGES) {
    if (page.id === current && !listCurrent) continue;
    const a = document.createElement('a');
    a.id = `nav-${page.id}`;
    a.href = page.href;
    if (page.id === current) a.setAttribute('aria-current', 'page');
    links.push([page, a]);
    nav.append(a);
  }
  (brand ?? home)?.after(nav);

  let slot = header.querySelector('#language-slot');
  if (!slot) {
    slot = document.createElement('span');
    slot.id = 'language-slot';
    header.append(slot);
  }
  const select = languageSwitch(pt('nav.language'));
  slot.replaceChildren(select);

  const words = () => {
    if (home) home.textContent = pt('site.name');
    nav.setAttribute('aria-label', pt('nav.label'));
    for (const [page, a] of links) a.textContent = pt(page.words);
    select.setAttribute('aria-label', pt('nav.language'));
  };
  words();
  onLanguage(words);
  return header;
}
