// @ts-check
// paper: the English words of a competition on paper
// (competition-print.html, web/paper/) and of the "Print" links on a
// competition's page; locales/lv/paper.js has the same ids. `{name}` is
// filled in by the code. The competitions' words (competitions.js) lie
// beneath these.

export const en = {
  // The page around the sheets (seen on screen, never printed)
  'paper.title': '{sheet} — {name} — Novuss',
  'paper.title_loading': 'Printable pages — Novuss',
  'paper.loading': 'Loading the competition…',
  'paper.load_failed': 'The competition could not be loaded.',
  'paper.no_id': 'No competition is named in the address.',
  'paper.back': '← Back to the competition',
  'paper.print': 'Print',
  'paper.print_hint': 'A4 pages, black on white: print them, or choose “Save as PDF” in the print window.',
  'paper.sheets_label': 'Sheets to print',
  'paper.round': 'Round',
  'paper.unknown_sheet': 'There is no sheet “{sheet}”: choose one of the sheets above.',
  'paper.not_applicable': 'This competition has no such sheet: choose one of the sheets above.',
  'paper.no_round': 'No round has been paired yet: the draw and the table protocols come with the first round.',
  'paper.round_missing': 'Round {n} has not been paired: rounds 1 to {count} have.',
  'paper.as_of': 'As it stood on {when}, after change {changes}.',

  // The sheets, as links and headings
  'sheet.draw': 'Draw',
  'sheet.protocols': 'Table protocols',
  'sheet.standings': 'Standings',
  'sheet.final': 'Final results',
  'sheet.crosstable': 'Crosstable',
  'sheet.bracket': 'Bracket',
  'link.heading': 'Print (A4)',
  'link.draw': 'Draw of round {n}',
  'link.protocols': 'Table protocols of round {n}',
  'link.standings': 'Standings',
  'link.final': 'Final results',
  'link.crosstable': 'Crosstable',
  'link.bracket': 'Bracket',

  // The draw: a round's pairings, a blank to write each result in
  'draw.heading': 'Draw · {round}',
  'draw.table': 'Table',
  'draw.first': 'First (breaks first)',
  'draw.second': 'Second',
  'draw.result': 'Result',
  'draw.no_table': 'later',
  'draw.rests': 'Not playing this round',
  'draw.later_note': '“later”: the match waits for a free table.',
  'draw.team_match': 'Match {n}: {first} – {second}',
  'draw.board': 'Board',
  'draw.empty_board': 'nobody',
  'draw.team_bye': 'Bye this round: {team}',
  'draw.breaks_mark': '(breaks)',

  // A table protocol: one match, filled in at the table
  'protocol.heading': 'Table protocol',
  'protocol.table': 'Table {n}',
  'protocol.no_table': 'Table ____',
  'protocol.board': 'Board {n}',
  'protocol.team_match': '{first} – {second}',
  'protocol.format': 'Match: {format}',
  'protocol.set': 'Set',
  'protocol.breaks': 'Breaks first',
  'protocol.won': 'Set won by',
  'protocol.score': 'Score after the set',
  'protocol.penalties': 'Conduct penalties:',
  'protocol.result': 'Result (sets)',
  'protocol.winner': 'Winner',
  'protocol.sign': 'Signature',
  'protocol.referee': 'Referee',
  'protocol.how': 'After each set tick who won it and write the score. The first-named breaks in set 1; after each set the players change ends and the break stays with the end, so they take turns (rules: “Starting a game”, 4.3). A drawn set (both last discs pocketed in one stroke, 4.5) counts for nobody and adds a set.',
  'protocol.how_team': 'After each set tick who won it and write the score. In set 1 the first-named team’s player breaks on odd boards, the other team’s on even boards; after each set the players change ends and the break stays with the end, so they take turns, as the grid says (rules: “Starting a game”, 4.3). A drawn set (4.5) counts for nobody and adds a set.',

  // Standings and final results
  'standings.heading_after': 'Standings after round {n} of {count}',
  'standings.legend': 'Tie-breaks, in this order:',
  'final.heading': 'Final results',
  'final.unfinished': 'Not finished yet (round {round} of {count}): these are the places so far.',
  'final.team_points': 'Match points',

  // The crosstable of a round robin
  'cross.heading': 'Crosstable',
  'cross.group': 'Group {letter}',
  'cross.legend': 'Each cell is the row player’s score against the column’s: sets won:lost; “+” a win and “−” a loss without play, “−” for both when both were absent. A double round robin has two results in a cell, the first cycle’s first; an empty cell is a match still to play.',
  'cross.none': 'A crosstable is drawn for a round robin and for the groups of groups then knock-out.',
  'cross.col.total': 'Points',
  'cross.col.place': 'Place',
  'cross.forfeit_won': '+',
  'cross.forfeit_lost': '−',

  // The bracket
  'bracket.heading': 'Bracket',
  'bracket.none': 'This competition has no bracket: brackets are for a knock-out, a double elimination and the knock-out after groups (once drawn).',
};
