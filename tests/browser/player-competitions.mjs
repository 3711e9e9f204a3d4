// A player's competitions on their page, in a browser against the real
// `novuss serve` on loopback (docs/competitions.md, "On a player's page"):
// the organiser enters Anna by her user name into a round robin that is
// then played out, and Anna enters herself into a Swiss still open; her
// page (her own, from /api/me) lists both under "Competitions", each linked
// to its page, with her place, points and wins–draws–losses as the server
// computed them; a phone reads her page in Latvian; the organiser's page
// says he is entered nowhere. Screenshots at 1280×800 and 390×844; axe
// finds nothing serious.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor } from './support/harness.mjs';
import { en } from '../../web/locales/en/players.js';
import { lv } from '../../web/locales/lv/players.js';
import { ok } from './support/api.mjs';

const table = tableFor('player-comps');
const LONG = 20_000;
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `player-competitions-${name}.png`), fullPage: true });

/** The rows of the competitions' table as the page shows them. */
const rows = (page) => page.$$eval('#competitions-body tr', (trs) => trs.map((tr) => ({
  id: tr.getAttribute('data-competition'),
  name: tr.querySelector('a.competition-name')?.textContent,
  href: tr.querySelector('a.competition-name')?.getAttribute('href'),
  cells: [...tr.cells].map((c) => c.textContent?.trim()),
})));

test('a player\'s page lists the competitions they are entered in, with place and points', { timeout: 120_000 }, async () => {
  const org = await table.person('org');
  await org.goto(`${table.base}competitions.html`);
  await ok(org, '/api/account/register', { username: 'org_pc', password: 'correct horse 1' });
  const anna = await table.person('anna');
  await anna.goto(`${table.base}competitions.html`);
  await ok(anna, '/api/account/register', { username: 'anna_pc', password: 'correct horse 2' });
  const annaId = (await ok(anna, '/api/me')).person;

  // A round robin of three, Anna entered by her user name, played out:
  // the first-named side wins every match 4:2.
  const autumn = await ok(org, '/api/competitions', {
    name: 'Rudens kauss', club: 'Rīgas NK', starts: '2026-10-03', tables: 2,
    system: { kind: 'round_robin', cycles: 'single' }, format: { kind: 'sets', sets: 6 },
  });
  await ok(org, `/api/competitions/${autumn.id}/enter`, { username: 'anna_pc' });
  for (const name of ['Carla', 'Dace']) await ok(org, `/api/competitions/${autumn.id}/changes`, { change: 'enter', entry: { name } });
  for (let round = 1; round <= 3; round++) {
    const c = await ok(org, `/api/competitions/${autumn.id}/changes`, { change: 'pair_next', round });
    for (let board = 1; board <= c.rounds[round - 1].boards.length; board++) {
      await ok(org, `/api/competitions/${autumn.id}/changes`, { change: 'result', round, board, outcome: { kind: 'sets', first: 4, second: 2 } });
    }
  }
  // A Swiss open to entries, which Anna enters herself.
  const winter = await ok(org, '/api/competitions', {
    name: 'Ziemas Šveice', tables: 2, system: { kind: 'swiss', rounds: 3 }, format: { kind: 'sets', sets: 6 }, open_entry: true,
  });
  await ok(anna, `/api/competitions/${winter.id}/enter`, {});

  // What the server says of her part in the round robin.
  const listed = await ok(anna, `/api/players/${annaId}/competitions`);
  const played = listed.competitions.find((c) => c.id === autumn.id);
  assert.equal(played.status.state, 'finished');
  assert.equal(played.wins + played.draws + played.losses, 2, 'two matches in a round robin of three');
  const place = played.place.start === played.place.end ? `${played.place.start}` : `${played.place.start}–${played.place.end}`;

  // Her own page, on a desktop.
  await anna.setViewportSize({ width: 1280, height: 800 });
  await anna.goto(`${table.base}player.html`);
  await anna.waitForSelector('#competitions:not([hidden])', { timeout: LONG });
  assert.equal(await anna.textContent('#competitions-heading'), en['pcomps.heading']);
  const shown = await rows(anna);
  assert.equal(shown.length, 2);
  const byId = Object.fromEntries(shown.map((r) => [r.id, r]));
  assert.equal(byId[autumn.id].name, 'Rudens kauss');
  assert.equal(byId[autumn.id].href, `competition.html?id=${autumn.id}`);
  assert.equal(byId[autumn.id].cells[1], en['pcomps.status.finished']);
  assert.equal(byId[autumn.id].cells[2], `${place} of 3${en['pcomps.place.final']}`);
  assert.equal(byId[autumn.id].cells[3], String(played.points));
  assert.ok(byId[autumn.id].cells[4].startsWith(`${played.wins}–${played.draws}–${played.losses}`), byId[autumn.id].cells[4]);
  assert.ok(byId[autumn.id].cells[0].includes('Rīgas NK'), 'the club is named');
  assert.equal(await anna.getAttribute(`tr[data-competition="${autumn.id}"] .about a`, 'href'), `club.html?name=${encodeURIComponent('Rīgas NK')}`);
  assert.equal(byId[winter.id].cells[1], en['pcomps.status.entries_open']);
  // No round paired: no place yet.
  assert.equal(byId[winter.id].cells[2], en['pcomps.place.none']);
  // Newest first: the Swiss was created last (or in the same second).
  const created = listed.competitions.map((c) => c.created);
  assert.ok(created[0] >= created[1]);
  assert.deepEqual(shown.map((r) => r.id), listed.competitions.map((c) => c.id));
  // Screen readers hear the record in words.
  assert.equal(await anna.textContent(`tr[data-competition="${autumn.id}"] td.record .visually-hidden`),
    `won ${played.wins}, drawn ${played.draws}, lost ${played.losses}`);
  await shot(anna, 'desktop');
  assert.deepEqual(await axeProblems(anna), [], 'the player page with competitions');

  // The link leads to the competition.
  await anna.click(`tr[data-competition="${autumn.id}"] a.competition-name`);
  await anna.waitForURL(/competition\.html\?id=/, { timeout: LONG });

  // A phone in Latvian, by the address of her page.
  const fan = await table.person('fan', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'lv-LV' });
  await fan.goto(`${table.base}player.html#id=${annaId}`);
  await fan.waitForSelector('#competitions:not([hidden])', { timeout: LONG });
  assert.equal(await fan.textContent('#competitions-heading'), lv['pcomps.heading']);
  const phone = await rows(fan);
  const lvPlace = played.place.start === played.place.end ? `${played.place.start}.` : `${played.place.start}.–${played.place.end}.`;
  assert.equal(phone.find((r) => r.id === autumn.id).cells[2], `${lvPlace} no 3${lv['pcomps.place.final']}`);
  assert.equal(phone.find((r) => r.id === winter.id).cells[1], lv['pcomps.status.entries_open']);
  await shot(fan, 'phone-lv');
  assert.deepEqual(await axeProblems(fan), [], 'the player page on a phone');

  // The organiser is entered nowhere: his page says so.
  await org.goto(`${table.base}player.html`);
  await org.waitForFunction((t) => document.getElementById('competitions-status')?.textContent === t, en['pcomps.none'], { timeout: LONG });
  assert.ok(await org.isHidden('#competitions'));
  for (const p of [anna, fan, org]) assert.deepEqual(p.errors, []);
});
