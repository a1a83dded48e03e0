import { ErrorBlock, Skeleton, Tabs, Toast } from 'antd-mobile';
import { RightOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { GAMES } from '@lucky28/shared/game';
import { GameFlag } from '../../../components/GameFlag';
import { gameNameKey } from '../../../lib/gameName';
import { Page } from '../../../components/Page';
import { useUserInfo } from '../../../lib/auth';
import { useSession } from '../../../lib/session';
import { useIsGuestSession } from '../../../components/guestPrompt';
import { apiMessage } from '../../../lib/validation';
import type { LotteryGame, LotteryPlan } from '../../../lib/api/lottery';
import { useHall } from '../api/hall';
import { canEnter, groupByTier, roomName } from '../model/rooms';
import './hall.css';

function RoomCard({ plan, gameName, onEnter }: { plan: LotteryPlan; gameName: string; onEnter: (p: LotteryPlan) => void }) {
  const { t } = useTranslation();
  const tier = t(`hall.tier.${plan.type}`, { defaultValue: plan.title });
  const name = roomName(plan, tier);
  return (
    <button type="button" className={`l28-surface hall-room hall-tier-${plan.type}`} onClick={() => onEnter(plan)} data-testid="hall-room" data-plan={plan.id}>
      <span className="hall-room-badge" aria-hidden>
        {['I', 'II', 'III', 'IV'][plan.type] ?? '•'}
      </span>
      <span className="hall-room-main">
        <span className="hall-room-name">
          {name}
          {name !== tier && <small> · {tier}</small>}
        </span>
        <span className="hall-room-meta">
          <span>
            {t('hall.minStake')} <b>{plan.min_limit}</b>
          </span>
          <span>
            {t('hall.joinLimit')} <b>{plan.join_limit}</b>
          </span>
        </span>
      </span>
      <span className="hall-room-side">
        <span className="hall-room-present" aria-label={t('hall.present', { count: plan.robot_num })}>
          <UserOutline /> {plan.robot_num}
        </span>
        <RightOutline className="hall-room-arrow" aria-hidden />
      </span>
      <span className="sr-only">{gameName}</span>
    </button>
  );
}

function GamePane({ game, onEnter }: { game: LotteryGame; onEnter: (p: LotteryPlan) => void }) {
  const { t } = useTranslation();
  const name = t(gameNameKey(game.id));
  const groups = groupByTier(game.planList);
  return (
    <div className="hall-pane">
      <div className="l28-hero hall-game">
        <GameFlag gameId={game.id} />
        <div className="hall-game-text">
          <h2>{name}</h2>
          <p>
            {game.game_status === 1 ? t('hall.open') : t('hall.stopped')}
            {game.open_from && game.open_to ? ` · ${t('hall.hours', { from: game.open_from, to: game.open_to })}` : ` · ${t('hall.allDay')}`}
          </p>
        </div>
      </div>
      {groups.length === 0 && <ErrorBlock status="empty" title={t('hall.noRooms')} description="" />}
      <div className="hall-rooms">
        {groups
          .flatMap((g) => g.plans)
          .map((p) => (
            <RoomCard key={p.id} plan={p} gameName={name} onEnter={onEnter} />
          ))}
      </div>
      <p className="hall-note">{t('hall.presenceNote')}</p>
    </div>
  );
}

/** The lottery hall (docs/product.md#game-screens): game tabs (query `tab`) and each game's rooms by tier. */
export function LotteryHallScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const hall = useHall();
  const info = useUserInfo();
  const storedBalance = useSession((s) => s.balance);
  const guest = useIsGuestSession();
  const tabParam = Number(params.get('tab'));
  const tab = Number.isInteger(tabParam) && tabParam >= 0 && tabParam < GAMES.length ? tabParam : 0;

  const enter = (plan: LotteryPlan) => {
    const balance = info.data?.balance ?? storedBalance;
    // A guest enters every room to watch it live (it bets nothing, so no entry limit applies to it).
    if (!guest && !canEnter(balance, plan)) {
      // The server's own refusal text: playOrder refuses a balance below the limit with the same message.
      Toast.show({ icon: 'fail', content: apiMessage('err.room_join_limit') });
      return;
    }
    const title = roomName(plan, t(`hall.tier.${plan.type}`, { defaultValue: plan.title }));
    const q = new URLSearchParams({ id: String(plan.id), game_id: String(plan.game_id), name: t(gameNameKey(plan.game_id)), title });
    navigate(`/betRoom?${q.toString()}`);
  };

  const games = hall.data?.gameList ?? [];
  return (
    <Page title={t('routes.lottery')} back={false} className="hall">
      <Tabs className="l28-sticky-tabs hall-tabs" activeKey={String(tab)} onChange={(key) => setParams({ tab: key }, { replace: true })}>
        {GAMES.map((g) => (
          <Tabs.Tab key={String(g.tabIndex)} title={t(`games.${g.code}`)} />
        ))}
      </Tabs>
      {hall.isLoading && (
        <div className="hall-pane">
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      )}
      {hall.isError && !hall.data && <ErrorBlock status="disconnected" title={t('common.failed')} description={hall.error.message} />}
      {(() => {
        const id = GAMES[tab]?.id;
        const game = games.find((g) => g.id === id);
        return game ? <GamePane game={game} onEnter={enter} /> : null;
      })()}
    </Page>
  );
}
