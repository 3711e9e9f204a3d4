// The new-game form, the game page's home, as people meet it (issue 31):
// each computer level with its rating, and what it plays like laid out
// across the form at desktop and phone size ("Broken" 4); "Play a friend
// online" and "Find an opponent" as choices of their own beside the
// computer and hot-seat, the first making a game with an invitation link,
// the second leading to the lobby; and a returning player offered the
// game in progress in this browser ("Your move in …", "Resume"), where a
// stranger's listed game is not offered. Each person is a browser of their
// own; the real `novuss serve` on loopback, Debian's Chromium; screenshots
// at desktop (1280x800) and phone (390x844) size in artifacts/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor, settledAt } from './support/harness.mjs';

const LONG = 90_000;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const table = tableFor('newgame');

/** The form's screenshot (the dialog, scrolled to its top) at `size`. */
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `newgame-${name}.png`) });

/** The box of the element `sel` on the page. */
const box = (page, sel) => page.locator(sel).first().evaluate((el) => {
  const r = el.getBoundingClientRect();
  return { left: r.left, right: r.right, width: r.width, height: r.height, top: r.top };
});

for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`each computer level shows its rating, and what it plays like across the form (${size})`, { timeout: 120_000 }, async () => {
    const page = await table.person(`levels-${size}`, { viewport, ...(size === 'phone' ? { hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : {}) });
    const ratings = await (await fetch(`${table.base}api/options`)).json().then((o) => o.level_ratings);
    assert.ok(ratings && Object.keys(ratings).length >= 5, 'the server sends the levels\' ratings');
    await page.goto(table.base);
    await page.waitForSelector('dialog#start[open] #start-game');
    assert.equal(await page.isChecked('#mode-computer'), true);

    // Each level in the list with its rating, as the server gives it.
    const options = await page.$$eval('#level option', (os) => os.map((o) => ({ value: o.value, text: o.textContent })));
    assert.ok(options.length >= 5);
    for (const o of options) {
      assert.ok(Number.isFinite(ratings[o.value]), `the server rates ${o.value}`);
      assert.ok(o.text.includes(String(Math.round(ratings[o.value]))), `"${o.text}" shows ${o.value}'s rating ${ratings[o.value]}`);
    }
    // The computer's seat says the same.
    assert.ok((await page.textContent('#kind-1 option:checked')).includes(String(Math.round(ratings[await page.inputValue('#level')]))));

    // The chosen level's rating and description, under the choice and as
    // wide as the form's controls: not squeezed into the labels' column.
    for (const level of ['novice', 'club', 'master']) {
      await page.selectOption('#level', level);
      const about = await page.textContent('#level-about');
      assert.ok(about.includes(String(Math.round(ratings[level]))), `${level}: its rating in "${about}"`);
      assert.ok(about.length > 40, `${level}: what it plays like`);
    }
    const form = await box(page, '#start-form #game-terms');
    const about = await box(page, '#level-about');
    const label = await box(page, 'label[for=level]');
    const select = await box(page, '#level');
    assert.ok(about.width >= form.width * 0.9, `the description spans the form (${about.width} of ${form.width})`);
    assert.ok(about.top >= select.top + select.height - 1, 'it is under the choice');
    assert.ok(about.width > label.width * 2, 'wider than the labels\' column');
    // Short enough to read at a glance: a few lines, not a column of words.
    assert.ok(about.height < 140, `a few lines high (${about.height} px)`);
    await page.selectOption('#level', 'club');
    await shot(page, `01-levels-${size}`);
    assert.deepEqual(await axeProblems(page), [], 'the form');
    assert.deepEqual(page.errors, []);
  });
}

test('"Play a friend online" and "Find an opponent" are choices of their own, and a returning player is offered their game', { timeout: 400_000 }, async () => {
  // Anna opens Novuss: four ways to play, each saying what it means.
  const anna = await table.person('anna', { viewport: DESKTOP });
  await anna.goto(table.base);
  await anna.waitForSelector('dialog#start[open] #start-game');
  const modes = await anna.$$eval('input[name=mode]', (is) => is.map((i) => i.value));
  assert.deepEqual(modes, ['computer', 'hot_seat', 'friend', 'lobby']);
  assert.equal(await anna.textContent('label[for=mode-friend] .mode-name'), 'Play a friend online');
  assert.equal(await anna.textContent('label[for=mode-lobby] .mode-name'), 'Find an opponent');
  assert.equal(await anna.evaluate(() => document.activeElement?.id), 'mode-computer', 'the form opens on its first choice');

  // "Find an opponent" leads to the lobby: no terms to fill here.
  await anna.click('label[for=mode-lobby]');
  assert.equal(await anna.isVisible('#game-terms'), false, 'the terms are the lobby\'s');
  assert.equal(await anna.isVisible('#start-game'), false);
  assert.equal(await anna.isVisible('#find-opponent'), true);
  await shot(anna, '02-find-opponent-desktop');
  await anna.setViewportSize(PHONE);
  await shot(anna, '02-find-opponent-phone');
  await anna.setViewportSize(DESKTOP);
  await Promise.all([anna.waitForURL(/\/lobby\.html$/), anna.click('#find-opponent')]);
  assert.equal(new URL(anna.url()).pathname, '/lobby.html');
  await anna.goBack();
  await anna.waitForSelector('dialog#start[open] #start-game');

  // "Play a friend online": the other seat is for an invited person, and
  // the game comes with the link to send.
  await anna.click('label[for=mode-friend]');
  assert.equal(await anna.isVisible('#level'), false, 'no computer level');
  assert.equal(await anna.inputValue('#kind-1'), 'invite', 'the other seat waits for the friend');
  assert.equal(await anna.getAttribute('#name-0', 'placeholder'), 'You');
  assert.equal(await anna.isVisible('label[for=rated]'), true, 'a game between people may be rated');
  await anna.fill('#name-0', 'Anna');
  await anna.check('#public');
  await shot(anna, '03-friend-desktop');
  await anna.setViewportSize(PHONE);
  await shot(anna, '03-friend-phone');
  await anna.setViewportSize(DESKTOP);
  await anna.click('#start-game');
  await anna.waitForSelector('#invites:not([hidden]) #invite-1');
  const link = await anna.inputValue('#invite-1');
  assert.match(link, /#game=[0-9a-f]{32}&join=[0-9a-f]{64}$/);
  const id = await anna.evaluate(() => window.novussDebug.state.id);

  // Bruno opens his link on his phone and names himself.
  const bruno = await table.person('bruno', { viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  await bruno.goto(link);
  await settledAt(bruno, 0);
  await bruno.fill('#my-name-input', 'Bruno');
  await bruno.click('#my-name button[type=submit]');
  await anna.waitForFunction(() => document.getElementById('sides').textContent.includes('Bruno'), null, { timeout: LONG });

  // Anna comes back to Novuss later, at its plain address: the game in
  // progress is offered first, as her move, with a way back to it.
  await anna.goto(table.base);
  await anna.waitForSelector('dialog#start[open] #recent li.your-move');
  const mine = await anna.textContent('#recent li.your-move');
  assert.match(mine, /Your move in Anna · Bruno/);
  assert.equal(await anna.locator('#recent li').count(), 1, 'only her game');
  assert.deepEqual(await axeProblems(anna), [], 'the form with a game to resume');
  await shot(anna, '04-your-move-desktop');
  await anna.setViewportSize(PHONE);
  await shot(anna, '04-your-move-phone');
  await anna.setViewportSize(DESKTOP);

  // Bruno too: the same game, where Anna is to play.
  await bruno.goto(table.base);
  await bruno.waitForSelector('dialog#start[open] #recent li');
  const his = await bruno.textContent('#recent li');
  assert.match(his, /Anna · Bruno/);
  assert.match(his, /Anna to play/);
  assert.equal(await bruno.locator('#recent li.your-move').count(), 0, 'not his move');
  await shot(bruno, '05-waiting-phone');

  // Carla has played nothing: Anna's game is listed for anyone to watch,
  // but it is not hers to resume.
  const carla = await table.person('carla', { viewport: DESKTOP });
  await carla.goto(table.base);
  await carla.waitForSelector('dialog#start[open] #start-game');
  await carla.waitForSelector('#recent:not([aria-busy])', { state: 'attached' });
  assert.equal(await carla.locator('#recent li').count(), 0, 'nothing to resume');

  // Anna takes the offer: the game, her stroke, the form gone.
  await anna.click('#recent li.your-move a');
  await anna.waitForFunction((g) => window.novussDebug?.state?.id === g && document.body.dataset.phase === 'idle', id, { timeout: LONG });
  assert.equal(await anna.locator('dialog#start[open]').count(), 0);
  assert.equal(new URL(anna.url()).hash, `#game=${id}`);
  for (const p of [anna, bruno, carla]) assert.deepEqual(p.errors, []);
});
