/** The version label of the apps (spec §9), shown on the home notice and the settings/about screens. */
export const APP_VERSION = '21.04.02';
