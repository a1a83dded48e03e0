import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { lotteryIndexQuery } from '../../../lib/api/lottery';
import { gameNameKey, roomName } from '../../../lib/gameName';

/**
 * The room's title, "game · room", in the language on screen: the game's name from the shared
 * catalogue and the room's title from `Lottery/index` (asked again in the new language when the
 * player switches). `fallbackRoom` (the hall's link text) stands in until the hall has answered.
 */
export function useRoomTitle(planId: number, gameId: number, fallbackRoom: string): string {
  const { t } = useTranslation();
  const hall = useQuery({ ...lotteryIndexQuery(), enabled: planId > 0 });
  const plan = hall.data?.gameList.flatMap((g) => g.planList).find((p) => p.id === planId);
  const room = plan ? roomName(plan, t(`hall.tier.${plan.type}`)) : fallbackRoom;
  const game = gameId > 0 ? t(gameNameKey(gameId)) : '';
  return [game, room].filter(Boolean).join(' · ') || t('routes.betRoom');
}
