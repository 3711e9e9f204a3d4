// A competition on paper (issue 33, "Paper"), against the real `novuss
// serve` on loopback: three competitions made through the HTTP API (a
// 6-player round robin played to the end, a 12-player Swiss with two
// rounds paired, an 8-player knock-out in its semi-finals, a team round
// robin of four teams in its first round, six players in two groups then
// a knock-out), each sheet
// opened in Chromium, printed to an A4 PDF (page.pdf, the print CSS in
// force), its pages counted and its text read (pdfinfo, pdftotext), and
// each page rendered to a PNG (`pdftoppm -r 60`, in artifacts/) to be
// looked at. What is asserted is the content: the draw's names and
// tables, the crosstable's cells against the results, the standings'
// order against the API's, the protocols' set grid and who breaks in
// each set, the pages each sheet takes. Also the "Print" links on the
// competition's page, a phone-size view and the Latvian words; axe finds
// nothing serious.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor } from './support/harness.mjs';
import { en } from '../../web/locales/en/paper.js';
import { lv } from '../../web/locales/lv/paper.js';
import { en as comp } from '../../web/locales/en/competitions.js';
import { call } from './support/api.mjs';

const table = tableFor('competition-print');
const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));

const PLAYERS = [
  ['Anna Bērziņa', 'RNK', 1850], ['Jānis Ozols', 'Madona', 1790], ['Pēteris Kalniņš', 'RNK', 1760],
  ['Līga Liepa', 'Ogre', 1720], ['Mārtiņš Krūmiņš', 'Madona', 1700], ['Ilze Vītola', 'Cēsis', 1650],
  ['Rūdolfs Eglītis', 'Ogre', 1600], ['Kārlis Zariņš', 'Cēsis', 1580], ['Dace Siliņa', 'RNK', 1540],
  ['Edgars Lapa', 'Madona', 1500], ['Ojārs Putniņš', 'Ogre', 1450], ['Zane Kļava', 'Cēsis', 1400],
];

/** One change to competition `id`; the competition after it. */
async function change(page, id, body) {
  const r = await call(page, `/api/competitions/${id}/changes`, body);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body;
}

/** A new competition of `players` ([name, club, rating]); its id. */
async function competition(page, setup, players) {
  const r = await call(page, '/api/competitions', setup);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  for (const [name, club, rating] of players) await change(page, r.body.id, { change: 'enter', entry: { name, club, rating } });
  return r.body.id;
}

/** The competition as the API gives it. */
const read = async (page, id) => (await call(page, `/api/competitions/${id}`, null, 'GET')).body.competition;

/** Enters every result of `round` of `c` from `score(boardIndex)`; the competition after. */
async function play(page, c, round, score) {
  let now = c;
  for (const [i] of c.rounds[round - 1].boards.entries()) {
    now = await change(page, c.id, { change: 'result', round, board: i + 1, outcome: score(i) });
  }
  return now;
}

/**
 * Opens sheet `sheet` of competition `id` (`round` for a draw or
 * protocols), prints it to an A4 PDF and renders its pages to PNGs at 60
 * dpi; its page count and text.
 */
async function printed(page, id, sheet, name, round) {
  const q = new URLSearchParams({ id, sheet });
  if (round) q.set('round', String(round));
  await page.goto(`${table.base}competition-print.html?${q}`);
  await page.waitForSelector('body[data-ready="true"]');
  assert.ok(await page.isEnabled('#print'), `${sheet}: the Print button works once the sheet is drawn`);
  const pdf = path.join(ARTIFACTS, `competition-print-${name}.pdf`);
  await page.pdf({ path: pdf, format: 'A4', preferCSSPageSize: true, printBackground: true });
  for (const f of fs.readdirSync(ARTIFACTS)) if (f.startsWith(`competition-print-${name}-`) && f.endsWith('.png')) fs.rmSync(path.join(ARTIFACTS, f));
  execFileSync('pdftoppm', ['-r', '60', '-png', pdf, path.join(ARTIFACTS, `competition-print-${name}`)]);
  const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  const pageSize = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  // A4 is 595 × 842 points.
  assert.ok(pageSize && Math.abs(Number(pageSize[1]) - 595) < 2 && Math.abs(Number(pageSize[2]) - 842) < 2, `A4 pages: ${info}`);
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  // Printed: the sheets only; the site's header, the links and the button are not on paper.
  assert.ok(!text.includes(en['paper.print_hint']) && !text.includes(en['paper.back']), `${sheet}: nothing of the screen's bar is printed`);
  return { pages, text };
}

/** The crosstable's cell of `a` against `b` as the results make it, worked out here from the API's boards. */
function expectedCell(c, a, b) {
  const out = [];
  for (const r of c.rounds) {
    for (const x of r.boards) {
      const o = x.outcome;
      if (!o) continue;
      const mine = x.first === a && x.second === b ? 'first' : x.first === b && x.second === a ? 'second' : null;
      if (!mine) continue;
      if (o.kind === 'sets' || o.kind === 'team') out.push(mine === 'first' ? `${o.first}:${o.second}` : `${o.second}:${o.first}`);
      else if (o.kind === 'forfeit') out.push(o.winner === mine ? '+' : '−');
      else out.push('−');
    }
  }
  return out.join(' ');
}

const nameOf = (c, n) => c.entrants.find((e) => e.entrant === n).entry.name;

test('a round robin played to the end: its crosstable, standings, final results and protocols on A4', { timeout: 120_000 }, async () => {
  const org = await table.person('organiser', { viewport: { width: 1280, height: 900 } });
  await org.goto(`${table.base}competitions.html`);
  assert.equal((await call(org, '/api/account/register', { username: 'print_organiser', password: 'correct horse 1' })).status, 201);
  const id = await competition(org, {
    name: 'Rīgas apļa turnīrs 2026', venue: 'Rīga', starts: '2026-11-28', ends: '2026-11-28', tables: 3,
    system: { kind: 'round_robin', cycles: 'single' }, format: { kind: 'sets', sets: 6 },
  }, PLAYERS.slice(0, 6));
  let c = await read(org, id);
  // Five rounds; the results vary: wins both ways, a 3:3 draw, a forfeit.
  const scores = [{ kind: 'sets', first: 4, second: 2 }, { kind: 'sets', first: 1, second: 4 }, { kind: 'sets', first: 3, second: 3 },
    { kind: 'sets', first: 4, second: 0 }, { kind: 'forfeit', winner: 'second' }, { kind: 'sets', first: 2, second: 4 }];
  for (let round = 1; round <= 5; round++) {
    c = await change(org, id, { change: 'pair_next', round });
    c = await play(org, c, round, (i) => scores[(round * 3 + i) % scores.length]);
  }
  assert.ok(c.finished);

  // The competition's page offers each sheet of a finished round robin (no bracket).
  await org.goto(`${table.base}competition.html?id=${id}`);
  await org.waitForSelector('#print-links a[data-sheet="final"]');
  const links = await org.$$eval('#print-links a', (as) => as.map((a) => [a.dataset.sheet, a.textContent, a.getAttribute('href')]));
  assert.deepEqual(links.map((l) => l[0]), ['draw', 'protocols', 'standings', 'final', 'crosstable']);
  assert.equal(links[0][1], fill(en['link.draw'], { n: 5 }));
  assert.equal(links[0][2], `competition-print.html?id=${id}&sheet=draw&round=5`);
  assert.equal(await org.textContent('#print-heading'), en['link.heading']);
  await org.locator('#downloads').scrollIntoViewIfNeeded();
  await org.locator('#downloads').screenshot({ path: path.join(ARTIFACTS, 'competition-print-links.png') });
  // Following a link opens the sheet it names.
  await org.click('#print-links a[data-sheet="draw"]');
  await org.waitForSelector('body[data-ready="true"][data-sheet="draw"]');
  assert.equal(await org.inputValue('#round'), '5');

  // The crosstable: each cell is the row's score against the column's, as the results make it.
  const x = await printed(org, id, 'crosstable', 'rr-crosstable');
  assert.equal(x.pages, 1);
  const order = c.ranking;
  const cells = await org.$$eval('td.cell[data-row]', (tds) => tds.map((td) => [Number(td.dataset.row), Number(td.dataset.col), td.textContent]));
  assert.equal(cells.length, 30);
  for (const [a, b, text] of cells) assert.equal(text, expectedCell(c, a, b), `cell ${a} v ${b}`);
  assert.ok(cells.some(([, , t]) => t === '3:3') && cells.some(([, , t]) => t === '+') && cells.some(([, , t]) => t === '−'), 'a draw and a forfeit both ways');
  assert.deepEqual(await org.$$eval('.cross-table tbody th.name', (ths) => ths.map((t) => t.firstChild.textContent)), order.map((n) => nameOf(c, n)));
  const points = await org.$$eval('.cross-table tbody tr', (trs) => trs.map((tr) => [Number(tr.dataset.entrant), tr.querySelector('.points').textContent]));
  for (const [n, p] of points) assert.equal(p, String(c.standings.rows.find((r) => r.entrant === n).points));
  for (const n of order) assert.ok(x.text.includes(nameOf(c, n)), `${nameOf(c, n)} is on the printed crosstable`);
  assert.equal(await org.$$eval('td.cell.self', (tds) => tds.length), 6);

  // The standings: the API's order, with the round robin's tie-breaks.
  const s = await printed(org, id, 'standings', 'rr-standings');
  assert.equal(s.pages, 1);
  assert.deepEqual(await org.$$eval('.standings-table tbody tr', (trs) => trs.map((tr) => Number(tr.dataset.entrant))), c.standings.rows.map((r) => r.entrant));
  assert.deepEqual(await org.$$eval('.standings-table thead th[data-tiebreak]', (ths) => ths.map((t) => t.dataset.tiebreak)), c.standings.tiebreaks);
  assert.equal(await org.textContent('.sheet-title'), fill(en['standings.heading_after'], { n: 5, count: 5 }));

  // The final results: place, name, club, points.
  const f = await printed(org, id, 'final', 'rr-final');
  assert.equal(f.pages, 1);
  const final = await org.$$eval('.final-table tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  assert.deepEqual(final.map((r) => r[1]), c.standings.rows.map((r) => nameOf(c, r.entrant)));
  assert.equal(final[0][0], '1');
  assert.equal(final[0][2], c.entrants.find((e) => e.entrant === c.standings.rows[0].entrant).entry.club);
  assert.ok(await org.isHidden('.sheet .warning'), 'finished: no "so far" warning');

  // The protocols of round 5: three matches, two to a page; six sets a match.
  const p = await printed(org, id, 'protocols', 'rr-protocols', 5);
  assert.equal(p.pages, 2);
  assert.equal(await org.locator('.protocol').count(), 3);
  const grid = await org.$$eval('.protocol[data-board="1"] .set-grid tbody tr', (trs) => trs.map((tr) => tr.querySelector('.breaks').textContent));
  const b1 = c.rounds[4].boards[0];
  // `000` "Starting a game", 4.3: the first-named breaks in odd sets, the other in even ones.
  assert.deepEqual(grid, [1, 2, 3, 4, 5, 6].map((k) => nameOf(c, k % 2 ? b1.first : b1.second)));
  assert.equal(await org.textContent('.protocol[data-board="1"] .protocol-table'), fill(en['protocol.table'], { n: b1.table }));
  assert.ok(p.text.includes(en['protocol.referee']) && p.text.includes(nameOf(c, b1.first)));
  assert.deepEqual(await axeProblems(org), []);
});

test('a 12-player Swiss with two rounds paired: the draw and protocols of each round, a phone, Latvian', { timeout: 120_000 }, async () => {
  const org = await table.person('swiss', { viewport: { width: 1280, height: 900 } });
  await org.goto(`${table.base}competitions.html`);
  assert.equal((await call(org, '/api/account/register', { username: 'print_swiss', password: 'correct horse 1' })).status, 201);
  // Three tables for six boards: in round 2, two results in, the last board still waits for a table.
  const id = await competition(org, {
    name: 'Madonas Šveices turnīrs', venue: 'Madona', tables: 3,
    system: { kind: 'swiss', rounds: 5 }, format: { kind: 'sets', sets: 6 }, tiebreaks: ['bh', 'set_ratio'],
  }, PLAYERS);
  let c = await change(org, id, { change: 'pair_next', round: 1 });
  c = await play(org, c, 1, (i) => ({ kind: 'sets', first: i % 2 ? 2 : 4, second: i % 2 ? 4 : 1 }));
  // The competition's page, open while round 2 is paired: its links follow to the new round.
  await org.goto(`${table.base}competition.html?id=${id}`);
  await org.waitForSelector('#print-links a[data-sheet="draw"]');
  assert.equal(await org.textContent('#print-links a[data-sheet="draw"]'), fill(en['link.draw'], { n: 1 }));
  assert.deepEqual(await org.$$eval('#print-links a', (as) => as.map((a) => a.dataset.sheet)), ['draw', 'protocols', 'standings']);
  c = await change(org, id, { change: 'pair_next', round: 2 });
  await org.waitForFunction((t) => document.querySelector('#print-links a[data-sheet="draw"]')?.textContent === t, fill(en['link.draw'], { n: 2 }));
  assert.equal(await org.getAttribute('#print-links a[data-sheet="protocols"]', 'href'), `competition-print.html?id=${id}&sheet=protocols&round=2`);
  // Two results of round 2 in: the draw shows them, the others are blanks to fill.
  c = await change(org, id, { change: 'result', round: 2, board: 1, outcome: { kind: 'sets', first: 4, second: 2 } });
  c = await change(org, id, { change: 'result', round: 2, board: 2, outcome: { kind: 'sets', first: 3, second: 3 } });

  for (const round of [1, 2]) {
    const d = await printed(org, id, 'draw', `swiss-draw-${round}`, round);
    assert.equal(d.pages, 1);
    const rows = await org.$$eval('.draw-table tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((td) => td.firstChild?.textContent ?? '')));
    const boards = c.rounds[round - 1].boards;
    assert.deepEqual(rows.map((r) => [r[0], r[1], r[2], r[4], r[5]]),
      boards.map((b) => [b.table === null ? en['draw.no_table'] : String(b.table), String(b.first), nameOf(c, b.first), String(b.second), nameOf(c, b.second)]));
    assert.deepEqual(rows.map((r) => r[3]), boards.map((b) => (b.outcome ? fill(comp['outcome.sets'], b.outcome) : '')));
    for (const b of boards) assert.ok(d.text.includes(nameOf(c, b.first)) && d.text.includes(nameOf(c, b.second)));
    assert.equal(await org.textContent('.sheet-title'), fill(en['draw.heading'], { round: fill(comp['round.heading'], { n: round }) }));
  }
  assert.ok(c.rounds[1].boards.some((b) => b.table === null), 'a board waits for a table');
  assert.equal(await org.textContent('.sheet-draw .note'), en['draw.later_note']);

  // Six protocols of round 2: three pages.
  const p = await printed(org, id, 'protocols', 'swiss-protocols-2', 2);
  assert.equal(p.pages, 3);
  assert.equal(await org.locator('.protocol').count(), 6);
  assert.equal(await org.locator('.protocol[data-board="1"] .set-grid tbody tr').count(), 6);
  assert.equal(await org.textContent('.protocol[data-board="1"] .protocol-result .filled'), '4:2', 'a result in already is printed');
  // The round chosen on screen is the round printed, and the address keeps it.
  await org.selectOption('#round', '1');
  await org.waitForFunction(() => new URL(location.href).searchParams.get('round') === '1');
  assert.equal(await org.locator('.protocol .protocol-result .filled').count(), 6);

  // The standings so far: the API's order.
  const s = await printed(org, id, 'standings', 'swiss-standings');
  assert.equal(s.pages, 1);
  assert.deepEqual(await org.$$eval('.standings-table tbody tr', (trs) => trs.map((tr) => Number(tr.dataset.entrant))), c.standings.rows.map((r) => r.entrant));
  // Not finished: no final results offered; asked for anyway, they say the places are so far.
  // The organiser is offered the table cards of the round being played.
  assert.deepEqual(await org.$$eval('#sheet-links a', (as) => as.map((a) => a.dataset.sheet)), ['draw', 'protocols', 'cards', 'standings']);
  await printed(org, id, 'final', 'swiss-final-so-far');
  assert.equal(await org.textContent('.sheet .warning'), fill(en['final.unfinished'], { round: 2, count: 5 }));
  // A sheet the competition has not: said in words, nothing to print.
  await org.goto(`${table.base}competition-print.html?id=${id}&sheet=crosstable`);
  await org.waitForSelector('body[data-ready="true"]');
  assert.equal(await org.textContent('#notice'), en['cross.none']);
  assert.ok(await org.isDisabled('#print'));
  await org.goto(`${table.base}competition-print.html?id=${id}&sheet=draw&round=4`);
  await org.waitForSelector('body[data-ready="true"]');
  assert.equal(await org.textContent('#notice'), fill(en['paper.round_missing'], { n: 4, count: 2 }));

  // A phone: the draw at the screen's width, the Print button in reach.
  const phone = await table.person('phone', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await phone.goto(`${table.base}competition-print.html?id=${id}&sheet=draw`);
  await phone.waitForSelector('body[data-ready="true"]');
  assert.equal(await phone.textContent('.sheet-title'), fill(en['draw.heading'], { round: fill(comp['round.heading'], { n: 2 }) }));
  assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no sideways scrolling on a phone');
  assert.ok(await phone.isVisible('#print'));
  await phone.screenshot({ path: path.join(ARTIFACTS, 'competition-print-phone-draw.png'), fullPage: true });
  assert.deepEqual(await axeProblems(phone), []);

  // In Latvian: the language switch words the sheet again.
  await phone.selectOption('#language-slot select', 'lv');
  await phone.waitForFunction((t) => document.querySelector('.sheet-title')?.textContent?.startsWith(t), lv['draw.heading'].split(' ·')[0]);
  assert.equal(await phone.textContent('#print'), lv['paper.print']);
  assert.equal(await phone.textContent('.draw-table thead th:nth-child(3)'), lv['draw.first']);
  assert.equal(await phone.textContent('.sheet-title'), fill(lv['draw.heading'], { round: '2. kārta' }));
  await phone.screenshot({ path: path.join(ARTIFACTS, 'competition-print-phone-draw-lv.png'), fullPage: true });
  const lvProtocols = await printed(phone, id, 'protocols', 'swiss-protocols-lv', 2);
  assert.ok(lvProtocols.text.includes(lv['protocol.heading'].toUpperCase()) || lvProtocols.text.includes(lv['protocol.heading']));
  assert.ok(lvProtocols.text.includes(lv['protocol.referee']));
  assert.equal(lvProtocols.pages, 3);
});

test('an 8-player knock-out: its bracket and the quarter-finals\' draw and protocols on A4; a double elimination\'s bracket', { timeout: 120_000 }, async () => {
  const org = await table.person('cup', { viewport: { width: 1280, height: 900 } });
  await org.goto(`${table.base}competitions.html`);
  assert.equal((await call(org, '/api/account/register', { username: 'print_cup', password: 'correct horse 1' })).status, 201);
  const id = await competition(org, {
    name: 'Cēsu kauss', venue: 'Cēsis', tables: 4,
    system: { kind: 'knockout', third_place: true }, format: { kind: 'best_of', sets: 3 },
  }, PLAYERS.slice(0, 8));
  let c = await change(org, id, { change: 'pair_next', round: 1 });
  c = await play(org, c, 1, (i) => ({ kind: 'sets', first: i === 2 ? 1 : 2, second: i === 2 ? 2 : 0 }));
  c = await change(org, id, { change: 'pair_next', round: 2 });

  await org.goto(`${table.base}competition.html?id=${id}`);
  await org.waitForSelector('#print-links a[data-sheet="bracket"]');
  assert.deepEqual(await org.$$eval('#print-links a', (as) => as.map((a) => a.dataset.sheet)), ['draw', 'protocols', 'bracket']);

  const b = await printed(org, id, 'bracket', 'ko-bracket');
  assert.equal(b.pages, 1);
  // Every quarter-final's winner went on, bold, and is in the semi-finals' column.
  const winners = c.bracket.ties.filter((t) => t.round === 1).map((t) => nameOf(c, t.winner));
  assert.deepEqual(await org.$$eval('.sheet .bracket-round[data-round="1"] .side.won .pname', (ns) => ns.map((n) => n.textContent)), winners);
  const semis = await org.$$eval('.sheet .bracket-round[data-round="2"] .side .pname', (ns) => ns.map((n) => n.textContent));
  assert.deepEqual([...semis].sort(), [...winners].sort());
  for (const w of winners) assert.ok(b.text.includes(w));

  const d = await printed(org, id, 'draw', 'ko-draw-1', 1);
  assert.equal(d.pages, 1);
  assert.equal(await org.textContent('.sheet-title'), fill(en['draw.heading'], { round: `${comp['ko.quarter']} (${fill(comp['round.heading'], { n: 1 })})` }));
  assert.equal(await org.locator('.draw-table tbody tr').count(), 4);

  // Four protocols of the quarter-finals (best of three: three rows), two pages.
  const p = await printed(org, id, 'protocols', 'ko-protocols-1', 1);
  assert.equal(p.pages, 2);
  assert.deepEqual(await org.$$eval('.protocol', (ps) => ps.map((x) => x.querySelectorAll('.set-grid tbody tr').length)), [3, 3, 3, 3]);
  // The semi-finals: two protocols, one page.
  const semi = await printed(org, id, 'protocols', 'ko-protocols-2', 2);
  assert.equal(semi.pages, 1);

  // A double elimination of four: its winners', losers' and grand-final parts one under another, on one page.
  const de = await competition(org, {
    name: 'Cēsu dubultā izslēgšana', tables: 2,
    system: { kind: 'double_elimination', reset: true }, format: { kind: 'best_of', sets: 3 },
  }, PLAYERS.slice(0, 4));
  let dc = await change(org, de, { change: 'pair_next', round: 1 });
  dc = await play(org, dc, 1, () => ({ kind: 'sets', first: 2, second: 1 }));
  const dp = await printed(org, de, 'bracket', 'double-bracket');
  assert.equal(dp.pages, 1);
  assert.deepEqual(await org.$$eval('.sheet .bracket-part > h3', (hs) => hs.map((h) => h.textContent)), [comp['ko.winners'], comp['ko.losers'], comp['ko.final_part']]);
  assert.equal(await org.locator('.sheet .tie').count(), dc.bracket.ties.length);
  assert.deepEqual(await axeProblems(org), []);
});

test('a team round robin: each team match\'s boards on the draw, a protocol per board, the crosstable of team matches', { timeout: 120_000 }, async () => {
  const org = await table.person('teams', { viewport: { width: 1280, height: 900 } });
  await org.goto(`${table.base}competitions.html`);
  assert.equal((await call(org, '/api/account/register', { username: 'print_teams', password: 'correct horse 1' })).status, 201);
  const created = await call(org, '/api/competitions', {
    name: 'Komandu čempionāts', tables: 4, system: { kind: 'round_robin', cycles: 'single' },
    format: { kind: 'sets', sets: 6 }, teams: { boards: 2 },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id;
  // Three players each: two boards and a reserve; each team plays its roster's first two.
  for (const name of ['Madona', 'Rīga', 'Cēsis', 'Valmiera']) {
    await change(org, id, { change: 'enter_team', team: { name, club: `${name} NK`, roster: [1, 2, 3].map((k) => ({ name: `${name} ${k}` })) } });
  }
  let c = await change(org, id, { change: 'pair_next', round: 1 });
  // Match 1 decided on its two boards (board points 4:0); match 2 still played.
  c = await change(org, id, { change: 'board_result', round: 1, team_match: 1, board: 1, outcome: { kind: 'sets', first: 4, second: 2 } });
  c = await change(org, id, { change: 'board_result', round: 1, team_match: 1, board: 2, outcome: { kind: 'sets', first: 4, second: 1 } });
  const matches = c.teams.rounds[0].matches;

  const d = await printed(org, id, 'draw', 'teams-draw-1', 1);
  assert.equal(d.pages, 1);
  assert.deepEqual(await org.$$eval('.team-match h3', (hs) => hs.map((h) => h.textContent)),
    matches.map((m, i) => fill(en['draw.team_match'], { n: i + 1, first: nameOf(c, m.first), second: nameOf(c, m.second) })));
  const rows = await org.$$eval('.team-match[data-match="1"] tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  const m1 = matches[0];
  // The first-named team's player breaks on board 1, the other's on board 2.
  assert.deepEqual(rows.map((r) => [r[0], r[2], r[3], r[4]]), [
    ['1', `${nameOf(c, m1.first)} 1 ${en['draw.breaks_mark']}`, '4:2', `${nameOf(c, m1.second)} 1`],
    ['2', `${nameOf(c, m1.first)} 2`, '4:1', `${nameOf(c, m1.second)} 2 ${en['draw.breaks_mark']}`],
  ]);

  // A protocol per board: four, two pages; on board 2 the second team's player breaks in set 1.
  const p = await printed(org, id, 'protocols', 'teams-protocols-1', 1);
  assert.equal(p.pages, 2);
  assert.equal(await org.locator('.protocol').count(), 4);
  const board2 = await org.$$eval('.protocol', (ps) => [...ps[1].querySelectorAll('.set-grid tbody .breaks')].map((x) => x.textContent));
  assert.deepEqual(board2.slice(0, 2), [`${nameOf(c, m1.second)} 2`, `${nameOf(c, m1.first)} 2`]);
  assert.ok(p.text.includes(`${nameOf(c, m1.first)} – ${nameOf(c, m1.second)}`), 'the teams are named on the protocol');

  // The crosstable of team matches: board points, as the round's boards have them.
  const x = await printed(org, id, 'crosstable', 'teams-crosstable');
  assert.equal(x.pages, 1);
  const cells = await org.$$eval('td.cell[data-row]', (tds) => tds.map((td) => [Number(td.dataset.row), Number(td.dataset.col), td.textContent]));
  for (const [a, b, text] of cells) assert.equal(text, expectedCell(c, a, b), `cell ${a} v ${b}`);
  assert.equal(cells.find(([a, b]) => a === m1.first && b === m1.second)[2], '4:0');

  // The team standings.
  const s = await printed(org, id, 'standings', 'teams-standings');
  assert.equal(s.pages, 1);
  assert.deepEqual(await org.$$eval('.standings-table tbody tr', (trs) => trs.map((tr) => Number(tr.dataset.team))), c.teams.standings.map((r) => r.team));
  assert.deepEqual(await axeProblems(org), []);
});

test('groups then knock-out: a crosstable per group over the group rounds, and the bracket once drawn', { timeout: 120_000 }, async () => {
  const org = await table.person('groups', { viewport: { width: 1280, height: 900 } });
  await org.goto(`${table.base}competitions.html`);
  assert.equal((await call(org, '/api/account/register', { username: 'print_groups', password: 'correct horse 1' })).status, 201);
  const id = await competition(org, {
    name: 'Valmieras grupu turnīrs', tables: 3,
    system: { kind: 'groups_then_knockout', groups: 2, cycles: 'single', third_place: false }, format: { kind: 'best_of', sets: 3 },
  }, PLAYERS.slice(0, 6));
  // Two groups of three: three group rounds, one match a group each round; then the cross.
  let c = await read(org, id);
  for (let round = 1; round <= 3; round++) {
    c = await change(org, id, { change: 'pair_next', round });
    c = await play(org, c, round, (i) => ({ kind: 'sets', first: 2, second: (round + i) % 2 }));
  }
  assert.ok(c.bracket, 'the knock-out is drawn once the groups are complete');
  c = await change(org, id, { change: 'pair_next', round: 4 });
  c = await change(org, id, { change: 'result', round: 4, board: 1, outcome: { kind: 'sets', first: 0, second: 2 } });

  const x = await printed(org, id, 'crosstable', 'groups-crosstable');
  assert.equal(x.pages, 1);
  assert.deepEqual(await org.$$eval('.sheet .group h3', (hs) => hs.map((h) => h.textContent)), ['A', 'B'].map((letter) => fill(en['cross.group'], { letter })));
  for (const g of c.groups) {
    const letter = 'AB'[g.group];
    const names = await org.$$eval(`.group[data-group="${letter}"] tbody th.name`, (ths) => ths.map((t) => t.firstChild.textContent));
    assert.deepEqual(names, g.entrants.map((n) => nameOf(c, n)));
    const cells = await org.$$eval(`.group[data-group="${letter}"] td.cell[data-row]`, (tds) => tds.map((td) => [Number(td.dataset.row), Number(td.dataset.col), td.textContent]));
    assert.equal(cells.length, 6);
    // Only the group rounds count: the cross's result is not in a group's grid.
    const groupRounds = { ...c, rounds: c.rounds.slice(0, 3) };
    for (const [a, b, text] of cells) {
      assert.equal(text, expectedCell(groupRounds, a, b), `group ${letter}: ${a} v ${b}`);
      assert.notEqual(text, '', 'every group match is played');
    }
    const places = await org.$$eval(`.group[data-group="${letter}"] tbody tr`, (trs) => trs.map((tr) => [Number(tr.dataset.entrant), tr.querySelector('.place').textContent]));
    for (const [n, place] of places) assert.equal(place, String(g.standings.rows.find((r) => r.entrant === n).place.start));
  }

  const b = await printed(org, id, 'bracket', 'groups-bracket');
  assert.equal(b.pages, 1);
  const cross = c.bracket.ties.filter((t) => t.round === 4);
  assert.equal(await org.locator('.sheet .tie').count(), c.bracket.ties.length);
  for (const t of cross) for (const side of [t.a, t.b]) assert.ok(b.text.includes(nameOf(c, side.entrant)));

  // The Print button is the browser's own print.
  await org.evaluate(() => { window.printCalls = 0; window.print = () => { window.printCalls += 1; }; });
  await org.click('#print');
  assert.equal(await org.evaluate(() => window.printCalls), 1);
  // A sheet of no such kind, and a competition that does not exist: said in words, nothing to print.
  await org.goto(`${table.base}competition-print.html?id=${id}&sheet=menu`);
  await org.waitForSelector('body[data-ready="true"]');
  assert.equal(await org.textContent('#notice'), fill(en['paper.unknown_sheet'], { sheet: 'menu' }));
  assert.ok(await org.isDisabled('#print'));
  assert.equal(await org.locator('.sheet').count(), 0);
  await org.goto(`${table.base}competition-print.html?id=nosuchthing&sheet=draw`);
  await org.waitForSelector('body[data-ready="true"]');
  assert.equal(await org.textContent('#title'), en['paper.load_failed']);
  assert.ok(await org.isDisabled('#print'));
});

test('a 64-player Swiss: standings longer than a page go on, their head repeated and each page numbered', { timeout: 120_000 }, async () => {
  const org = await table.person('big', { viewport: { width: 1280, height: 900 } });
  await org.goto(`${table.base}competitions.html`);
  assert.equal((await call(org, '/api/account/register', { username: 'print_big', password: 'correct horse 1' })).status, 201);
  const created = await call(org, '/api/competitions', {
    name: 'Latvijas atklātais čempionāts', tables: 32, system: { kind: 'swiss', rounds: 7 }, format: { kind: 'sets', sets: 6 },
  });
  assert.equal(created.status, 201);
  const id = created.body.id;
  const players = Array.from({ length: 64 }, (_, i) => ({ name: `Spēlētājs ${String(i + 1).padStart(2, '0')}`, club: ['RNK', 'Madona', 'Ogre', 'Cēsis'][i % 4], rating: 2000 - i * 10 }));
  await change(org, id, { change: 'enter_list', entries: players });
  let c = await change(org, id, { change: 'pair_next', round: 1 });
  c = await play(org, c, 1, (i) => ({ kind: 'sets', first: i % 3 ? 4 : 2, second: i % 3 ? 1 : 4 }));

  const s = await printed(org, id, 'standings', 'big-standings');
  assert.ok(s.pages >= 2, `64 rows take more than a page (${s.pages})`);
  const pdf = path.join(ARTIFACTS, 'competition-print-big-standings.pdf');
  for (let n = 1; n <= s.pages; n++) {
    const page = execFileSync('pdftotext', ['-f', String(n), '-l', String(n), '-layout', pdf, '-'], { encoding: 'utf8' });
    if (/Spēlētājs \d\d/.test(page)) assert.match(page, /Place\s+No\.\s+Name\s+Points/, `page ${n}, with rows, has the table's head`);
    assert.match(page, new RegExp(`\\b${n}\\s*/\\s*${s.pages}\\s*$`), `page ${n} is numbered "${n} / ${s.pages}" at its foot`);
  }
  // Every player is printed once, in the API's order.
  const printedNames = [...s.text.matchAll(/Spēlētājs \d\d/g)].map((m) => m[0]);
  assert.deepEqual(printedNames, c.standings.rows.map((r) => nameOf(c, r.entrant)));
  // The draw of 32 tables for the hall's wall: one page.
  const d = await printed(org, id, 'draw', 'big-draw', 1);
  assert.equal(d.pages, 1);
  assert.equal([...d.text.matchAll(/Spēlētājs \d\d/g)].length, 64);
});
