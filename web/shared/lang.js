// @ts-check
// The page's language: English or Latvian. Chosen from the browser's
// languages the first time, switchable at any time, and remembered in
// localStorage so every page (game, history, replay, rules) opens in the
// language last chosen. The words are in locales/<language>/, one file per
// page, and each page's translator (text.js for the game, pages-text.js,
// rules/text.js) reads them; this module only knows which table is in
// force and tells the pages when it changes.

/** A language the pages are written in. @typedef {'en' | 'lv'} Language */
/** A table of words by id. @typedef {Record<string, string>} Words */
/** What fills a sentence's `{name}` placeholders. @typedef {Record<string, unknown>} Params */

/**
 * The words of a set of tables in the language in force: `t(id, params)`,
 * and `t.has(id)`.
 * @typedef {((id: string, params?: Params) => string) & {has: (id: string) => boolean}} Translator
 */

/** @type {Record<Language, string>} The languages every page is written in, with their own names. */
export const LANGUAGE_NAMES = { en: 'English', lv: 'Latviešu' };
const KEY = 'novuss.lang';

/**
 * @param {unknown} code
 * @returns {code is Language}
 */
function isLanguage(code) {
  return typeof code === 'string' && Object.hasOwn(LANGUAGE_NAMES, code);
}

function stored() {
  try {
    return globalThis.localStorage?.getItem(KEY) ?? null;
  } catch {
    return null; // storage blocked: the choice lasts for this page only
  }
}

/**
 * The browser's first supported language, English when none is.
 * @returns {Language}
 */
function fromBrowser() {
  // (No navigator or document when text.js is read by Node in the tests.)
  /** @type {{languages?: readonly string[], language?: string}} */
  const nav = globalThis.navigator || {};
  const wanted = nav.languages?.length ? nav.languages : [nav.language || 'en'];
  for (const tag of wanted) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** @type {Language} */
let current = (() => {
  const s = stored();
  return isLanguage(s) ? s : fromBrowser();
})();
/** @type {Set<(code: Language) => void>} */
const listeners = new Set();

/** The language in force: `en` or `lv`. */
export function language() {
  return current;
}

/**
 * Switches language, remembers the choice and tells every listener.
 * @param {string} code
 */
export function chooseLanguage(code) {
  if (!isLanguage(code) || code === current) return;
  current = code;
  try {
    localStorage.setItem(KEY, code);
  } catch { /* see stored() */ }
  if (globalThis.document) document.documentElement.lang = code;
  for (const f of listeners) f(code);
}

/**
 * Calls `f(code)` whenever the language changes; returns an unsubscriber.
 * @param {(code: Language) => void} f
 */
export function onLanguage(f) {
  listeners.add(f);
  return () => listeners.delete(f);
}

/**
 * A `t(id, params)` for a set of word tables `{en: {...}, lv: {...}}`:
 * the current language's words, English where a word is missing, the id
 * itself where both are. `{name}` placeholders are filled from `params`.
 * @param {{en: Words} & Partial<Record<Language, Words>>} tables
 * @returns {Translator}
 */
export function translator(tables) {
  /** @param {string} id @param {Params} [params] */
  const t = (id, params = {}) => {
    const s = tables[current]?.[id] ?? tables.en[id];
    if (s === undefined) return id;
    return s.replace(/\{(\w+)\}/g, (m, k) => (params[k] !== undefined ? String(params[k]) : m));
  };
  /** @param {string} id */
  t.has = (id) => id in (tables[current] || {}) || id in tables.en;
  return t;
}

/**
 * Fills every element under `root` that has `data-text="id"` with `t(id)`
 * (and `data-text-label`, `data-text-title` the attributes of those names).
 * @param {ParentNode} root
 * @param {(id: string) => string} t
 */
export function fillTexts(root, t) {
  for (const el of root.querySelectorAll('[data-text]')) el.textContent = t(dataOf(el, 'text'));
  for (const el of root.querySelectorAll('[data-text-label]')) el.setAttribute('aria-label', t(dataOf(el, 'textLabel')));
  for (const el of root.querySelectorAll('[data-text-title]')) {
    if (el instanceof HTMLElement) el.title = t(dataOf(el, 'textTitle'));
  }
}

/**
 * An element's `data-` attribute (`key` in camel case, as `dataset` has it), '' when absent.
 * @param {Element} el
 * @param {string} key
 */
function dataOf(el, key) {
  return (el instanceof HTMLElement || el instanceof SVGElement ? el.dataset[key] : undefined) ?? '';
}

/**
 * A language switch: a `<select>` of the languages by their own names,
 * kept in step with the language in force.
 */
export function languageSwitch(label = 'Language / Valoda') {
  const select = document.createElement('select');
  select.className = 'language';
  select.setAttribute('aria-label', label);
  for (const [code, name] of Object.entries(LANGUAGE_NAMES)) {
    const o = document.createElement('option');
    o.value = code;
    o.lang = code;
    o.textContent = name;
    select.append(o);
  }
  select.value = current;
  select.addEventListener('change', () => chooseLanguage(select.value));
  onLanguage((code) => { select.value = code; });
  return select;
}

if (globalThis.document) document.documentElement.lang = current;
