// The server's JSON API as the tests call it from inside a page, with
// that page's cookies and origin, as the page's own code would.

import assert from 'node:assert/strict';

/**
 * Sends a JSON request from `page`: `body` POSTed (or sent by `method`),
 * a GET when there is none; the status and the answer's JSON (`null` when
 * it has none).
 * @param {import('playwright-core').Page} page
 * @param {string} url
 * @param {unknown} [body]
 * @param {string} [method]
 * @returns {Promise<{status: number, body: any}>}
 */
export const call = (page, url, body, method = body === undefined ? 'GET' : 'POST') => page.evaluate(async ([u, b, m]) => {
  const res = await fetch(u, m === 'GET' ? {} : { method: m, headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
  return { status: res.status, body: await res.json().catch(() => null) };
}, [url, body, method]);

/**
 * `call`, which must succeed (a 2xx): the answer's JSON.
 * @param {import('playwright-core').Page} page
 * @param {string} url
 * @param {unknown} [body]
 * @param {string} [method]
 */
export async function ok(page, url, body, method) {
  const r = await call(page, url, body, method);
  assert.ok(r.status >= 200 && r.status < 300, `${url}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
