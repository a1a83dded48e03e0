/**
 * Whether this build is firstScreenChunk.ts's trial build: the app built in memory to see how Rolldown
 * splits it. Plugins that write files (precompress.ts) stay out of it.
 */
export const TRIAL_BUILD_ENV = 'LUCKY28_FIRST_SCREEN_TRIAL';

export const isTrialBuild = () => process.env[TRIAL_BUILD_ENV] === '1';
