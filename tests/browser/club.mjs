// A club's page in a browser, against the real `novuss serve` on loopback:
// Anna creates a competition through the form naming her club; the list
// and the competition's page link to the club; the club's page lists the
// club's competitions, one of them created by Dana who typed the club's
// name without Latvian letters; a phone reads it in Latvian; a club nobody
// names is said to be none. Screenshots at 1280×800 and 390×844; axe finds
// nothing serious.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor } from './support/harness.mjs';
import { en } from '../../web/locales/en/competitions.js';
import { lv } from '../../web/locales/lv/competitions.js';
import { call } from './support/api.mjs';

const table = tableFor('club');
const LONG = 20_000;
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `club-${name}.png`), fullPage: true });

test('a club\'s page lists the competitions it organises, linked from the list and each competition', { timeout: 100_000 }, async () => {
  // Dana's competition first, the club typed without its marks.
  const dana = await table.person('dana');
  await dana.goto(`${table.base}competitions.html`);
  assert.equal((await call(dana, '/api/account/register', { username: 'dana_club', password: 'correct horse 2' })).status, 201);
  const older = await call(dana, '/api/competitions', {
    name: 'Rudens vakars', venue: 'Rīga', club: 'rigas nk', tables: 2,
    system: { kind: 'round_robin', cycles: 'single' }, format: { kind: 'sets', sets: 6 },
  });
  assert.equal(older.status, 201, JSON.stringify(older.body));

  // Anna creates hers through the form, naming the club as it is written.
  const anna = await table.person('anna');
  await anna.goto(`${table.base}competitions.html`);
  assert.equal((await call(anna, '/api/account/register', { username: 'anna_club', password: 'correct horse 1' })).status, 201);
  await anna.reload();
  await anna.waitForSelector('#new:not([hidden])');
  await anna.fill('#c-name', 'Rīgas kauss 2026');
  await anna.fill('#c-venue', 'Rīga');
  await anna.fill('#c-club', 'Rīgas NK');
  await anna.click('#create');
  await anna.waitForURL(/competition\.html\?id=/, { timeout: LONG });
  await anna.waitForSelector('#organised-by:not([hidden])');
  assert.equal(await anna.textContent('#organised-by'), `${en['club.organised_by']} Rīgas NK`);
  assert.equal(await anna.getAttribute('#club-link a', 'href'), `club.html?name=${encodeURIComponent('Rīgas NK')}`);

  // The club's page, from the competition's link: both competitions.
  await anna.click('#club-link a');
  await anna.waitForSelector('#club-list:not([hidden])', { timeout: LONG });
  assert.equal(await anna.textContent('#club-name'), 'Rīgas NK');
  const listed = await anna.$$eval('#club-body tr', (rows) => rows.map((r) => r.cells[0].textContent));
  assert.deepEqual([...listed].sort(), ['Rudens vakars', 'Rīgas kauss 2026']);
  const link = await anna.getAttribute('#club-body tr:first-child a', 'href');
  assert.match(link, /^competition\.html\?id=[0-9a-f]{32}$/);
  assert.equal(await anna.title(), `Rīgas NK — Novuss`);
  await shot(anna, 'desktop');
  assert.deepEqual(await axeProblems(anna), [], 'the club\'s page');

  // The list of competitions links each to its club.
  await anna.goto(`${table.base}competitions.html`);
  await anna.waitForSelector('#list:not([hidden])');
  const clubs = await anna.$$eval('#list-body tr .club a', (as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
  assert.deepEqual(clubs.sort(), [['Rīgas NK', `club.html?name=${encodeURIComponent('Rīgas NK')}`], ['rigas nk', 'club.html?name=rigas%20nk']]);

  // A phone in Latvian, by the other spelling: the same club.
  const fan = await table.person('fan', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'lv-LV' });
  await fan.goto(`${table.base}club.html?name=${encodeURIComponent('RIGAS NK')}`);
  await fan.waitForSelector('#club-list:not([hidden])', { timeout: LONG });
  assert.equal(await fan.textContent('#club-list-heading'), lv['club.caption']);
  assert.equal(await fan.$$eval('#club-body tr', (rows) => rows.length), 2);
  await shot(fan, 'phone-lv');
  assert.deepEqual(await axeProblems(fan), [], 'the club\'s page on a phone');

  // A club nobody names.
  await fan.goto(`${table.base}club.html?name=${encodeURIComponent('Cēsu NK')}`);
  await fan.waitForFunction((t) => document.getElementById('club-status')?.textContent === t, lv['club.unknown'], { timeout: LONG });
  assert.ok(await fan.isHidden('#club-list'));
  for (const p of [anna, dana, fan]) assert.deepEqual(p.errors, []);
});
