/** The content calls. Server: apps/server/src/routes/content/. */
export const content = {};
