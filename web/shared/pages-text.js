// @ts-check
// The words of the history page and the replay viewer (with its analysis
// mode) in the language in force; the tables are in locales/en/pages.js and
// locales/lv/pages.js. The game's own words (formats, profiles, levels,
// seats, verdicts, error codes) come from text.js.

import { translator } from './lang.js';
import { en } from '../locales/en/pages.js';
import { lv } from '../locales/lv/pages.js';

export { en, lv };

/** The words of these pages in the language in force. */
export const pt = translator({ en, lv });
