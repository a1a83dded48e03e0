import { NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRewards } from '../api/rewards';

/** Home: the first reward the player can claim now, as one line that opens /actionCenter; nothing otherwise. */
export function HomeReward() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rewards = useRewards();
  const card = rewards.data?.list.find((c) => c.state === 'available');
  if (!card) return null;
  return (
    <div data-testid="home-reward" onClick={() => navigate('/actionCenter')} role="link">
      <NoticeBar color="info" content={`${t('rewards.home', { title: card.title })} · ${card.claimable} u`} />
    </div>
  );
}
