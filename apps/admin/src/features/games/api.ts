export interface OddsView {
  class: number;
  name: string;
  kind: string;
  enabled: boolean;
  odds: string | null;
  odds_special: string | null;
  min: string | null;
  max: string | null;
  rtp: string | null;
}

export interface RoomState {
  title: string;
  title_i18n: Record<'zh' | 'tw' | 'en' | 'vi', string> | null;
  min_limit: string;
  join_limit: string;
  enabled: boolean;
  odds: OddsView[];
}

export interface RoomView extends RoomState {
  id: number;
  game_id: number;
  type: number;
  pending: RoomState | null;
  pending_from: number | null;
}

export interface GameView {
  id: number;
  code: string;
  enabled: boolean;
  open_from: string | null;
  open_to: string | null;
  pending: { enabled: boolean; open_from: string | null; open_to: string | null } | null;
  pending_from: number | null;
  rooms: RoomView[];
}

export const gameConfigKey = ['gameConfig'];
