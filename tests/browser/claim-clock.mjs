// A claim under a stroke clock (issue 31): the absent player's clock runs
// out before the grace does, so the turn passes while they are away. Their
// time away must count across those turns, as lichess counts the
// disconnection and not the move, and the page must never promise a
// countdown it will not keep. Before, the grace began again at each of
// their turns and the opponent could never claim.
//
// Real time, with a grace (20 s) longer than the clock (15 s): Bruno's tab
// crashes on his turn (no goodbye), his clock runs out (15 s away), the
// turn is Anna's and her page says when she may claim; her own clock runs
// out (30 s away) and on Bruno's next turn she may claim at once.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor, inviteFriend } from './support/harness.mjs';

const LONG = 60_000;

const table = tableFor('claim-clock', ['--absence-grace', '20s']);

const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });

/** The words of the clocks' section. */
const clocks = (page) => page.textContent('#clocks');

test('an absence counts across the turns a stroke clock passes, and the claim comes on the absent player’s turn', { timeout: 300_000 }, async () => {
  const anna = await table.person('anna');
  const { link } = await inviteFriend(anna, table.base, {
    choose: async (p) => {
      await p.selectOption('#sets', '3');
      await p.selectOption('#stroke-clock', '15');
      await p.uncheck('#casual');
    },
  });

  const bruno = await table.person('bruno', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });
  await bruno.goto(link);
  await bruno.waitForFunction(() => !location.hash.includes('join='), null, { timeout: LONG });

  // Anna lets her clock run out: the turn is Bruno's.
  await bruno.waitForFunction(() => /Your stroke: \d+ s left/.test(document.getElementById('clocks').textContent), null, { timeout: LONG });

  // His tab crashes on his turn: no goodbye, the socket just drops.
  const cdp = await bruno.context().newCDPSession(bruno);
  cdp.send('Page.crash').catch(() => {});
  await anna.waitForFunction(() => /is away on their turn/.test(document.getElementById('clocks').textContent), null, { timeout: LONG });
  assert.match(await clocks(anna), /you may claim in \d+ s/);
  await shot(anna, 'claim-clock-01-away-on-his-turn');

  // His clock runs out before the grace: a refused stroke, the turn
  // passes to Anna. Her page still shows him away and says the claim
  // comes on his turn, with what is left of the grace, not a countdown
  // that starts again.
  await anna.waitForFunction(() => window.novussDebug.state?.turn?.player === 0
    && /is away\./.test(document.getElementById('clocks').textContent), null, { timeout: LONG });
  // The status line says what happened, in words.
  assert.match(await anna.textContent('#status'), /ran out of time: a refused stroke \(000 3\.6\.15\)/);
  const offTurn = await clocks(anna);
  assert.match(offTurn, /you may claim on their turn once \d+ s more have passed|you may claim then/, offTurn);
  assert.equal(await anna.$('#clocks button[data-claim]'), null, 'no claim off his turn');
  assert.deepEqual(await axeProblems(anna), [], 'the page with the absence off his turn');
  await shot(anna, 'claim-clock-02-away-on-her-turn');

  // Her own clock runs out too: his turn again, and he has been away
  // longer than the grace, so the claim is there during this turn (his
  // clock would end it in 15 s; before, the grace began again here).
  await anna.waitForFunction(() => window.novussDebug.state?.turn?.player === 1, null, { timeout: LONG });
  await anna.waitForSelector('#clocks button[data-claim="set"]', { timeout: 12_000 });
  assert.match(await clocks(anna), /is away on their turn/);
  await shot(anna, 'claim-clock-03-may-claim');
  await anna.click('#clocks button[data-claim="set"]');
  await anna.waitForFunction(() => window.novussDebug.state?.match?.score?.[0] === 1, null, { timeout: LONG });
  // A claim, said as a claim everywhere (never "resigned", nor an
  // organiser's forfeit), with no empty bubble under the table.
  assert.match(await anna.textContent('#verdict'), /stayed away on their turn: Anna claimed the set/);
  assert.match(await anna.textContent('#verdict'), /Claimed: the opponent was away/);
  const banner = await anna.textContent('#banner-text');
  assert.match(banner, /stayed away on their turn: Anna claimed the set\. Anna won set 1\./, banner);
  assert.doesNotMatch(`${banner} ${await anna.textContent('#status')}`, /organiser|resigned/);
  assert.match(await anna.textContent('#status'), /claimed the set/);
  await shot(anna, 'claim-clock-04-claimed');
  assert.deepEqual(anna.errors, [], 'no page errors');
});
