// @ts-check
// What the rules page draws and judges with, from the server (`GET
// /api/options`): the table every game is played on and each rule
// profile's settings, as novuss-core has them. The page waits for them
// before it builds (a module that awaits at its top level holds back every
// module that imports it), so no diagram ever uses a copy of its own.

import { api } from '../shared/net.js';

const options = await api.options();

/** The table (crates/novuss-core/src/table.rs `Table::default`). */
export const TABLE = options.table;

/** Each profile's settings by name (crates/novuss-core/src/rules/profile.rs). */
export const PROFILES = options.profile_settings;

/** The profiles' names, in the core's order (`lnf-2017` first). */
export const PROFILE_IDS = options.profiles;
