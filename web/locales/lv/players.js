// @ts-check
// players: spēlētāja lapas daļas "Sacensības" vārdi latviski (player.html,
// web/players/competitions.js); locales/en/players.js ir tie paši id.
// Pārējie lapas vārdi ir pages.js.

export const lv = {
  'pcomps.heading': 'Sacensības',
  'pcomps.caption': 'Sacensības, kurās spēlētājs pieteikts, jaunākās vispirms',
  'pcomps.none': 'Vēl nav pieteikts nevienās sacensībās. Organizators spēlētāju piesaka pēc lietotājvārda, vai spēlētājs ar kontu piesakās sacensībās, kurās pieteikšanās ir atvērta.',
  'pcomps.load_failed': 'Sacensības neizdevās ielādēt.',
  'pcomps.more': 'Parādītas jaunākās {n}.',
  'pcomps.col.competition': 'Sacensības',
  'pcomps.col.status': 'Stāvoklis',
  'pcomps.col.place': 'Vieta',
  'pcomps.col.points': 'Punkti',
  'pcomps.col.record': 'U–N–Z',
  'pcomps.col.record_full': 'Uzvaras, neizšķirti, zaudējumi',
  'pcomps.status.entries_open': 'Pieteikšanās atvērta',
  'pcomps.status.round': '{round}. kārta no {rounds}',
  'pcomps.status.finished': 'Beigušās',
  'pcomps.place.one': '{a}.',
  'pcomps.place.shared': '{a}.–{b}.',
  'pcomps.place.of': '{place} no {n}',
  'pcomps.place.final': 'galīgā',
  'pcomps.place.none': 'vēl nav',
  'pcomps.record': '{wins}–{draws}–{losses}',
  'pcomps.record_label': 'uzvaras: {wins}, neizšķirti: {draws}, zaudējumi: {losses}',
  'pcomps.withdrawn': 'izstājies',
  'pcomps.withdrawn_title': 'Izstājies: netiek izlozēts, sākot ar {round}. kārtu',
  'pcomps.online': 'tiešsaistē',
};
