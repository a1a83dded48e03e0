/** The docs calls. Server: apps/server/src/routes/docs/. */
export const docs = {};
