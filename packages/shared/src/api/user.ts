/** The user calls. Server: apps/server/src/routes/user/. */
export const user = {};
