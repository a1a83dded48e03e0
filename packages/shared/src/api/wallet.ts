/** The wallet calls. Server: apps/server/src/routes/wallet/. */
export const wallet = {};
