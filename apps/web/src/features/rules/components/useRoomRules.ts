import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { toOddsClass, type OddsClass } from '../../../lib/oddsClass';
import { useRulesDraws, useRulesHall, useRulesOdds } from '../api/rules';
import type { LotteryGame, LotteryPlan } from '../../../lib/api/lottery';

/**
 * The room whose rules a page shows: `plan_id` from the query (the room's menu links with it),
 * else the first room of `game_id`, else the first room of the first game; and everything the
 * rules text is generated from — its odds table, the game's hours, and the server's round length
 * and betting close.
 */
export function useRoomRules() {
  const [params, setParams] = useSearchParams();
  const hall = useRulesHall();
  const games: LotteryGame[] = hall.data?.gameList ?? [];
  const planParam = Number(params.get('plan_id'));
  const gameParam = Number(params.get('game_id'));
  let game: LotteryGame | undefined;
  let plan: LotteryPlan | undefined;
  for (const g of games) {
    const p = g.planList.find((x) => x.id === planParam);
    if (p) {
      game = g;
      plan = p;
    }
  }
  if (!plan) {
    game = games.find((g) => g.id === gameParam) ?? games[0];
    plan = game?.planList[0];
  }
  const odds = useRulesOdds(plan?.id);
  const draws = useRulesDraws(game?.id);
  const classes = useMemo(
    () => [...(odds.data?.rule_base ?? []), ...(odds.data?.rule_num ?? [])].map(toOddsClass).filter((c): c is OddsClass => c !== null),
    [odds.data],
  );
  // The server's own configuration, the values settlement runs on.
  const roundSeconds = hall.data?.round_seconds ?? null;
  const closeBefore = hall.data?.close_before_seconds ?? null;
  const choose = (planId: number) => setParams({ plan_id: String(planId) }, { replace: true });
  return {
    loading: hall.isLoading || odds.isLoading,
    error: hall.error ?? odds.error ?? null,
    games,
    game,
    plan,
    classes,
    latestDraw: draws.data?.[0],
    roundSeconds,
    closeBefore,
    choose,
  };
}
