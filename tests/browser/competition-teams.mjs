// A team competition in a browser (issue 32, "Teams"), against the real
// `novuss serve` on loopback: an organiser creates a four-team round robin
// of four boards through the form, enters the teams at the desk (a team
// too small for the boards refused, in words), pairs round 1 and enters
// its board results: one match decided on board 3 (its last board no
// longer needed), the other a walkover. A phone follows the team matches
// and the team standings live. Screenshots at desktop (1280x800) and
// phone (390x844) size; axe finds nothing serious; the page in Latvian.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor } from './support/harness.mjs';
import { LONG, changesOf, pairNext, phoneFollowing, register, upTo } from './support/desk.mjs';
import { en } from '../../web/locales/en/competitions.js';
import { lv } from '../../web/locales/lv/competitions.js';

const table = tableFor('competition-teams');
const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `competition-teams-${name}.png`), fullPage: true });

const TEAMS = ['Madona', 'Rīga', 'Cēsis', 'Valmiera'];
const roster = (team) => [1, 2, 3, 4, 5].map((k) => `${team} ${k}`).join('\n');

/** Enters a team through the desk's form; resolves once the page holds the change. */
async function enterTeam(org, name, players) {
  const before = await changesOf(org);
  await org.fill('#t-name', name);
  await org.fill('#t-club', `${name} NK`);
  await org.fill('#t-players', players);
  await org.click('#enter-team button[type=submit]');
  await upTo(org, before + 1);
}

/** Enters board `board`'s result `choice` in match `m` of the current round. */
async function boardResult(org, m, board, choice) {
  const row = org.locator(`#boards > li[data-board="${m}"] tr[data-board="${board}"]`);
  const before = await changesOf(org);
  await row.locator('select.board-choice').selectOption(choice);
  await row.locator('button.enter-board').click();
  await upTo(org, before + 1);
}

const matchState = (page, m) => page.textContent(`#boards > li[data-board="${m}"] .team-match-state`);
const standings = (page) => page.$$eval('#team-standings tbody tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent).join(' | ')));

test('an organiser runs a four-team round of four boards; a phone follows the team standings live', { timeout: 150_000 }, async () => {
  const org = await table.person('organiser', { viewport: { width: 1280, height: 800 } });
  await register(org, table.base, 'Teams_organiser', 'correct horse 2');

  await org.goto(`${table.base}competitions.html`);
  await org.waitForSelector('#new:not([hidden])');
  await org.fill('#c-name', 'Komandu čempionāts');
  await org.fill('#c-tables', '8');
  await org.selectOption('#c-format', 'sets');
  await org.fill('#c-sets', '6');
  await org.selectOption('#c-system', 'single');
  assert.ok(await org.isHidden('#boards-row'));
  await org.check('#c-teams');
  assert.ok(await org.isVisible('#boards-row'));
  await org.fill('#c-boards', '4');
  await org.click('#create');
  await org.waitForURL(/competition\.html\?id=/);
  const url = org.url();
  await org.waitForSelector('#desk:not([hidden])');
  assert.ok((await org.textContent('#setup')).startsWith(fill(en['teams.setup'], { boards: 4 })));
  // The desk enters teams, not players.
  assert.ok(await org.isVisible('#enter-team-box'));
  assert.ok(await org.isHidden('#enter-box'));

  const fan = await phoneFollowing(table, url);

  await org.click('#enter-team-box summary');
  // Three players cannot play four boards: said in words, nothing entered.
  await org.fill('#t-name', 'Tukums');
  await org.fill('#t-players', 'A\nB\nC');
  await org.click('#enter-team button[type=submit]');
  await org.waitForSelector('#enter-team-error:not([hidden])');
  assert.equal(await org.textContent('#enter-team-error'), fill(en['refusal.team_too_small'], { players: 3, boards: 4 }));
  assert.equal(await changesOf(org), 0);
  for (const t of TEAMS.slice(0, 3)) await enterTeam(org, t, roster(t));
  // A player told apart by a licence, after a semicolon.
  await enterTeam(org, 'Valmiera', `${roster('Valmiera')}\nJānis Ozols; LV-0099`);
  const id = new URL(url).searchParams.get('id');
  const stored = await org.evaluate(async (id) => (await (await fetch(`/api/competitions/${id}`)).json()).competition.teams.teams[3].roster[5], id);
  assert.deepEqual([stored.name, stored.licence], ['Jānis Ozols', 'LV-0099']);
  await upTo(fan, 4);
  await fan.waitForSelector('#rosters-box:not([hidden])');
  assert.equal(await fan.locator('#rosters details.roster').count(), 4);

  await pairNext(org, 1);
  assert.equal(await org.locator('#boards > li').count(), 2);
  // Each match on a block of four tables.
  assert.match(await org.textContent('#boards > li[data-board="1"] .team-match-head'), new RegExp(fill(en['teams.tables'], { a: 1, b: 4 })));
  assert.match(await org.textContent('#boards > li[data-board="2"] .team-match-head'), new RegExp(fill(en['teams.tables'], { a: 5, b: 8 })));
  const teamsOf = (m) => org.$$eval(`#boards > li[data-board="${m}"] table.team-boards thead th`, (th) => [th[2].textContent, th[3].textContent]);
  const [first1, second1] = await teamsOf(1);
  const [, second2] = await teamsOf(2);

  // Match 1: the first-named team wins boards 1 to 3 and has passed half
  // (6 of 8): board 4 is no longer needed.
  await boardResult(org, 1, 1, '4:0');
  // The phone reads each board out as it comes in.
  await upTo(fan, await changesOf(org));
  assert.equal(await fan.textContent('#announce'), fill(en['teams.announce_board'], { round: 1, match: 1, board: 1, first: `${first1} 1`, second: `${second1} 1`, result: '4:0' }));
  assert.equal(await matchState(org, 1), fill(en['teams.running'], { score: '2:0' }));
  await boardResult(org, 1, 2, '4:1');
  await boardResult(org, 1, 3, '4:2');
  assert.equal(await matchState(org, 1), fill(en['teams.won_early'], { team: first1, score: '6:0', board: 3 }));
  assert.equal(await org.textContent('#boards > li[data-board="1"] tr[data-board="4"] td.result'), en['teams.not_needed']);
  // Match 2: its second-named team does not come.
  await org.click('#boards > li[data-board="2"] details.line-ups summary');
  const before = await changesOf(org);
  await org.click('#boards > li[data-board="2"] button.did-not-come >> nth=1');
  await upTo(org, before + 1);
  const [first2] = await teamsOf(2);
  assert.equal(await matchState(org, 2), fill(en['teams.walkover'], { team: first2 }));

  // The phone has every board and the team standings, live.
  await upTo(fan, await changesOf(org));
  await fan.waitForSelector('#team-standings-box:not([hidden])');
  const rows = await standings(fan);
  assert.equal(rows.length, 4);
  assert.deepEqual(rows.slice(0, 2).map((r) => r.split(' | ').slice(1, 8)), [
    [first2, '1', '1', '0', '0', '2', '8:0'],
    [first1, '1', '1', '0', '0', '2', '6:0'],
  ]);
  // The two beaten teams share 3rd–4th (no match points, no board points).
  const absent = rows.find((r) => r.split(' | ')[1] === second2);
  assert.ok(absent?.startsWith('3–4 | ') && absent.endsWith(' | 0:8'), absent);
  assert.ok(await fan.isHidden('#standings-box'));
  assert.ok(await fan.evaluate(() => window.sameLoad === true), 'the phone never reloaded');

  await shot(org, 'desktop');
  // The desk on a phone too: each board's choice and button under the match.
  await org.setViewportSize({ width: 390, height: 844 });
  await shot(org, 'phone-desk');
  await org.setViewportSize({ width: 1280, height: 800 });
  await fan.locator('#team-standings-box').scrollIntoViewIfNeeded();
  await shot(fan, 'phone');
  assert.deepEqual(await axeProblems(org), [], 'the organiser\'s page');
  assert.deepEqual(await axeProblems(fan), [], 'the phone');
  await fan.selectOption('select.language', 'lv');
  await fan.waitForFunction((h) => document.getElementById('team-standings-heading')?.textContent === h, lv['teams.standings_heading'], { timeout: LONG });
  assert.equal(await matchState(fan, 1), fill(lv['teams.won_early'], { team: first1, score: '6:0', board: 3 }));
  await shot(fan, 'phone-lv');
  assert.deepEqual(org.errors, []);
  assert.deepEqual(fan.errors, []);
});
