/** The protection calls. Server: apps/server/src/routes/protection/. */
export const protection = {};
