/** The admin calls. Server: apps/server/src/routes/admin/. */
export const admin = {};
