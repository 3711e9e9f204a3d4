// @ts-check
// A table's protocol in words: the tables' own (locales/<lang>/table.js),
// which the competitions' translator holds with its own and the shared
// pages' (refusals, a result): one translator for the phone's page, the
// organiser's tables and the table cards.

export { ct as tt } from '../competitions/text.js';
