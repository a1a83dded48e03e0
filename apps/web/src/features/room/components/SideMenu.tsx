import { List, Popup, Switch } from 'antd-mobile';
import {
  AppstoreOutline,
  BillOutline,
  HistogramOutline,
  MessageOutline,
  PayCircleOutline,
  QuestionCircleOutline,
  RedoOutline,
  CheckShieldOutline,
  UnorderedListOutline,
} from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBackCloses } from '../../../hooks/useBackCloses';

interface SideMenuProps {
  visible: boolean;
  onClose: () => void;
  gameId: number;
  planId: number;
  gameName: string;
  /** The switch that places bets typed in the chat without the confirmation (members only). */
  chatBetsAtOnce?: { on: boolean; set: (on: boolean) => void };
}

/**
 * The room's side menu (docs/product.md#game-screens): recharge, draws, the trend table and the candle
 * chart, explanation, bet record, fairness, reload; and for a member the switch "place chat bets at
 * once" (docs/chat.md#bet-by-message), where it can be turned off again once no confirmation shows it.
 */
export function SideMenu({ visible, onClose, gameId, planId, gameName, chatBetsAtOnce }: SideMenuProps) {
  const { t } = useTranslation();
  const leaveTo = useBackCloses(visible, onClose, 'menu');
  const queryClient = useQueryClient();
  const game = new URLSearchParams({ game_id: String(gameId), name: gameName }).toString();
  const go = (to: string) => {
    leaveTo(to);
    onClose();
  };
  const items = [
    { to: '/recharge', icon: <PayCircleOutline />, label: t('room.menu.recharge') },
    { to: `/lotteryDetail?${game}`, icon: <UnorderedListOutline />, label: t('room.menu.lotteryDetail') },
    { to: `/trendChart?${game}`, icon: <AppstoreOutline />, label: t('room.menu.trendChart') },
    { to: `/streakAlerts?game_id=${gameId}`, icon: <AppstoreOutline />, label: t('room.menu.streakAlerts') },
    { to: `/find?game_id=${gameId}`, icon: <HistogramOutline />, label: t('room.menu.candles') },
    { to: `/lotteryExplain?plan_id=${planId}`, icon: <QuestionCircleOutline />, label: t('room.menu.lotteryExplain') },
    { to: '/betRecord', icon: <BillOutline />, label: t('room.menu.betRecord') },
    { to: `/fair?game_id=${gameId}`, icon: <CheckShieldOutline />, label: t('room.menu.fair') },
  ];
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} position="right" bodyClassName="room-menu">
      <h3 className="room-menu-title">{t('room.menu.title')}</h3>
      <List>
        {items.map((i) => (
          <List.Item key={i.to} prefix={i.icon} onClick={() => go(i.to)} arrowIcon>
            {i.label}
          </List.Item>
        ))}
        <List.Item
          prefix={<RedoOutline />}
          onClick={() => {
            queryClient.clear();
            window.location.reload();
          }}
        >
          {t('room.menu.reload')}
        </List.Item>
      </List>
      {chatBetsAtOnce && (
        <List header={t('room.chat.title')}>
          <List.Item
            prefix={<MessageOutline />}
            description={t('room.chat.atOnceHint')}
            extra={<Switch checked={chatBetsAtOnce.on} onChange={chatBetsAtOnce.set} aria-label={t('room.chat.atOnceMenu')} data-testid="menu-chat-at-once" />}
          >
            {t('room.chat.atOnceMenu')}
          </List.Item>
        </List>
      )}
    </Popup>
  );
}
