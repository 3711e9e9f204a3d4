// A competition's arbiters in a browser, against the real `novuss serve`
// on loopback: Anna organises a round robin and names Juris, by his user
// name, an arbiter from her page; Juris's page gives him the desk (but
// not the arbiters' form), and he pairs round 1 and enters a result that
// Anna's page shows live; Anna removes him and his page, read again, has
// no desk. A phone in Latvian lists the arbiter. Screenshots at 1280×800
// and 390×844; axe finds nothing serious.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor } from './support/harness.mjs';
import { LONG, enterPlayers, pairNext, register, upTo } from './support/desk.mjs';
import { en } from '../../web/locales/en/competitions.js';
import { lv } from '../../web/locales/lv/competitions.js';

const table = tableFor('competition-arbiters');
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `competition-arbiters-${name}.png`), fullPage: true });

test('an organiser names an arbiter, who runs the desk until removed', { timeout: 110_000 }, async () => {
  const anna = await table.person('anna');
  await register(anna, table.base, 'anna_chief');
  const created = await anna.evaluate(async () => {
    const res = await fetch('/api/competitions', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ziemas kauss', venue: 'Cēsis', tables: 2, system: { kind: 'round_robin', cycles: 'single' }, format: { kind: 'best_of', sets: 3 } }),
    });
    return res.json();
  });
  const id = created.id;
  await enterPlayers(anna, id, [['Anna Ozola', 1500], ['Bruno Kalns', 1480], ['Chris Liepa', 1460], ['Dace Bērziņa', 1440]]);

  const juris = await table.person('juris');
  await register(juris, table.base, 'juris_ref');
  const url = `${table.base}competition.html?id=${id}`;
  await juris.goto(url);
  await juris.waitForSelector('#live-state[data-connected="true"]', { timeout: LONG });
  // Not yet named: no desk, and no arbiters to list.
  assert.ok(await juris.isHidden('#desk'));
  assert.ok(await juris.isHidden('#arbiters-box'));

  // Anna names him from her page, by his user name typed in capitals.
  await anna.goto(url);
  await anna.waitForSelector('#arbiter-form:not([hidden])', { timeout: LONG });
  assert.equal(await anna.textContent('#arbiters-none'), en['arbiters.none']);
  await anna.fill('#arbiter-username', 'nobody_at_all');
  await anna.click('#arbiter-form button[type=submit]');
  await anna.waitForSelector('#arbiters-error:not([hidden])');
  assert.equal(await anna.textContent('#arbiters-error'), en['error.unknown_username']);
  await anna.fill('#arbiter-username', 'JURIS_REF');
  await anna.click('#arbiter-form button[type=submit]');
  await anna.waitForFunction(() => document.querySelectorAll('#arbiters-list li').length === 1, null, { timeout: LONG });
  assert.equal(await anna.textContent('#arbiters-list li a'), 'juris_ref');
  assert.ok(await anna.isHidden('#arbiters-none'));
  assert.ok(await anna.isHidden('#arbiters-error'));
  await shot(anna, 'organiser');
  assert.deepEqual(await axeProblems(anna), [], 'the organiser\'s page with its arbiters');

  // Juris, read again: the desk is his, told as an arbiter's; no form to name others.
  await juris.reload();
  await juris.waitForSelector('#desk:not([hidden])', { timeout: LONG });
  assert.equal(await juris.textContent('#desk [data-text="comp.organiser_you"]'), en['arbiters.you']);
  assert.ok(await juris.isHidden('#arbiter-form'));
  assert.equal(await juris.textContent('#arbiters-list li'), 'juris_ref');
  await pairNext(juris, 1);
  const form = juris.locator('#boards li[data-board="1"] form.result-form');
  await form.locator('button.score[data-score="2:0"]').click();
  await upTo(juris, 6);
  // Anna's page shows his result live.
  await upTo(anna, 6);
  const board = await anna.textContent('#boards li[data-board="1"]');
  assert.match(board, /2:0|2–0|2 : 0/);
  await shot(juris, 'arbiter');

  // A phone in Latvian lists him.
  const fan = await table.person('fan', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'lv-LV' });
  await fan.goto(url);
  await fan.waitForSelector('#arbiters-box:not([hidden])', { timeout: LONG });
  assert.equal(await fan.textContent('#arbiters-heading'), lv['arbiters.heading']);
  assert.ok(await fan.isHidden('#arbiter-form'));
  await shot(fan, 'phone-lv');
  assert.deepEqual(await axeProblems(fan), [], 'a follower\'s phone');

  // Anna removes him; his page, read again, has no desk.
  await anna.click('#arbiters-list li button');
  await anna.waitForSelector('#arbiters-none:not([hidden])', { timeout: LONG });
  await juris.reload();
  await juris.waitForSelector('#live-state[data-connected="true"]', { timeout: LONG });
  assert.ok(await juris.isHidden('#desk'));
  for (const p of [anna, juris, fan]) assert.deepEqual(p.errors, []);
});
