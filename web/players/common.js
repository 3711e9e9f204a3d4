// @ts-check
// What the leaderboard and the player page share: a rating as shown
// (whole points, "?" while provisional), the formats in their order, and
// the address of a player's page.

/** The formats, in the order their leaderboards and ratings are shown. */
export const FORMATS = ['singles', 'doubles', 'four_player'];

/**
 * A rating in whole points, with "?" while it is provisional.
 * @param {number} rating
 * @param {boolean} provisional
 */
export function ratingText(rating, provisional) {
  return `${Math.round(rating)}${provisional ? '?' : ''}`;
}

/** The page of person `id`. @param {string} id */
export function playerHref(id) {
  return `player.html#id=${encodeURIComponent(id)}`;
}

/** A value of the page's address after `#`: `#format=doubles`, `#id=…`. @param {string} key */
export function hashValue(key) {
  const params = new URLSearchParams(location.hash.slice(1));
  return params.get(key);
}
