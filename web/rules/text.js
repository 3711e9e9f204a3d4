// @ts-check
// The rules page's words in the language in force: the word tables are in
// locales/en/rules.js and locales/lv/rules.js, one per language.

import { translator } from '../shared/lang.js';
import { en } from '../locales/en/rules.js';
import { lv } from '../locales/lv/rules.js';

export { en, lv };

/** The text for `id` in the language in force (see lang.js `translator`). */
export const t = translator({ en, lv });
