// @ts-check
// A competition on paper in words: the paper's own (locales/<lang>/paper.js)
// over the tables' (the table cards), the competitions' and the shared
// pages' (whose helpers the sheets reuse: a result, a round's name, a
// tie-break's acronym).

import { translator } from '../shared/lang.js';
import { en as pagesEn } from '../locales/en/pages.js';
import { lv as pagesLv } from '../locales/lv/pages.js';
import { en as compEn } from '../locales/en/competitions.js';
import { lv as compLv } from '../locales/lv/competitions.js';
import { en as tableEn } from '../locales/en/table.js';
import { lv as tableLv } from '../locales/lv/table.js';
import { en } from '../locales/en/paper.js';
import { lv } from '../locales/lv/paper.js';

/** The paper's words over the competitions' and the pages'. */
export const pt = translator({ en: { ...pagesEn, ...compEn, ...tableEn, ...en }, lv: { ...pagesLv, ...compLv, ...tableLv, ...lv } });
