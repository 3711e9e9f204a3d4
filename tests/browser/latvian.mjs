// Latvian as a Latvian player reads it (issue 31, "Latvian"): the rule
// references beside a verdict are cited in Latvian on a Latvian page
// (`000 1.18.1. p.`, `001 «Sitiena tiesību zaudēšana» 1. p.`), in English
// on an English one as the books name them (`000 1.18.1`, `001 Losing the
// rights to stroke •1`); and dates follow the browser's locale on the
// history page, the player's page and the game page's games to resume
// (Intl, never a fixed pattern: 28 Nov 2026 for a British browser,
// Nov 28, 2026 for an American one, 2026. gada 28. nov. for a Latvian
// one). First without a browser: every clause the core cites under a
// heading of a rule book has that heading's words in both languages.
// Then the real `novuss serve` on loopback and Debian's Chromium, a
// browser per person with its own locale; screenshots at desktop
// (1280x800) and phone (390x844) size in artifacts/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, root, tableFor, settledAt } from './support/harness.mjs';

const LONG = 90_000;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Every clause the core cites (`rule("001", "Penalty disc •4")`, `rr!("000", "3.6.15")`), from its sources. */
function citedClauses() {
  const found = new Map();
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.rs')) {
        for (const m of fs.readFileSync(p, 'utf8').matchAll(/\b(?:rule\(|rr!\()\s*"(00[0-3])",\s*"([^"]+)"\s*\)/g)) found.set(`${m[1]} ${m[2]}`, { doc: m[1], clause: m[2] });
      }
    }
  };
  walk(path.join(root, 'crates/novuss-core/src'));
  return [...found.values()];
}

const CLAUSES = citedClauses();

/** How a Latvian page cites a clause: a numbered one, or a heading of its book with the item under it. */
const LATVIAN = /^00[0-3] (\d+(\.\d+)*\. p\.|«[^»]+»( \d+\. (p\.|rindkopa))?)$/;
/** The books' own headings (English, and French for 003): none may reach a Latvian reader. */
const FOREIGN = /Penalty|Losing|Direct|The Game|pénalité|Pions|joueur/;

test('every heading the core cites has its words in English and in Latvian', async () => {
  const { clauseOf } = await import(path.join(root, 'web/shared/rulelinks.js'));
  const { en } = await import(path.join(root, 'web/locales/en/game.js'));
  const { lv } = await import(path.join(root, 'web/locales/lv/game.js'));
  const headed = CLAUSES.filter((c) => !/^\d+(\.\d+)*$/.test(c.clause));
  assert.ok(CLAUSES.length > 50 && headed.length > 10, `clauses found in the core: ${CLAUSES.length}, ${headed.length} by heading`);
  for (const ref of headed) {
    const c = clauseOf(ref);
    assert.ok(c.heading, `${ref.doc} ${ref.clause}: a heading this page knows`);
    const id = `rule_heading.${ref.doc}.${c.heading}`;
    assert.equal(en[id], c.title, `${id}: English cites the book as it names itself`);
    assert.ok(lv[id] && !FOREIGN.test(lv[id]), `${id}: Latvian words`);
  }
});

const table = tableFor('latvian');

/**
 * The page's screenshots at desktop and phone size, scrolled to `look`
 * (a selector) as a reader would, the viewport put back after.
 */
async function shots(page, name, look = null) {
  const was = page.viewportSize();
  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    await page.setViewportSize(viewport);
    if (look) await page.locator(look).scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: path.join(ARTIFACTS, `latvian-${name}-${size}.png`) });
  }
  if (was) await page.setViewportSize(was);
}

/** A game against the computer, started from the new-game form as it opens. */
async function gameAgainstComputer(page) {
  await page.goto(table.base);
  await page.waitForSelector('dialog#start[open] #start-game');
  await page.click('#start-game');
  await settledAt(page, 0);
}

/** The rule references beside the verdict shown. */
const refs = (page) => page.$$eval('#verdict .refs abbr', (as) => as.map((a) => a.textContent));

test('a Latvian page cites the rules beside a verdict in Latvian, an English page in English', { timeout: 300_000 }, async () => {
  // Līga's browser speaks Latvian: the page does too.
  const liga = await table.person('liga', { locale: 'lv-LV', viewport: DESKTOP });
  await gameAgainstComputer(liga);
  assert.equal(await liga.evaluate(() => document.documentElement.lang), 'lv');
  await liga.check('#show-refs');
  const e = await liga.evaluate(() => window.novussDebug.event);
  await liga.click('#table');
  await liga.keyboard.press('1');
  await liga.keyboard.press('Enter');
  await settledAt(liga, e + 1);
  await liga.waitForSelector('#verdict .refs abbr');
  const cited = await refs(liga);
  assert.ok(cited.length > 0, 'the verdict cites its clauses');
  for (const r of cited) {
    assert.match(r, LATVIAN, `"${r}" is cited in Latvian`);
    assert.doesNotMatch(r, FOREIGN, `"${r}" names no English or French heading`);
  }
  // Each book's name beside its file number, in Latvian.
  const titles = await liga.$$eval('#verdict .refs abbr', (as) => as.map((a) => a.title));
  for (const title of titles) assert.doesNotMatch(title, /Rules|guide|translation/, `"${title}" in Latvian`);
  await shots(liga, '01-verdict-lv', '#verdict');

  // Every clause the core can cite, as this page cites it in Latvian.
  const all = await liga.evaluate(async (list) => {
    const { ruleRef } = await import('/shared/text.js');
    return list.map(ruleRef);
  }, CLAUSES);
  for (const r of all) {
    assert.match(r, LATVIAN, `"${r}" is cited in Latvian`);
    assert.doesNotMatch(r, FOREIGN, `"${r}" names no English or French heading`);
  }

  // She switches the page to English: the same verdict cites the books as
  // they name themselves.
  await liga.selectOption('#site-header select.language', 'en');
  await liga.waitForFunction(() => document.documentElement.lang === 'en');
  const english = await refs(liga);
  assert.equal(english.length, cited.length);
  for (const r of english) assert.match(r, /^00[0-3] (\d+(\.\d+)*|[A-Z][^«»]*)$/, `"${r}" as the book names it`);
  await shots(liga, '02-verdict-en', '#verdict');
  assert.deepEqual(liga.errors, []);
});

/** How each locale writes a date and time (Intl's medium date, short time). */
const DATES = {
  'en-US': /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/,
  'en-GB': /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
  'lv-LV': /^\d{4}\. gada \d{1,2}\. [a-zāčēģīķļņšūž]+\.? \d{2}:\d{2}$/,
};

for (const [locale, format] of Object.entries(DATES)) {
  test(`dates follow the browser's locale (${locale}): games to resume, the games' list, the player's page`, { timeout: 300_000 }, async () => {
    const page = await table.person(`dates-${locale}`, { locale, viewport: DESKTOP });
    await gameAgainstComputer(page);
    const id = await page.evaluate(() => window.novussDebug.state.id);

    // Back at the plain address: the game to resume, with its date.
    await page.goto(table.base);
    await page.waitForSelector('dialog#start[open] #recent li');
    const line = await page.textContent('#recent li small');
    const date = line.split(' · ').pop();
    assert.match(date, format, `the game to resume: "${line}"`);

    // The games' list.
    await page.goto(`${table.base}history.html`);
    const listed = page.locator(`tr:has(a[href*="${id}"]) time`).first();
    await listed.waitFor({ timeout: LONG });
    assert.match(await listed.textContent(), format, 'the games\' list');
    if (locale === 'lv-LV') await shots(page, '03-history-lv');

    // The player's own page lists the game.
    await page.goto(`${table.base}player.html`);
    const played = page.locator(`tr[data-game="${id}"] time`).first();
    await played.waitFor({ timeout: LONG });
    assert.match(await played.textContent(), format, 'the player\'s page');
    if (locale === 'lv-LV') await shots(page, '04-player-lv');
    assert.deepEqual(page.errors, []);
  });
}

test('on a narrow phone every page\'s links fit the width in Latvian, "Konts" too', { timeout: 180_000 }, async () => {
  const marta = await table.person('marta', { locale: 'lv-LV', viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });
  for (const page of ['', 'lobby.html', 'history.html', 'leaderboard.html', 'rules.html', 'account.html']) {
    await marta.goto(`${table.base}${page}`);
    await marta.waitForSelector('#pages a#nav-account');
    assert.equal(await marta.evaluate(() => document.documentElement.lang), 'lv');
    const out = await marta.$$eval('#pages a', (as) => as
      .map((a) => ({ text: a.textContent, r: a.getBoundingClientRect() }))
      .filter(({ r }) => r.right > window.innerWidth + 0.5 || r.left < 0)
      .map(({ text }) => text));
    assert.deepEqual(out, [], `/${page}: links past the edge`);
    assert.equal(await marta.textContent('#nav-account'), 'Konts');
  }
  await marta.goto(table.base);
  await marta.waitForSelector('dialog#start[open]');
  await marta.keyboard.press('Escape');
  await marta.screenshot({ path: path.join(ARTIFACTS, 'latvian-03-header-360.png'), clip: { x: 0, y: 0, width: 360, height: 200 } });
  assert.deepEqual(marta.errors, []);
});

test('the rules page cites its clauses in Latvian on a Latvian page, as the books name them in English', { timeout: 120_000 }, async () => {
  const liga = await table.person('liga-rules', { locale: 'lv-LV', viewport: DESKTOP });
  await liga.goto(`${table.base}rules.html`);
  await liga.waitForSelector('.refs cite');
  const cites = () => liga.$$eval('.refs cite', (cs) => cs.map((c) => c.textContent ?? ''));
  const latvian = await cites();
  assert.ok(latvian.length > 100, `${latvian.length} citations`);
  for (const c of latvian) {
    // A whole book is cited by its number alone.
    if (/^00[0-3]$/.test(c)) continue;
    assert.match(c, LATVIAN, `"${c}" is cited in Latvian`);
    assert.doesNotMatch(c, FOREIGN, `"${c}" names no English or French heading`);
  }
  assert.ok(latvian.includes('001 «Soda kauliņš» 4. p.'), 'a heading with its item');
  await shots(liga, '04-rules-lv', '#penalty-disc');
  await liga.selectOption('#site-header select.language', 'en');
  await liga.waitForFunction(() => document.documentElement.lang === 'en');
  const english = await cites();
  assert.equal(english.length, latvian.length);
  assert.ok(english.includes('001 Penalty disc •4'), english.filter((c) => c.startsWith('001')).join(' | '));
  assert.ok(english.includes('000 3.6.2'));
  assert.deepEqual(liga.errors, []);
});
