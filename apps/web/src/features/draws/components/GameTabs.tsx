import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { GAMES } from '@lucky28/shared/game';

/** The same five games everywhere (docs/spec-differences.md#decided-in-the-design), switched by `game_id`. */
export function GameTabs({ gameId, onChange }: { gameId: number; onChange: (gameId: number) => void }) {
  const { t } = useTranslation();
  return (
    <Tabs className="l28-sticky-tabs draws-tabs" activeKey={String(gameId)} onChange={(k) => onChange(Number(k))}>
      {GAMES.map((g) => (
        <Tabs.Tab key={String(g.id)} title={t(`games.${g.code}`)} />
      ))}
    </Tabs>
  );
}

/** `game_id` from the query when it names one of the games, else the first game. */
export function gameFromParam(value: string | null): number {
  const id = Number(value);
  return GAMES.some((g) => g.id === id) ? id : (GAMES[0]?.id ?? 7);
}
