/**
 * The version label shown everywhere (spec §9). Equal to APP_VERSION of packages/shared (a test
 * checks it); kept here so the first screen does not load the shared package's validation schemas.
 */
export const APP_VERSION = '21.04.02';
