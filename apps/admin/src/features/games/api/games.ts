import type { GameConfig } from '../../../lib/rooms';

export { gameConfigKey, gameConfigQuery, roomTitle } from '../../../lib/rooms';

export type GameView = GameConfig['games'][number];
export type RoomView = GameView['rooms'][number];
export type OddsView = RoomView['odds'][number];
