// What the competition tests do at the organiser's desk and on a
// follower's phone, the same in each: sign up, enter players, pair the
// next round, wait for the page to hold a number of changes, follow on a
// phone.

/** How long a page may take to show a change. */
export const LONG = 20_000;

/** How many changes the competition `page` shows has had. */
export const changesOf = (page) => page.evaluate(() => Number(document.body.dataset.changes));

/** Waits until `page` shows at least `changes` changes and is not busy. */
export const upTo = (page, changes) => page.waitForFunction((n) => Number(document.body.dataset.changes) >= n && !document.body.dataset.busy, changes, { timeout: LONG });

/** Pairs the next round from the desk and waits until `round` rounds are shown. */
export async function pairNext(org, round) {
  await org.click('#pair');
  await org.waitForFunction((r) => document.body.dataset.rounds === String(r) && !document.body.dataset.busy, round, { timeout: LONG });
}

/** Registers an account named `username` through the account page's form. */
export async function register(page, base, username, password = 'correct horse 2') {
  await page.goto(`${base}account.html`);
  await page.waitForSelector('#register-form');
  await page.fill('#register-username', username);
  await page.fill('#register-password', password);
  await page.click('#register-form button[type=submit]');
  await page.waitForSelector('#signed-in:not([hidden])');
}

/**
 * Enters `players` ([name, rating] each) into competition `id` by the
 * organiser's own requests (the desk's form is tested in competition-day.mjs).
 */
export async function enterPlayers(org, id, players) {
  await org.evaluate(async ({ id, players }) => {
    for (const [name, rating] of players) {
      const res = await fetch(`/api/competitions/${id}/changes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ change: 'enter', entry: { name, rating } }) });
      if (!res.ok) throw new Error(await res.text());
    }
  }, { id, players });
}

/** A phone (390×844, touch) of `table` following the competition at `url` live, marked to tell a reload. */
export async function phoneFollowing(table, url) {
  const fan = await table.person('fan', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  await fan.goto(url);
  await fan.waitForSelector('#live-state[data-connected="true"]');
  await fan.evaluate(() => { window.sameLoad = true; });
  return fan;
}
