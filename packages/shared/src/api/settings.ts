/** The settings calls. Server: apps/server/src/routes/settings/. */
export const settings = {};
