// Everything at once, for the server and tests. The apps import the subpaths instead
// (`@lucky28/shared/game`, `/money`, `/wallet`, `/protection`, `/images`, `/version`, `/time`, `/schemas`, `/messages`, `/routeTrouble`) so a screen pulls in
// only what it uses: the game rules and money helpers never load zod.
export * from './messages/index.js';
export * from './money.js';
export * from './images.js';
export * from './siteAddress.js';
export * from './holderName.js';
export * from './articleHtml.js';
export * from './schemas/index.js';
export * from './version.js';
export * from './time.js';
export * from './idNumber.js';
export * from './csv.js';
export * from './wallet.js';
export * from './protection.js';
export * from './game/index.js';
export * from './promotions/redPacket.js';
export * from './access.js';
export * from './audit.js';
export * from './routeTrouble.js';
export * from './api/index.js';
