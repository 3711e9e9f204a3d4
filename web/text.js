// Every word the page shows, keyed by id. A second language is a second
// table with the same ids (a missing id falls back to English), never a
// rewrite of the code. The referee's decisions arrive as typed reasons
// (docs/formats.md "Reasons"), so the sentences here are the client's own;
// nothing is parsed from the server's English `detail` strings.

import { translator } from './lang.js';
import { lv } from './text-lv.js';

export const en = {
  // Page and start screen
  'app.title': 'Novuss',
  'app.tagline': 'The Latvian table game',
  'start.heading': 'New game',
  'start.opponents': 'Opponents',
  'start.vs_computer': 'Against the computer',
  'start.hot_seat': 'Hot-seat (everyone at this screen)',
  'start.level': 'Computer level',
  'start.format': 'Game',
  'start.sets': 'Match',
  'start.profile': 'Rules',
  'start.players': 'Players',
  'start.casual': 'Casual: strokes may be taken back',
  'start.start': 'Start',
  'start.recent': 'Resume a game',
  'start.recent_line': '{players} — {format}, {profile}, sets {score} ({when})',
  'start.cancel': 'Back to the table',
  'start.player_name': 'Name of player {n}',
  'start.human': 'Human',
  'start.computer_level': 'Computer: {level}',
  'start.you': 'You',
  'start.player_n': 'Player {n}',
  'start.team': 'team {team}',
  'start.seat_label': '{seat}',
  'start.loading': 'Loading…',
  'start.starting': 'Setting up the table…',

  'format.singles': 'Singles (2 players)',
  'format.doubles': 'Doubles (2 teams of 2)',
  'format.four_player': 'Four players',
  'format.short.singles': 'Singles',
  'format.short.doubles': 'Doubles',
  'format.short.four_player': 'Four players',
  'sets.1': 'One set',
  'sets.3': 'Best of 3 sets',
  'sets.5': 'Best of 5 sets',
  'sets.n': 'Best of {n} sets',
  'profile.lnf-2017': 'LNF 2017 (Latvian federation)',
  'profile.australia-1992': 'Australia 1992',
  'profile.koroona': 'Koroona (French)',
  'level.beginner': 'Beginner',
  'level.club': 'Club player',
  'level.expert': 'Expert',
  'level.master': 'Master',
  'level.greedy': 'Greedy (geometry only)',
  'computer.name': 'Computer ({level})',
  'computer.name_n': 'Computer {n} ({level})',

  'seat.south': 'South',
  'seat.east': 'East',
  'seat.north': 'North',
  'seat.west': 'West',
  'cushion.south': 'south',
  'cushion.east': 'east',
  'cushion.north': 'north',
  'cushion.west': 'west',
  'pocket.south_west': 'south-west pocket',
  'pocket.south_east': 'south-east pocket',
  'pocket.north_east': 'north-east pocket',
  'pocket.north_west': 'north-west pocket',
  'side.0': 'Red',
  'side.1': 'Black',
  'side.2': 'White',
  'side.3': 'Green',
  'side.mark.0': 'plain',
  'side.mark.1': 'inner ring',
  'side.mark.2': 'four dots',
  'side.mark.3': 'cross',

  // Header and controls
  'btn.new_game': 'New game',
  'btn.take_back': 'Take back',
  'btn.hint': 'Hint',
  'btn.use_hint': 'Use it',
  'btn.next_set': 'Next set',
  'btn.strike': 'Strike',
  'btn.skip': 'Skip',
  'btn.help': 'Keys',
  'btn.view.south': 'View: first player',
  'btn.view.mover': 'View: player to stroke',
  'btn.speed': 'Animation ×{rate}',
  'btn.guide': 'Aim guide',
  'btn.close': 'Close',
  'power.label': 'Power',
  'power.value': '{speed} m/s',

  // Panel
  'panel.match': 'Match',
  'panel.turn': 'To stroke',
  'panel.sides': 'Discs',
  'panel.verdict': 'Last stroke',
  'panel.log': 'Strokes of this game',
  'panel.legend': 'What the marks mean',
  'panel.col.side': 'Side',
  'panel.col.on_table': 'On table',
  'panel.col.pocketed': 'Pocketed',
  'panel.col.debt': 'Owed',
  'panel.set_of': 'set {n}',
  'panel.score': 'Sets won',
  'panel.turn_line': '{name} ({seat})',
  'panel.turn_none': 'No one: the set is over',
  'panel.you_play': 'your stroke',
  'panel.no_verdict': 'No stroke played yet in this set.',
  'panel.team': '{a} & {b}',
  'panel.needed': 'first to {n} sets',
  'panel.casual': 'casual',
  'panel.strict': 'no take-backs',
  'legend.dark': 'Hatched: a dark disc of the player to stroke. It may not be struck directly, only by a rebound (000 1.17–1.18; 001 "Direct strokes").',
  'legend.penalty': 'Gold ring: a penalty disc (000 3.1–3.4).',
  'legend.region': 'Shaded strip: where the striker may be placed (000 1.6–1.7).',
  'legend.light': 'Plain: a light disc, which may be struck directly (000 1.17).',
  'legend.guide': 'Aim guide: the dashed line is the striker\'s path to what it meets first; the arrows are where both go after. Green: an own disc; orange: another side\'s, which may never be struck first; red: an illegal placement or aim.',
  'legend.sides': 'Sides: {list}.',
  'legend.shapes': 'Without colour: the guide\'s arrow to an own disc is solid, to another side\'s disc dashed; a striker that may not stand where it is has a ring round it, and the line under the table says why.',

  // Status lines
  'status.connecting': 'Connecting…',
  'status.reconnecting': 'Connection lost: reconnecting…',
  'status.thinking': '{name} is thinking…',
  'status.computer_turn': '{name} to stroke…',
  'status.your_turn': '{name}, your stroke from the {cushion} cushion.',
  'status.animating': 'Discs moving…',
  'status.waiting': 'Stroke sent…',
  'status.hint_wait': 'Looking for a good stroke…',
  'status.between_sets': 'Set {n} is over.',
  'status.over': 'The match is over.',
  'status.illegal_place': 'The striker may not stand there: its hole must lie inside your edge zone, clear of the lines (000 1.6).',
  'status.illegal_touch': 'The striker may not stand there: it would touch a disc (000 1.7, 1.14).',
  'status.illegal_aim': 'The cue may not rest there: it must point away from your cushion and lie between its two corners (000 1.15).',
  'status.no_power': 'Draw back or set the power first.',
  'status.taken_back': 'Strokes taken back: {n}.',
  'status.set_started': 'Set {n} begins.',

  // Stroke summaries
  'verdict.by': '{name}, {seat}',
  'verdict.computer': 'computer',
  'verdict.pocketed': 'In the pockets: {list}.',
  'discs.one': '1 {side} disc',
  'discs.many': '{n} {side} discs',
  'verdict.pocketed_none': 'Nothing pocketed.',
  'verdict.disc_of': '{side} disc',
  'verdict.next': 'Next: {name} ({seat}).',
  'verdict.again': '{name} strokes again.',
  'verdict.rules': 'Rules:',
  'verdict.speed': '{speed} m/s',

  // Results
  'result.won': '{name} won set {n}.',
  'result.drawn': 'Set {n} is drawn.',
  'result.replay': 'Set {n} is to be replayed.',
  'match.won': '{name} wins the match {score}.',
  'match.over': 'The match is over.',
  'match.score': '{score}',

  // Hints
  'hint.title': 'Suggested stroke',
  'hint.line': '{speed} m/s · pot chance {pot}% · foul chance {foul}%',
  'hint.target': 'aiming at disc {disc} for the {pocket}',
  'hint.none': 'No suggestion.',
  'hint.label': 'Hint · pot {pot}%',

  // Rule books (shared/seeds), for the references under each verdict
  'doc.000': 'Novuss: a guide to playing the game (Australia, 1992)',
  'doc.001': 'Novuss Game Rules, Latvian Novuss Federation (2017)',
  'doc.002': 'Rules of Novuss (English translation)',
  'doc.003': 'Le jeu de koroona',

  // Errors (docs/protocol.md "Errors"), worded for the player
  'error.bad_message': 'The server did not understand the request.',
  'error.too_large': 'The request was too large.',
  'error.not_finite': 'The stroke had an impossible number in it.',
  'error.bad_setup': 'That game cannot be set up.',
  'error.unknown_game': 'There is no such game. Start a new one.',
  'error.stale': 'The game had moved on; the table is up to date now. Try again.',
  'error.not_your_turn': 'It is not that player\'s turn.',
  'error.computer_seat': 'It is the computer\'s turn.',
  'error.set_over': 'The set is over: no more strokes until the next set.',
  'error.placement': 'The striker may not be placed there (000 1.6–1.7).',
  'error.striker_touches': 'The striker would touch a disc (000 1.14).',
  'error.aim': 'The cue may not rest there (000 1.15).',
  'error.speed': 'The speed must be above 0 and at most the table\'s limit.',
  'error.not_casual': 'This game is not casual: strokes cannot be taken back.',
  'error.nothing_to_take_back': 'There is no stroke to take back.',
  'error.not_between_sets': 'The next set cannot start now.',
  'error.match_over': 'The match is over.',
  'error.storage': 'The server could not save that. Nothing changed; try again.',
  'error.busy': 'The server is busy with other requests: ask again in a moment.',
  'error.damaged': 'This game’s stored data is damaged and cannot be read. Other games are not affected.',
  'error.other_physics': 'That record was played with other physics than this server’s.',
  'error.bad_record': 'That file is not a game record the server can read.',
  'error.record_diverges': 'That record does not replay exactly here: its strokes or positions differ.',
  'error.unsupported_record': 'That record is valid, but this server cannot hold it as a game.',
  'error.rate_limited': 'Too many new games from here in a short time: wait a minute and try again.',
  'error.no_such_path': 'The server does not know that request.',
  'error.internal': 'The server hit a bug. The game is unchanged; try again.',
  'error.network': 'Cannot reach the server.',
  'error.not_connected': 'Not connected to the game; reconnecting…',
  'error.unknown': 'Something went wrong ({code}).',

  // Fouls (FoulKind)
  'foul.striker_pocketed': 'Foul: the striker fell into a pocket.',
  'foul.striker_off_table': 'Foul: the striker flew off the table.',
  'foul.direct_touched_nothing': 'Foul: a direct stroke touched no disc although the player had light discs.',
  'foul.direct_opponent_first': 'Foul: a direct stroke touched an opponent\'s disc first (or together with an own disc).',
  'foul.direct_own_dark': 'Foul: an own dark disc was struck directly; it goes back where it was.',
  'foul.rebound_opponent_first': 'Foul: a rebound touched an opponent\'s disc first while the player had light discs.',
  'foul.rebound_dark_without_opposite_cushion': 'Foul: a dark disc in the edge zone was reached by a rebound that did not come off the opposite cushion.',
  'foul.rebound_touched_nothing': 'Foul: a rebound touched no disc although the player had light discs.',
  'foul.dark_only_missed_cushion': 'Foul: with only dark discs left, the striker had to touch the opposite cushion first (or a side cushion, then an own disc in the circle).',
  'foul.blind_drive': 'Foul: an opponent\'s disc was driven into their blind zone.',
  'foul.out_of_blind': 'Foul: a direct stroke drove an opponent\'s disc out of their blind zone; it stays where it is.',
  'foul.opponent_off_table': 'Foul: an opponent\'s disc was driven off the table.',
  'foul.touched_moving_striker': 'Foul: the player touched the striker while discs were still moving.',
  'foul.dislodged_disc': 'Foul: the player moved discs by hand or cue; they go back.',
  'foul.refused_stroke': 'Foul: the player refused to stroke.',
  'foul.double_stroke': 'Foul: the cue pushed the striker twice; the moved discs go back.',

  // Why the turn passes (TurnEnds)
  'turn_ends.no_own_disc': 'No own disc went in, so the turn passes.',
  'turn_ends.opponent_disc': 'An opponent\'s disc went in, so the turn passes.',
  'turn_ends.disc_left_table': 'A disc left the table, so the turn passes.',
  'turn_ends.striker_returned': 'The striker slid back over the player\'s own zone line (with no dark disc to play), so the turn passes.',
  'turn_ends.foul': 'The foul ends the turn.',

  // How a set is won (WinReason)
  'win.pocketed_all': 'All the side\'s discs are in: it wins the set.',
  'win.no_discs_left': 'The side has no disc left on the table: it wins the set.',
  'win.cleared_in_opening_turn': 'The reply did not clear the table, so the side that cleared in its opening turn wins.',
  'win.opponent_last_disc_with_foul': 'The opponent sank its last disc with a foul and loses the set.',
  'win.opponent_several_restored': 'The opponent had several discs put back after one foul and loses the set.',
  'win.opponent_out_of_turn': 'The opponent played out of turn and loses the set.',
  'win.opponent_forfeited': 'The organiser forfeited the opponent.',

  // Why a set is replayed (ReplayReason)
  'replay.first_turn_clears': 'Both sides cleared the table in their first turn: the set is played again.',
  'replay.both_last_discs': 'Both sides\' last discs went in with one correct stroke: the set is played again.',
  'replay.blind_misses': 'Both players missed their blind discs three times: the set is played again.',
  'replay.interference': 'Outside interference disturbed the discs: the set is played again.',

  // The other decisions (Reason)
  'reason.all_moved_restored': 'Every disc the illegal stroke moved goes back where it was.',
  'reason.restored': 'Discs moved against the rules go back where they were.',
  'reason.off_table_placed': 'Discs that left the table are put in the centre circle.',
  'reason.several_restored': '{count} discs had to go back after one foul: the set is lost.',
  'reason.series_continues': 'An own disc went in with a correct stroke: the same player strokes again.',
  'reason.penalty_owed': 'One penalty disc is owed until one of the side\'s discs is in a pocket.',
  'reason.penalty_placed': 'One penalty disc goes back on the table, on the middle line at the cushion opposite the player.',
  'reason.doubles_penalty_waits': 'In doubles the penalty disc waits until the line-up at its cushion has been disturbed.',
  'reason.debt_paid': 'The turn is over: owed penalty discs are put back on the table.',
  'reason.debt_paid_no_discs_left': 'The side has no disc left on the table but owes penalty discs: they are put out now.',
  'reason.last_disc_with_foul': 'The last disc went in with a foul: the set is lost.',
  'reason.four_player_no_loss': 'In a four-player game a foul does not lose the set; the penalty disc stands.',
  'reason.out_of_turn_penalty': 'Playing out of turn in a four-player game costs a penalty disc (a house rule).',
  'reason.out_of_turn_forfeits': 'Playing out of turn forfeits the set.',
  'reason.both_last_discs': 'Both sides\' last discs went in with one correct stroke.',
  'reason.opening_cleared': 'Every disc went in during the opening turn: the opponent may reply with one turn.',
  'reason.interference_stroke_again': 'Outside interference spoiled the stroke: it is played again.',
  'reason.warning': 'Warning: {note}',
  'reason.forfeit': 'The set is forfeited: {note}',
  'reason.unknown': 'The referee decided: {reason}.',

  // Page header and links (issue 10)
  'a11y.skip': 'Skip to the table',
  'nav.label': 'Pages',
  'nav.games': 'Games',
  'nav.rules': 'Rules',
  'game.record': 'Download record',
  'game.replay': 'Replay',
  'verdict.rule_link': 'What the rules say about this',
  'btn.mute': 'Mute',
  'btn.mute_keys': 'Sound off or on (M)',
  'sound.off': 'Sound off.',
  'sound.on': 'Sound on.',

  // The table for a screen reader (describe.js): 12 o'clock is the far
  // cushion as seen from the seat at the bottom of the screen.
  'canvas.label': 'The Novuss table. {turn} Discs on the table: {sides}.',
  'canvas.keys': 'Arrow keys place and aim the striker, Enter strikes, Space held draws the cue back; T aims at a disc by its number, I describes the table.',
  'btn.describe': 'Describe the table',
  'describe.title': 'The table in words',
  'describe.how': 'Directions are clock hours from the centre as seen from the {seat} cushion: 12 o\'clock points to the {far} cushion, 6 o\'clock to the {seat} cushion.',
  'describe.turn': '{name} to stroke from the {seat} cushion, with the {side} discs ({mark}).',
  'describe.side_short': '{side} {n}',
  'describe.side': '{side} discs ({mark}), {names}: {on_table} on the table, {pocketed} pocketed.',
  'describe.side_debt': '{side} discs ({mark}), {names}: {on_table} on the table, {pocketed} pocketed; penalty discs owed: {debt}.',
  'describe.disc': 'Disc {n}: {where}{notes}.',
  'describe.disc_n': 'disc {n}',
  'describe.disc_name': '{side} disc {n}',
  'describe.where': '{zone}, {hour} o\'clock, {cm} cm from the centre',
  'describe.where_centre': '{zone}, at the very centre',
  'describe.where_short': '{hour} o\'clock, {zone}',
  'describe.note_dark': 'dark: only a rebound may reach it',
  'describe.note_penalty': 'a penalty disc',
  'describe.pocketed_list': 'Pocketed: {list}.',
  'describe.dark': 'Dark discs of the player to stroke (only a rebound may reach them): {list}.',
  'describe.dark_none': 'The player to stroke has no dark disc: every own disc may be struck directly.',
  'zone.circle': 'in the centre circle',
  'zone.edge.south': 'in the south edge zone',
  'zone.edge.east': 'in the east edge zone',
  'zone.edge.north': 'in the north edge zone',
  'zone.edge.west': 'in the west edge zone',
  'zone.corner.south_west': 'in the south-west corner, by the pocket',
  'zone.corner.south_east': 'in the south-east corner, by the pocket',
  'zone.corner.north_east': 'in the north-east corner, by the pocket',
  'zone.corner.north_west': 'in the north-west corner, by the pocket',
  'zone.half.south': 'in the south half',
  'zone.half.east': 'in the east half',
  'zone.half.north': 'in the north half',
  'zone.half.west': 'in the west half',

  // Aiming at a named disc (target.js)
  'btn.target': 'Aim at a disc',
  'target.title': 'Aim at a disc by its number',
  'target.disc': 'Disc',
  'target.pocket': 'Pocket',
  'target.easiest': 'the easiest pocket',
  'target.apply': 'Place and aim',
  'target.option': '{n}: {where}',
  'target.option_dark': '{n}: {where} (dark, rebound only)',
  'target.none_own': 'No disc of yours is on the table.',
  'target.not_now': 'Aiming at a disc works when it is a human player\'s stroke.',
  'target.done': 'Placed and aimed: disc {n} into the {pocket}, a cut of {cut}°, {speed} m/s. Enter strikes; the arrow keys still adjust.',
  'target.warn.path': 'Another disc stands between it and the pocket.',
  'target.warn.scratch': 'The striker may follow it into a pocket.',
  'target.warn.speed': 'Even the fastest stroke may fall short.',
  'target.why.dark': 'Disc {n} is dark: it may not be struck directly, only reached by a rebound (001 "Direct strokes"; 000 2.1–2.3). No direct stroke is offered.',
  'target.why.gone': 'Disc {n} is not on the table.',
  'target.why.not_own': 'Disc {n} is not yours: another side\'s disc may never be struck first.',
  'target.why.cushion': 'Disc {n} lies too close to a cushion for the striker to meet it from behind for the {pocket}.',
  'target.why.behind': 'From your edge zone the striker cannot meet disc {n} from behind for the {pocket} (000 1.6, 1.15): that needs a rebound.',
  'target.why.blocked': 'Every straight path from your edge zone to disc {n} for the {pocket} is blocked by other discs.',
  'target.why.none': 'No direct stroke from your edge zone sends disc {n} into any pocket: it needs a rebound.',
  'target.why.turn': 'Aiming at a disc works when it is a human player\'s stroke.',
  'legend.numbers': 'Numbers: while "Aim at a disc" is open, the discs of the player to stroke show their numbers (1–8 for each side, 1–16 for a doubles team, as the description names them too).',

  // Keyboard help
  'keys.title': 'Keyboard',
  'keys.move': '← → move the striker along your cushion (Shift: finer)',
  'keys.depth': 'W S (or PageUp PageDown) move it towards or away from your cushion',
  'keys.aim': '↑ ↓ (or A D) turn the aim left / right (Shift: finer)',
  'keys.power': '+ − change the power by 0.1 m/s; 1…9 and 0 set it to 10…100 %',
  'keys.charge': 'Hold Space to draw back the cue, release to strike',
  'keys.strike': 'Enter: strike with the power shown',
  'keys.other': 'H hint · G aim guide · V view · R reset the striker · U take back · N next set · Esc cancel',
  'keys.access': 'T aim at a disc by its number · I describe the table · M sound off or on · Tab leaves the table',
  'mouse.title': 'Mouse and touch',
  'mouse.place': 'Drag the striker to place it.',
  'mouse.aim': 'Point (or drag) ahead of the striker to aim.',
  'mouse.pull': 'Press behind the striker, draw back, release to strike.',
  'mouse.wheel': 'The wheel over the table turns the aim finely (Shift: finer still).',
};

/** Every table of words, by language (lang.js says which is in force). */
export const LANGUAGES = { en, lv };

/** The text for `id` in the language in force, `{name}` placeholders filled from `params`. */
export const t = translator(LANGUAGES);

export function has(id) {
  return t.has(id);
}

/** The sentence for one typed reason of a verdict. */
export function reasonText(r) {
  switch (r.reason) {
    case 'foul': return pick(`foul.${r.kind}`, r.kind);
    case 'turn_passes': return pick(`turn_ends.${r.why}`, r.why);
    case 'won': return pick(`win.${r.how}`, r.how);
    case 'replayed': return pick(`replay.${r.why}`, r.why);
    default: return pick(`reason.${r.reason}`, r.reason, r);
  }
}

function pick(id, what, params = {}) {
  return has(id) ? t(id, params) : t('reason.unknown', { reason: what });
}

/** An error code from the server (or the client's own) as a sentence. */
export function errorText(code) {
  return has(`error.${code}`) ? t(`error.${code}`) : t('error.unknown', { code });
}

/** `000 3.6.2`, `001 Penalty disc •4`: a clause as the rule books name it. */
export function ruleRef(ref) {
  return `${ref.doc} ${ref.clause}`;
}
