// The chat on a phone (issue 31): below the table and its tools, it is
// reached with one tap on the button at the foot of the screen, which
// counts the lines that came while the chat was out of sight or folded;
// the count goes once they are in sight. Bruno is on a phone with touch
// (390x844), Anna at a desktop writes to him. The real `novuss serve` on
// loopback, Debian's Chromium; screenshots in artifacts/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor, settledAt, inviteFriend } from './support/harness.mjs';

const LONG = 60_000;

const table = tableFor('phone-chat');

const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });

/** Whether `selector`'s box is wholly on the screen. */
const inSight = (page, selector) => page.locator(selector).evaluate((el) => {
  const r = el.getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
});

/** The unread count on the phone's chat button ('' for none). */
const marker = (page, selector = '#chat-jump .chat-badge') => page.locator(selector).evaluate((b) => (b.hidden ? '' : b.firstChild?.textContent ?? ''));

/** Waits until the marker at `selector` says `n` ('' for none). */
const markerIs = (page, n, selector = '#chat-jump .chat-badge') => page.waitForFunction(([s, x]) => {
  const b = document.querySelector(s);
  return !!b && (b.hidden ? '' : b.firstChild?.textContent ?? '') === x;
}, [selector, n], { timeout: LONG });

test('on a phone the chat is a tap away, and lines that came unseen are counted until read', { timeout: 300_000 }, async () => {
  const anna = await table.person('anna', { viewport: { width: 1280, height: 800 } });
  const { link } = await inviteFriend(anna, table.base);

  const bruno = await table.person('bruno', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  await bruno.goto(link);
  await settledAt(bruno, 0);
  await bruno.waitForSelector('#chat:not([hidden])');
  await anna.waitForSelector('#chat:not([hidden])');
  assert.equal(await bruno.evaluate(() => window.scrollY), 0, 'Bruno has not scrolled');
  assert.ok(!(await inSight(bruno, '#chat-log')), 'the chat lies below the first screen');
  // The button is on the first screen, and nothing is unread yet.
  await bruno.waitForSelector('#chat-jump:not([hidden])');
  assert.ok(await inSight(bruno, '#chat-jump'), 'the chat button is on the screen without scrolling');
  assert.equal(await marker(bruno), '');
  // At a desktop the chat is beside the table: no such button.
  assert.ok(!(await anna.isVisible('#chat-jump')), 'no chat button at a desktop');

  // Anna greets him twice while his chat is out of sight: counted.
  await anna.click('#chat [data-preset=hello]');
  await markerIs(bruno, '1');
  await anna.click('#chat [data-preset=good_luck]');
  await markerIs(bruno, '2');
  assert.equal(await marker(anna, '#chat-toggle .chat-badge'), '', 'her own lines are not new to Anna');
  assert.equal((await bruno.textContent('#chat-jump')).replace(/\s+/g, ' '), 'Chat2 (2 new)', 'seen as a count, heard in words');
  assert.deepEqual(await axeProblems(bruno), [], 'the phone with its chat button');
  await shot(bruno, 'phone-chat-01-marker');

  // One tap brings the chat into sight; read, the count goes.
  await bruno.tap('#chat-jump');
  await bruno.waitForFunction(() => {
    const r = document.getElementById('chat-log').getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  }, null, { timeout: LONG });
  assert.ok((await bruno.textContent('#chat-log')).includes('Good luck!'));
  await bruno.waitForSelector('#chat-jump', { state: 'hidden', timeout: LONG });
  assert.equal(await marker(bruno), '', 'read');
  await shot(bruno, 'phone-chat-02-chat-in-sight');

  // He answers from there.
  await bruno.tap('#chat [data-preset=thanks]');
  await anna.waitForFunction(() => document.getElementById('chat-log').textContent.includes('Thanks!'), null, { timeout: LONG });

  // Back at the table, a line that comes is counted again.
  await bruno.evaluate(() => window.scrollTo(0, 0));
  await bruno.waitForSelector('#chat-jump:not([hidden])', { timeout: LONG });
  assert.equal(await marker(bruno), '', 'his own line is not new to him');
  await anna.click('#chat [data-preset=well_played]');
  await markerIs(bruno, '1');

  // A reload keeps what was read: only the unread line is counted.
  await bruno.reload();
  await settledAt(bruno, 0);
  await bruno.waitForFunction(() => document.getElementById('chat-log').textContent.includes('Well played!'), null, { timeout: LONG });
  await markerIs(bruno, '1');

  // A folded chat counts too, beside its fold button; the tap unfolds it.
  await bruno.tap('#chat-jump');
  await markerIs(bruno, '');
  await bruno.tap('#chat-toggle');
  assert.ok(!(await bruno.isVisible('#chat-log')), 'folded');
  await anna.click('#chat [data-preset=one_moment]');
  await markerIs(bruno, '1', '#chat-toggle .chat-badge');
  await markerIs(bruno, '1');
  await bruno.evaluate(() => window.scrollTo(0, 0));
  await bruno.tap('#chat-jump');
  await bruno.waitForSelector('#chat-log', { state: 'visible', timeout: LONG });
  await markerIs(bruno, '', '#chat-toggle .chat-badge');
  await markerIs(bruno, '');
  assert.ok((await bruno.textContent('#chat-log')).includes('One moment!'));
  await shot(anna, 'phone-chat-03-anna-desktop');
  for (const p of [anna, bruno]) assert.deepEqual(p.errors, []);
});
