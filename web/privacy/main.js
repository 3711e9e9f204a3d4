// @ts-check
// The privacy page (issue 34, "People's data is theirs"): what this server
// and the page keep about a visitor, for how long, and why. Its words are
// the `privacy.` ids of locales/<lang>/pages.js; the facts are the
// server's own (people/identity.rs: the cookie and its 400 days;
// net/accounts.rs: the device cookie; the store's tables), said once here.

import { fillTexts, onLanguage } from '../shared/lang.js';
import { mountHeader } from '../shared/header.js';
import { pt } from '../shared/pages-text.js';

mountHeader(null);
const words = () => {
  fillTexts(document, pt);
  // On a phone a table's rows stand as blocks: each cell says which
  // column it is (privacy.css).
  for (const table of document.querySelectorAll('.privacy-table')) {
    const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
    for (const row of table.querySelectorAll('tbody tr')) {
      [...row.children].forEach((cell, i) => { if (cell.tagName === 'TD') cell.setAttribute('data-label', heads[i] ?? ''); });
    }
  }
  document.title = pt('privacy.title');
  document.body.dataset.ready = 'true';
};
words();
onLanguage(words);
