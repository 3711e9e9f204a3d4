// The Latvian words of the game page: the same ids as `en` in text.js.
export const lv = {};
