// @ts-check
// Finding the page's own elements by id, typed. A page's modules name the
// elements of its HTML; one that is missing, or not the kind the code
// expects, fails here with its id rather than later as a null.

/**
 * The element `#id` of the page, an HTML element.
 * @overload
 * @param {string} id
 * @returns {HTMLElement}
 */
/**
 * The element `#id` of the page, checked to be a `type`:
 * `byId('power-input', HTMLInputElement)`.
 * @template {Element} E
 * @overload
 * @param {string} id
 * @param {{new (): E, prototype: E}} type
 * @returns {E}
 */
/**
 * @param {string} id
 * @param {{new (): Element, prototype: Element}} [type]
 * @returns {Element}
 */
export function byId(id, type = HTMLElement) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  if (!(el instanceof type)) throw new Error(`#${id} is not a ${type.name}`);
  return el;
}
