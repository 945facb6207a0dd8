/*
 * The settings tabs' ids, apart from the page: the route's search validation imports them, and the
 * route module sits in the entry chunk, so it must not pull the page's code in with them.
 */

/** The tabs of the settings page, in order; Profile is the default. */
export const SETTINGS_TABS = ['profile', 'security', 'email', 'tokens', 'account'] as const
export type SettingsTabId = (typeof SETTINGS_TABS)[number]
