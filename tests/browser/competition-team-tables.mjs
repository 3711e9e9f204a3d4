// A team league's boards at their tables (issue 33 for issue 32's teams):
// against the real `novuss serve` on loopback, an organiser pairs round 1
// of a four-team league of two boards; the organiser's tables list each
// team match with its two boards, each a table with its own QR code; two
// phones (390x844, touch) open board 2 of match 1 from its card, see the
// players the line-ups put there, their teams and that the second team's
// player breaks first (an even board), record a 4:1 set by set and
// confirm it from both; the board's result is the team match's and the
// organiser's page shows the table done. The organiser gives a penalty on
// a team board from the desk, shown under that board. The table cards
// print one card per board, with the teams; screenshots of the phone
// and the organiser's tables, at phone and desktop sizes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor } from './support/harness.mjs';
import { LONG, pairNext, register } from './support/desk.mjs';
import { en } from '../../web/locales/en/table.js';
import { en as comp } from '../../web/locales/en/competitions.js';
import { call } from './support/api.mjs';

const table = tableFor('competition-team-tables');
const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `competition-team-tables-${name}.png`), fullPage: true });

const TEAMS = ['Madona', 'Rīga', 'Cēsis', 'Ogre'];

test('a team match’s boards recorded at their own tables, followed by the organiser', { timeout: 240_000 }, async () => {
  const org = await table.person('organiser', { viewport: { width: 1280, height: 900 } });
  await register(org, table.base, 'League_organiser', 'correct horse 2');
  const made = await call(org, '/api/competitions', {
    name: 'Komandu līga', tables: 4,
    system: { kind: 'round_robin', cycles: 'single' }, format: { kind: 'sets', sets: 6 },
    teams: { boards: 2 },
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const id = made.body.id;
  for (const team of TEAMS) {
    const roster = ['Anna', 'Jānis', 'Ilze'].map((n) => ({ name: `${n} ${team}` }));
    const r = await call(org, `/api/competitions/${id}/changes`, { change: 'enter_team', team: { name: team, club: `${team} NK`, roster } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  await org.goto(`${table.base}competition.html?id=${id}`);
  await org.waitForSelector('#desk:not([hidden])');
  await pairNext(org, 1);

  // Two team matches, two boards each: four tables under their matches.
  await org.waitForSelector('#tables-box:not([hidden])');
  await org.waitForFunction(() => document.querySelectorAll('#tables-list [data-action="qr"]').length === 4, null, { timeout: LONG });
  assert.equal(await org.$$eval('#tables-list .table-match', (e) => e.length), 2);
  const places = await org.$$eval('#tables-list .table-row', (rows) => rows.map((r) => r.getAttribute('data-place')));
  assert.deepEqual(places, ['1.1.1', '1.1.2', '1.2.1', '1.2.2']);
  const cards = (await call(org, `/api/competitions/${id}/tables`, null, 'GET')).body;
  assert.deepEqual(cards.map((c) => [c.team_match, c.board, c.table]), [[1, 1, 1], [1, 2, 2], [2, 1, 3], [2, 2, 4]]);
  await org.click('#tables-list [data-place="1.1.2"] [data-action="qr"]');
  await org.waitForSelector('#tables-list [data-place="1.1.2"] .table-qr img');
  await shot(org, 'organiser-waiting');

  // Board 2 of match 1 on two phones.
  const c0 = (await call(org, `/api/competitions/${id}`, null, 'GET')).body.competition;
  const m1 = c0.teams.rounds[0].matches[0];
  const teamName = (n) => c0.teams.teams.find((t) => t.entrant === n).name;
  const [home, away] = [teamName(m1.first), teamName(m1.second)];
  const phone = async (name) => {
    const p = await table.person(name, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await p.goto(cards[1].address);
    await p.waitForSelector('#who [data-who]');
    return p;
  };
  const a = await phone('home-phone');
  const b = await phone('away-phone');
  assert.equal(await a.textContent('#where'), `${fill(en['table.where'], { name: 'Komandu līga', round: 1, table: 2 })} · ${fill(en['table.team_board'], { first: home, second: away, board: 2 })}`);
  assert.deepEqual(await a.$$eval('#scoreboard .table-name', (e) => e.map((x) => x.textContent)), [`Jānis ${home}`, `Jānis ${away}`]);
  assert.deepEqual(await a.$$eval('#scoreboard .table-club', (e) => e.map((x) => x.textContent)), [home, away]);
  await a.tap('#who [data-who="first"]');
  await b.tap('#who [data-who="second"]');
  await a.waitForSelector('#record:not([hidden])');
  // On an even board the second team's player breaks first (teams/line_up.rs).
  assert.equal(await a.textContent('#record p.muted'), fill(en['table.next_breaks'], { name: `Jānis ${away}` }));
  assert.equal(await a.getAttribute('#record [data-choice="broke"] [aria-pressed="true"]', 'data-value'), 'second');
  assert.deepEqual(await axeProblems(a), [], 'axe on a team board\'s phone');
  await shot(a, 'phone-start');

  const winners = ['first', 'second', 'first', 'first', 'first'];
  for (const [i, w] of winners.entries()) {
    const p = i % 2 === 0 ? a : b;
    const other = i % 2 === 0 ? b : a;
    await p.tap(`#record [data-choice="winner"] [data-value="${w}"]`);
    await p.tap('#record-set');
    // The other phone takes the step from the live stream as it comes.
    await other.waitForFunction((n) => Number(document.body.dataset.sets) === n, i + 1, { timeout: LONG });
  }
  await a.tap('#confirm-score');
  await b.waitForSelector('#confirmed', { timeout: LONG });
  await b.tap('#confirm-score');
  for (const p of [a, b]) await p.waitForSelector('#stands', { timeout: LONG });
  await shot(b, 'phone-confirmed');

  // The board's result is the team match's; the organiser's table is done.
  await org.waitForFunction(() => document.querySelector('#tables-list [data-place="1.1.2"]')?.getAttribute('data-state') === 'done', null, { timeout: LONG });
  assert.equal(await org.textContent('#tables-list [data-place="1.1.2"] .table-state'), fill(en['tables.stands'], { first: 4, second: 1 }));
  const c1 = (await call(org, `/api/competitions/${id}`, null, 'GET')).body.competition;
  assert.deepEqual(c1.teams.rounds[0].matches[0].boards[1].entered, { kind: 'sets', first: 4, second: 1 });
  const p = c1.tables.find((t) => t.team_match === 1 && t.board === 2);
  assert.deepEqual(p.sets.map((s) => s.broke), ['second', 'first', 'second', 'first', 'second'], 'the break alternates from the second side (000 4.3)');

  // A penalty on board 1 of match 2, from the desk's form.
  await org.click('#penalty-box summary');
  await org.selectOption('#pen-board', '1.2.1');
  await org.selectOption('#pen-side', 'second');
  await org.selectOption('#pen-conduct', 'warning');
  await org.fill('#pen-clause', '000 1.28');
  await org.click('#penalty button[type=submit]');
  await org.waitForSelector('.team-match tr[data-board="1"] .penalty', { timeout: LONG });
  const c2 = (await call(org, `/api/competitions/${id}`, null, 'GET')).body.competition;
  assert.deepEqual([c2.penalties[0].team_match, c2.penalties[0].board, c2.penalties[0].side], [2, 1, 'second']);
  const m2 = c2.teams.rounds[0].matches[1];
  const penalised = `Anna ${teamName(m2.second)}`;
  const under = await org.$$eval('.team-match', (ms) => ms[1].querySelector('tr[data-board="1"] .penalty')?.textContent ?? '');
  assert.ok(under.includes(fill(comp['conduct.line'], { conduct: comp['conduct.warning'], name: penalised, clause: '000 1.28' })), under);
  await shot(org, 'organiser-done');
  // The record words the team board's steps with their match.
  await org.click('#record-box summary');
  await org.waitForSelector('#record-list li', { timeout: LONG });
  const lines = await org.$$eval('#record-list li', (items) => items.map((li) => li.textContent ?? ''));
  const at = fill(comp['record.at_team_board'], { round: 1, match: 1, board: 2 });
  assert.ok(lines.some((l) => l.includes(fill(comp['record.table_confirm'], { where: at }))), lines.join('\n'));

  // The table cards: one per board that still plays, with the teams.
  const print = await table.person('print', { viewport: { width: 1280, height: 900 } });
  await print.context().addCookies(await org.context().cookies());
  await print.goto(`${table.base}competition-print.html?id=${id}&sheet=cards`);
  await print.waitForSelector('body[data-ready="true"]');
  assert.equal(await print.$$eval('.table-card', (e) => e.length), 4);
  const teamsLine = await print.$$eval('.table-card .card-teams', (e) => e.map((x) => x.textContent));
  assert.equal(teamsLine.length, 4);
  assert.ok(teamsLine[1].startsWith(`${home} – ${away}`), teamsLine[1]);
  // The round's table protocols: the penalty is printed on match 2's
  // board 1, and on no other board.
  await print.goto(`${table.base}competition-print.html?id=${id}&sheet=protocols&round=1`);
  await print.waitForSelector('body[data-ready="true"]');
  const penalties = await print.$$eval('.protocol', (ps) => ps.map((p) => p.querySelector('.protocol-penalties')?.textContent ?? ''));
  const line = fill(comp['conduct.line'], { conduct: comp['conduct.warning'], name: penalised, clause: '000 1.28' });
  const marked = penalties.flatMap((t, i) => (t ? [i] : []));
  const boards = await print.$$eval('.protocol', (ps) => ps.map((p) => p.querySelector('.protocol-round')?.textContent ?? ''));
  assert.equal(marked.length, 1, penalties.join('\n'));
  assert.ok(penalties[marked[0]].includes(line), penalties[marked[0]]);
  assert.ok(boards[marked[0]].includes(fill(comp['teams.match'], { n: 2 })), boards[marked[0]]);
  await print.goto(`${table.base}competition-print.html?id=${id}&sheet=cards`);
  await print.waitForSelector('body[data-ready="true"]');
  const pdf = path.join(ARTIFACTS, 'competition-team-tables-cards.pdf');
  await print.pdf({ path: pdf, format: 'A4', printBackground: true });
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdf, path.join(ARTIFACTS, 'competition-team-tables-cards')]);

  for (const page of [org, a, b, print]) assert.deepEqual(page.errors, []);
});
