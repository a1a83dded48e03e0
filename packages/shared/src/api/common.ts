/** The common calls. Server: apps/server/src/routes/common/. */
export const common = {};
