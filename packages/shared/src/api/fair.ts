/** The fair calls. Server: apps/server/src/routes/fair/. */
export const fair = {};
