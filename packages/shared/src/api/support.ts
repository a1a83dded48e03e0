/** The support calls. Server: apps/server/src/routes/support/. */
export const support = {};
