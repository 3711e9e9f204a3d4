// @ts-check
// players: the English words of the "Competitions" part of a player's page
// (player.html, web/players/competitions.js); locales/lv/players.js has the
// same ids. The rest of the page's words are in pages.js.

export const en = {
  'pcomps.heading': 'Competitions',
  'pcomps.caption': 'Competitions this player is entered in, the newest first',
  'pcomps.none': 'Not entered in a competition yet. An organiser enters a player by their user name, or a player with an account enters a competition open to entries.',
  'pcomps.load_failed': 'The competitions could not be loaded.',
  'pcomps.more': 'The newest {n} are listed.',
  'pcomps.col.competition': 'Competition',
  'pcomps.col.status': 'Status',
  'pcomps.col.place': 'Place',
  'pcomps.col.points': 'Points',
  'pcomps.col.record': 'W–D–L',
  'pcomps.col.record_full': 'Won, drawn, lost',
  'pcomps.status.entries_open': 'Entries open',
  'pcomps.status.round': 'Round {round} of {rounds}',
  'pcomps.status.finished': 'Finished',
  'pcomps.place.one': '{a}',
  'pcomps.place.shared': '{a}–{b}',
  'pcomps.place.of': '{place} of {n}',
  'pcomps.place.final': 'final',
  'pcomps.place.none': 'not yet',
  'pcomps.record': '{wins}–{draws}–{losses}',
  'pcomps.record_label': 'won {wins}, drawn {draws}, lost {losses}',
  'pcomps.withdrawn': 'withdrawn',
  'pcomps.withdrawn_title': 'Withdrew: not paired from round {round} on',
  'pcomps.online': 'online',
};
