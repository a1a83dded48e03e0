import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { toOddsClass } from '../../../lib/oddsClass';
import { useRulesDraws, useRulesHall, useRulesHeart, useRulesOdds, type RulesGame, type RulesPlan } from '../api/rules';
import type { RuleClass } from '../model/rulesTable';
import { measuredCloseBefore, measuredRoundSeconds } from '../model/timing';

/**
 * The room whose rules a page shows: `plan_id` from the query (the room's menu links with it),
 * else the first room of `game_id`, else the first room of the first game; and everything the
 * rules text is generated from — its odds table, the game's hours, round length and close.
 */
export function useRoomRules() {
  const [params, setParams] = useSearchParams();
  const hall = useRulesHall();
  const games: RulesGame[] = hall.data?.gameList ?? [];
  const planParam = Number(params.get('plan_id'));
  const gameParam = Number(params.get('game_id'));
  let game: RulesGame | undefined;
  let plan: RulesPlan | undefined;
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
  const heart = useRulesHeart(game?.id);
  const classes = useMemo(
    () => [...(odds.data?.rule_base ?? []), ...(odds.data?.rule_num ?? [])].map(toOddsClass).filter((c): c is RuleClass => c !== null),
    [odds.data],
  );
  const roundSeconds = game?.round_seconds ?? measuredRoundSeconds((draws.data ?? []).map((d) => d.opentime));
  const closeBefore = game?.close_before_seconds ?? measuredCloseBefore(heart.data?.issue);
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
