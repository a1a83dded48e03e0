/** The version label of the apps (docs/product.md#constants-and-game-rules), shown on the home notice and the settings/about screens. */
export const APP_VERSION = '21.04.02';
