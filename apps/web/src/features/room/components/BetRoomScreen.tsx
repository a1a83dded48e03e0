import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, ErrorBlock, NoticeBar, Toast } from 'antd-mobile';
import { AppOutline, SoundOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatMoney } from '@lucky28/shared/money';
import { trendOf } from '@lucky28/shared/game';
import { DrawBalls } from '../../../components/DrawBalls';
import { Page } from '../../../components/Page';
import { ApiError } from '../../../lib/api';
import { showError } from '../../../lib/feedback';
import { isGuestRefusal, promptGuestToRegister, useIsGuestSession } from '../../../components/guestPrompt';
import { useSession } from '../../../lib/session';
import type { FeedEntry, HitNotice, RoomHeart } from '../../../lib/api/lottery';
import { usePlaceBet, useRecentDraws, useRoomHeart, useRoomOdds } from '../api/room';
import { useRoomChat } from '../api/chat';
import { timeline } from '../model/chat';
import { ChatComposer, RoomTimeline } from './RoomChat';
import { ChatRules, PinnedAnnouncement, useChatNotice } from './ChatNotice';
import { useRoomTitle } from '../api/useRoomTitle';
import { gameNameKey } from '../../../lib/gameName';
import { useNow } from '../../../hooks/useNow';
import { useSteadyDeadline } from '../../../hooks/useSteadyDeadline';
import { amountForRoom, offeredAmounts, tabOfClass } from '../model/betSlip';
import { toOddsClass, type OddsClass } from '../../../lib/oddsClass';
import { deadlineFrom, formatCountdown, secondsLeft } from '../../../lib/countdown';
import { roundPhase, type RoundPhase } from '../model/clock';
import { countPoll, mergeFeed, sameNotices, type NoticeCounter } from '../model/feed';
import { BetPanel, type SlipState } from './BetPanel';
import { BetConfirm } from './BetConfirm';
import { BetMessage } from './BetMessage';
import { useChatBets, type ChatSlip } from './useChatBets';
import { balanceAfter, followOf, withoutChatBets } from '../model/chatBets';
import type { ChatBet } from '@lucky28/shared/schemas';
import { BetMarkTag, MyRoundResult, useRoundFeedback } from './RoundFeedback';
import type { BetMark } from '../model/roundResult';
import { SideMenu } from './SideMenu';
import { useWinVibration } from './useWinVibration';
import { TrendPopup } from './TrendPopup';
import './room.css';

const feedKey = (e: FeedEntry) => `${e.nickname}|${e.issue}|${e.play_type}|${e.quantity}|${e.createtime}|${e.mine ? 1 : 0}`;

/** Stable React keys for feed rows: the entry's content plus its occurrence among identical entries. */
function withKeys(feed: readonly FeedEntry[]): { e: FeedEntry; key: string }[] {
  const seen = new Map<string, number>();
  return feed.map((e) => {
    const k = feedKey(e);
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    return { e, key: `${k}#${n}` };
  });
}

/** Feed, win notices and balance derived from successive heartbeats (no effects: adjusted during render). */
interface LiveState {
  at: number;
  feed: readonly FeedEntry[];
  counter: NoticeCounter;
  notices: HitNotice[];
}

function useLive(heart: RoomHeart | undefined, at: number): LiveState {
  const [live, setLive] = useState<LiveState>({ at: 0, feed: [], counter: { issue: null, polls: 0 }, notices: [] });
  if (heart && at !== live.at) {
    const { next, show } = countPoll(live.counter, heart.issue.issue);
    const updated = {
      at,
      feed: mergeFeed(live.feed, heart.message, feedKey),
      counter: next,
      // New wins are shown at once; the same list again only on the spec's schedule.
      notices: show || !sameNotices(live.notices, heart.hit_notice) ? heart.hit_notice : live.notices,
    };
    setLive(updated);
    return updated;
  }
  return live;
}

function WinNotice({ notices }: { notices: HitNotice[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (notices.length < 2) return;
    const id = setInterval(() => setIndex((i) => i + 1), 3000);
    return () => clearInterval(id);
  }, [notices]);
  if (notices.length === 0) return null;
  const n = notices[index % notices.length]!;
  return (
    <NoticeBar
      className="room-win"
      icon={<SoundOutline />}
      color="alert"
      content={t('room.winNotice', { nickname: n.nickname, game: n.game_name, profit: n.profit })}
    />
  );
}

function RoundPanel({
  heart,
  awaiting,
  phase,
  closeText,
  drawText,
  balance,
  onTrend,
}: {
  heart: RoomHeart;
  /** The round being drawn: its result is awaited, so no older result is shown as the latest. */
  awaiting: string | null;
  phase: RoundPhase;
  closeText: string | null;
  drawText: string | null;
  balance: string | null;
  onTrend: () => void;
}) {
  const { t } = useTranslation();
  const last = awaiting ? null : heart.last_issue;
  const labels = last ? trendOf(last.code) : null;
  return (
    <section className="l28-hero room-round">
      <div className="room-round-row">
        <div className="room-current">
          <span className="room-label">{t('room.round', { issue: heart.issue.issue })}</span>
          <span className="room-label">
            {phase === 'open' && t('room.closesIn')}
            {phase === 'closed' && t('room.closedDrawIn')}
            {phase === 'drawing' && t('room.waitResult')}
            {phase === 'stopped' && t('room.stopped')}
          </span>
          <strong className={`room-countdown room-phase-${phase}`} data-testid="room-countdown" data-issue={heart.issue.issue} data-phase={phase}>
            {phase === 'open' && (closeText ?? '00:00')}
            {phase === 'closed' && (drawText ?? t('room.drawing'))}
            {phase === 'drawing' && t('room.drawing')}
            {phase === 'stopped' && '--:--'}
          </strong>
        </div>
        <button
          type="button"
          className="room-last"
          onClick={onTrend}
          aria-label={t('room.recentDraws')}
          data-testid="room-last"
          data-issue={last?.issue ?? ''}
          data-digits={last ? `${last.site_1},${last.site_2},${last.site_3}` : ''}
        >
          <span className="room-label">
            {awaiting ? t('room.lastRound', { issue: awaiting }) : last ? t('room.lastRound', { issue: last.issue }) : t('room.noDraws')}
          </span>
          {awaiting && (
            <span className="room-awaiting" data-testid="room-awaiting" data-issue={awaiting}>
              {t('room.drawing')}
            </span>
          )}
          {last && labels && (
            <>
              <span className="room-balls">
                <DrawBalls draw={last} />
              </span>
              <span className="room-tags">
                <em>{t(`betClass.${labels.size}`)}</em>
                <em>{t(`betClass.${labels.parity}`)}</em>
                {labels.extreme !== null && <em className="room-tag-extreme">{t(`betClass.${labels.extreme}`)}</em>}
              </span>
            </>
          )}
        </button>
      </div>
      <div className="room-stats">
        <span>
          {t('room.balance')} <b data-testid="room-balance">{balance ?? '--'}</b> u
        </span>
        <span>
          <UserOutline /> {t('room.present', { count: heart.robot_num })}
        </span>
        <span>{t('room.betsInRound', { count: heart.order_count })}</span>
      </div>
    </section>
  );
}

/** A bet of the heart's feed, as a row of the room's timeline (with "follow" on another's bet of this round). */
function BetRow({ e, currentIssue, mark, onFollow }: { e: FeedEntry; currentIssue: string; mark: BetMark | undefined; onFollow: (e: FeedEntry) => void }) {
  const { t } = useTranslation();
  return (
    <div className={`room-bet ${e.mine ? 'room-bet-mine' : ''}`} data-testid="feed-entry">
      <span className="room-bet-avatar" aria-hidden>
        {[...e.nickname][0]?.toUpperCase() ?? '?'}
      </span>
      <div className="room-bet-bubble">
        <div className="room-bet-top">
          <span className="room-bet-nick">{e.mine ? t('room.me') : e.nickname}</span>
          <span className="room-bet-issue">{t('room.roundShort', { issue: e.issue.slice(-4) })}</span>
        </div>
        <div className="room-bet-body">
          <span className="room-bet-method">{e.play_method}</span>
          <span className="room-bet-amount">{e.quantity} u</span>
          {e.mine && <BetMarkTag mark={mark} />}
          {!e.mine && (
            <button type="button" className="room-follow" onClick={() => onFollow(e)} disabled={e.issue !== currentIssue} data-testid="feed-follow">
              <span>{t('room.follow')}</span>
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

/** The betting room (docs/product.md#game-screens, #states-and-transitions, #validation-rules, #constants-and-game-rules). */
export function BetRoomScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const planId = Number(params.get('id'));
  const gameId = Number(params.get('game_id'));
  const title = params.get('title') ?? '';
  const valid = Number.isInteger(planId) && planId > 0 && Number.isInteger(gameId) && gameId > 0;
  // In the language on screen, not the one the hall's link was made in.
  const name = t(gameNameKey(gameId));

  // The chat rides on the room's stream: its `chat` events go to the chat (a ref: the chat needs the stream's state).
  const chatListener = useRef<((event: string, data: unknown) => void) | null>(null);
  const { query: heartQuery, live: streamLive } = useRoomHeart(planId, gameId, (event, data) => chatListener.current?.(event, data));
  const roomChat = useRoomChat(valid ? planId : 0, streamLive);
  useEffect(() => {
    chatListener.current = roomChat.listen;
  }, [roomChat.listen]);
  const [chatError, setChatError] = useState<string | null>(null);
  /** When this player's last message was posted (this device's clock): slow mode's wait runs from it. */
  const [lastPostAt, setLastPostAt] = useState<number | null>(null);
  const chatNotice = useChatNotice(roomChat.chat);
  const odds = useRoomOdds(planId);
  // The server refused the room (switched off: "product discontinued"; unknown): say so, not the stale room.
  const refusal = heartQuery.error instanceof ApiError && heartQuery.error.kind === 'business' ? heartQuery.error.message : null;
  const heart = refusal ? undefined : heartQuery.data;
  const live = useLive(heart, heartQuery.dataUpdatedAt);
  const draws = useRecentDraws(gameId, heart ? (heart.last_issue?.issue ?? '') : undefined);
  const now = useNow();
  const receivedAt = heartQuery.dataUpdatedAt;
  const issue = heart?.issue.issue ?? '';
  const drawAt = useSteadyDeadline(issue, heart ? deadlineFrom(heart.issue.openTime, receivedAt) : 0);
  const closeAt = useSteadyDeadline(`${issue}c`, heart ? deadlineFrom(heart.issue.closeTime, receivedAt) : 0);
  const phase = heart ? roundPhase(heart.game_status, heart.issue.whether_close, closeAt, drawAt, now) : 'stopped';

  const [menu, setMenu] = useState(false);
  const [trend, setTrend] = useState(false);
  const [panel, setPanel] = useState(false);
  const [slip, setSlip] = useState<SlipState>({ tab: 'base', selected: [], amount: '10' });
  const [balanceAfterBet, setBalanceAfterBet] = useState<{ at: number; value: string } | null>(null);
  const updateSession = useSession((s) => s.update);
  const placeBet = usePlaceBet();
  const guest = useIsGuestSession();
  const navigate = useNavigate();

  const { base, num } = useMemo(() => {
    const read = (list: { class: number; class_name: string; odds: string; odds_special: string | null; min: string; max: string }[] | undefined) =>
      (list ?? []).map(toOddsClass).filter((c): c is OddsClass => c !== null);
    return { base: read(odds.data?.rule_base), num: read(odds.data?.rule_num) };
  }, [odds.data]);

  // The balance after our own bet wins until a newer heartbeat reports the balance again.
  const balance = balanceAfterBet && balanceAfterBet.at >= receivedAt ? balanceAfterBet.value : (heart?.user_quantity ?? balanceAfterBet?.value ?? null);

  const open = phase === 'open';
  // The round closed while the panel was open: close it and say so.
  const [closedWhileOpen, setClosedWhileOpen] = useState(0);
  if (panel && !open && heart) {
    setPanel(false);
    setClosedWhileOpen((n) => n + 1);
  }
  // Betting closed: the selection was for the closed round.
  if (!open && heart && slip.selected.length > 0) setSlip((s) => ({ ...s, selected: [] }));
  useEffect(() => {
    if (closedWhileOpen > 0) Toast.show({ content: t('room.closedNotice') });
  }, [closedWhileOpen, t]);

  // A stopped game draws nothing: no round is awaited then.
  const feedback = useRoundFeedback(valid ? planId : 0, heart?.game_status === 1 ? issue : '', heart?.last_issue?.issue, live.feed);
  useWinVibration(feedback.summary, heart ? (heart.last_issue?.issue ?? null) : undefined);
  const amounts = offeredAmounts([...base, ...num]);
  const openPanel = () => {
    setSlip((s) => ({ ...s, amount: amountForRoom(s.amount, amounts) }));
    setPanel(true);
  };

  const follow = (e: FeedEntry) => {
    if (e.issue !== issue) {
      Toast.show({ content: t('room.oldIssue') });
      return;
    }
    if (!open) {
      Toast.show({ content: t('room.closedNotice') });
      return;
    }
    const amount = e.quantity.replace(/\.00$/, '');
    setSlip({ tab: tabOfClass(e.play_type), selected: [e.play_type], amount });
    setPanel(true);
  };

  // A guest watches and bets nothing: it is asked to register (in place) instead, before any confirmation.
  const mayBet = () => {
    if (guest) void promptGuestToRegister(navigate);
    return !guest;
  };

  // Not kept for later: the round may have closed by the time the network is back (README).
  const mayPlace = () => {
    if (!mayBet()) return false;
    if (!navigator.onLine) Toast.show({ icon: 'fail', content: t('room.offlineNotPlaced') });
    return navigator.onLine;
  };
  const placed = ({ entry, msg }: { entry: { after_quantity: string }; msg: string }) => {
    setBalanceAfterBet({ at: Date.now(), value: entry.after_quantity });
    updateSession({ balance: entry.after_quantity });
    Toast.show({ icon: 'success', content: msg || t('room.betSuccess') });
    // The live stream pushes the bets itself; a heart fetched too would race its push (the feed's
    // entries carry no id) and could show them twice. Without the stream, the room sees them at once.
    if (!streamLive) void heartQuery.refetch();
  };

  const submit = (playTypes: number[], amountCents: number) => {
    if (!mayPlace()) return;
    placeBet.mutate(
      { issue, planId, gameId, playTypes, money: formatMoney(amountCents) },
      {
        onSuccess: (answer) => {
          placed(answer);
          setPanel(false);
          setSlip((s) => ({ ...s, selected: [] }));
        },
        onError: (err) => (isGuestRefusal(err) ? void promptGuestToRegister(navigate) : showError(err)),
      },
    );
  };

  // A slip typed in the chat: the same bet path (list form), its refusal answered under the input.
  const placeChatSlip = (chatSlip: ChatSlip, done: () => void) => {
    if (!mayPlace()) return;
    const money = chatSlip.lines.map((l) => ({ playType: l.classId, money: formatMoney(l.stake) }));
    placeBet.mutate(
      { issue, planId, gameId, playTypes: [], money: '', slip: money, source: 'chat', idempotencyKey: chatSlip.key },
      {
        onSuccess: (answer) => {
          placed(answer);
          done();
        },
        onError: (err) => {
          done();
          if (isGuestRefusal(err)) void promptGuestToRegister(navigate);
          else setChatError(err instanceof Error && err.message ? err.message : t('common.failed'));
        },
      },
    );
  };
  const classes = useMemo(() => [...base, ...num], [base, num]);
  const chatBets = useChatBets({ classes, balance, place: placeChatSlip, say: setChatError });
  const followBet = (bet: ChatBet) => {
    if (bet.issue !== issue) {
      Toast.show({ content: t('room.oldIssue') });
      return;
    }
    if (!open) {
      Toast.show({ content: t('room.closedNotice') });
      return;
    }
    const { classIds, amount } = followOf(bet);
    setSlip({ tab: tabOfClass(classIds[0]!), selected: classIds, amount });
    setPanel(true);
  };
  const nameOf = (classId: number) => classes.find((c) => c.classId === classId)?.name ?? `#${classId}`;

  // One timeline: the chat and the room's bets (the heart's feed), by time; a bet a bet message shows is left out of the feed's.
  const bets = useMemo(
    () =>
      withoutChatBets(
        withKeys(live.feed).map(({ e, key }) => ({ e, key, createtime: e.createtime })),
        (b) => b.e,
        roomChat.chat.list,
      ),
    [live.feed, roomChat.chat.list],
  );
  const items = useMemo(() => timeline(roomChat.chat, bets), [roomChat.chat, bets]);
  const sendChat = async (text: string): Promise<boolean> => {
    if (!mayBet()) return false;
    const answered = chatBets.read(text);
    if (answered !== null) return answered;
    try {
      await roomChat.post.mutateAsync(text);
      setLastPostAt(Date.now());
      setChatError(null);
      return true;
    } catch (err) {
      if (isGuestRefusal(err)) void promptGuestToRegister(navigate);
      else {
        setChatError(err instanceof Error && err.message ? err.message : t('common.failed'));
        // The refusal may come from a change of the room or a mute: the notice follows it.
        roomChat.refresh();
      }
      return false;
    }
  };

  const reportChat = (m: { id: number }) =>
    roomChat.report.mutate(m.id, {
      onSuccess: (msg) => Toast.show({ icon: 'success', content: msg || t('room.chat.reported') }),
      onError: (err) => Toast.show({ icon: 'fail', content: err instanceof Error && err.message ? err.message : t('common.failed') }),
    });

  const roomTitle = useRoomTitle(valid ? planId : 0, valid ? gameId : 0, title);
  const drawText = formatCountdown(secondsLeft(drawAt, now));
  const closeText = formatCountdown(secondsLeft(closeAt, now));

  return (
    <Page
      title={roomTitle}
      backFallback="/lottery"
      className="room"
      right={
        <button type="button" className="icon-button room-menu-button" onClick={() => setMenu(true)} aria-label={t('room.menu.title')}>
          <AppOutline />
        </button>
      }
    >
      {!valid && <ErrorBlock status="empty" title={t('room.badRoom')} description="" />}
      {valid && refusal && <ErrorBlock status="empty" title={refusal} description="" data-testid="room-refused" />}
      {valid && !refusal && heartQuery.isError && !heart && (
        <ErrorBlock status="disconnected" title={t('common.failed')} description={heartQuery.error.message}>
          <Button size="small" onClick={() => void heartQuery.refetch()}>
            {t('common.retry')}
          </Button>
        </ErrorBlock>
      )}
      {valid && heart && (
        // data-stream: whether the live stream feeds the room (else it polls); read by the end-to-end tests.
        <div className="room-layout" data-stream={streamLive ? 'live' : 'polling'}>
          <RoundPanel
            heart={heart}
            awaiting={feedback.awaiting}
            phase={phase}
            closeText={closeText}
            drawText={drawText}
            balance={balance}
            onTrend={() => setTrend(true)}
          />
          <MyRoundResult summary={feedback.summary} />
          <WinNotice notices={live.notices} />
          <PinnedAnnouncement chat={roomChat.chat} />
          <RoomTimeline
            items={items}
            onReport={guest ? undefined : reportChat}
            hasOlder={roomChat.chat.hasOlder}
            loadingOlder={roomChat.older.isPending}
            onOlder={() => {
              if (!roomChat.older.isPending) roomChat.older.mutate(undefined, { onError: showError });
            }}
            betKey={(b) => b.key}
            renderBet={(b) => <BetRow e={b.e} currentIssue={issue} mark={feedback.marks.get(b.e)} onFollow={follow} />}
            renderBetMessage={(m) => <BetMessage m={m} bet={m.bet!} className={nameOf} currentIssue={issue} onFollow={followBet} />}
          />
          <div className="room-bar">
            {!open && (
              <div className="room-closed" data-testid="room-closed">
                {phase === 'stopped' ? t('room.stoppedNotice') : t('room.closedNotice')}
              </div>
            )}
            {!guest && !chatNotice && <ChatRules chat={roomChat.chat} lastPostAt={lastPostAt} atOnce={chatBets.atOnce} />}
            <div className="room-bar-row">
              <ChatComposer
                guest={guest}
                sending={roomChat.post.isPending}
                onSend={sendChat}
                onGuest={() => void promptGuestToRegister(navigate)}
                error={chatError}
                onErrorSeen={() => setChatError(null)}
                notice={guest ? null : chatNotice}
              />
              {open && (
                <Button
                  color="primary"
                  shape="rounded"
                  className="room-bet-button"
                  onClick={openPanel}
                  disabled={base.length + num.length === 0}
                  data-testid="open-bet-panel"
                >
                  {t('room.bet')}
                </Button>
              )}
            </div>
          </div>
        </div>
      )}
      {valid && !heart && !heartQuery.isError && <div className="room-loading">{t('common.loading')}</div>}
      <BetPanel
        visible={panel && open}
        onClose={() => setPanel(false)}
        base={base}
        num={num}
        slip={slip}
        onSlip={setSlip}
        amounts={amounts}
        issue={issue}
        submitting={placeBet.isPending}
        mayBet={mayBet}
        onSubmit={submit}
      />
      <BetConfirm
        slip={chatBets.pending}
        issue={issue}
        balanceAfter={chatBets.pending && balanceAfter(balance, chatBets.pending.total)}
        submitting={placeBet.isPending}
        atOnce={chatBets.atOnce}
        onAtOnce={chatBets.setAtOnce}
        onConfirm={chatBets.confirm}
        onClose={chatBets.close}
      />
      <TrendPopup
        visible={trend}
        onClose={() => setTrend(false)}
        draws={draws.data ?? []}
        moreHref={`/lotteryDetail?${new URLSearchParams({ game_id: String(gameId), name }).toString()}`}
      />
      <SideMenu
        visible={menu}
        onClose={() => setMenu(false)}
        gameId={gameId}
        planId={planId}
        gameName={name}
        chatBetsAtOnce={guest ? undefined : { on: chatBets.atOnce, set: chatBets.setAtOnce }}
      />
    </Page>
  );
}
