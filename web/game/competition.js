// @ts-check
// The line a game's page shows when the game is a board of a competition
// played on this server (docs/competitions.md, "Played on this server"):
// the competition's name, the round and the board, linking to the
// competition's page. Read once per game opened; a game that is no
// competition's shows nothing.

import { ct } from '../competitions/text.js';
import { onLanguage } from '../shared/lang.js';

/** @type {{id: string, competition: string, name: string, round: number, board: number} | null} */
let shown = null;

/** Draws the line, after the status line. */
function draw() {
  let line = document.getElementById('competition-line');
  if (!shown) {
    if (line) line.hidden = true;
    return;
  }
  if (!line) {
    line = document.createElement('p');
    line.id = 'competition-line';
    line.className = 'competition-line small';
    document.getElementById('status')?.after(line);
  }
  const a = document.createElement('a');
  a.href = `competition.html?id=${encodeURIComponent(shown.competition)}`;
  a.textContent = ct('game.competition', { name: shown.name, round: shown.round, board: shown.board });
  line.replaceChildren(a);
  line.hidden = false;
}

/** Game `id` was opened: its competition's line, if it has one. @param {string} id */
export async function showCompetition(id) {
  shown = null;
  draw();
  try {
    const res = await fetch(`/api/games/${encodeURIComponent(id)}/competition`);
    if (!res.ok) return;
    const c = await res.json();
    if (!c) return;
    shown = { id, competition: c.competition, name: c.name, round: c.round, board: c.board };
  } catch {
    return;
  }
  draw();
}

onLanguage(draw);
