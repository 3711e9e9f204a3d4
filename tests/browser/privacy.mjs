// The privacy page (issue 34, "People's data is theirs": "a privacy page
// saying what is stored, for how long, and why"): reached from the account
// page, every word filled in English and Latvian, what it says of the
// cookie the same as what the real server sets (its name, HttpOnly, 400
// days), and axe finding nothing serious; screenshots at desktop and
// phone sizes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor } from './support/harness.mjs';
import { en } from '../../web/locales/en/pages.js';
import { lv } from '../../web/locales/lv/pages.js';

const table = tableFor('privacy');

/** Every `data-text` element's id and words on `page`. */
const texts = (page) => page.$$eval('[data-text]', (els) => els.map((e) => [e.getAttribute('data-text'), e.textContent]));

test('the privacy page says what is kept, for how long and why, in both languages', { timeout: 120_000 }, async () => {
  const visitor = await table.person('visitor', { viewport: { width: 1280, height: 900 } });
  await visitor.goto(`${table.base}account.html`);
  await visitor.click('a[href="privacy.html"]');
  await visitor.waitForSelector('body[data-ready="true"]');
  assert.equal(await visitor.title(), en['privacy.title']);
  const shown = await texts(visitor);
  assert.ok(shown.length >= 40, `${shown.length} texts`);
  for (const [id, words] of shown) assert.equal(words, en[id], id);

  // What it says of the cookie is what the server does: a new person's
  // cookie is `novuss_id`, HttpOnly, kept 400 days.
  const made = await visitor.evaluate(async () => {
    const res = await fetch('/api/me', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Anna' }) });
    return res.status;
  });
  assert.equal(made, 200);
  const cookie = (await visitor.context().cookies()).find((c) => c.name === 'novuss_id');
  assert.ok(cookie, 'the cookie the page names');
  assert.ok(cookie.httpOnly, 'the page’s scripts cannot read it');
  const days = (cookie.expires - Date.now() / 1000) / 86_400;
  assert.ok(days > 399 && days <= 400, `${days} days`);
  assert.ok(en['privacy.id.kept'].startsWith('400 days'));
  assert.equal(await visitor.evaluate(() => document.cookie), '', 'no cookie a script can see');
  // The download the page offers is the visitor's own data.
  const data = await visitor.evaluate(async () => (await fetch(document.querySelector('a[download]').getAttribute('href'))).json());
  assert.equal(data.kind, 'novuss-personal-data');
  assert.equal(data.person.name, 'Anna');
  assert.deepEqual(await axeProblems(visitor), []);
  await visitor.screenshot({ path: path.join(ARTIFACTS, 'privacy-desktop.png'), fullPage: true });

  // On a phone, in Latvian.
  const phone = await table.person('telefons', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'lv-LV' });
  await phone.goto(`${table.base}privacy.html`);
  await phone.waitForSelector('body[data-ready="true"]');
  assert.equal(await phone.title(), lv['privacy.title']);
  for (const [id, words] of await texts(phone)) assert.equal(words, lv[id], id);
  assert.deepEqual(await axeProblems(phone), []);
  await phone.screenshot({ path: path.join(ARTIFACTS, 'privacy-phone-lv.png'), fullPage: true });
  for (const p of [visitor, phone]) assert.deepEqual(p.errors, []);
});
