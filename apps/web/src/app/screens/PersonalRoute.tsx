import { PersonalScreen } from '../../features/personal/components/PersonalScreen';
import { NetPositionCard } from '../../features/protection/components/NetPositionCard';
import { SupportButton } from '../../features/support/components/SupportButton';
import { NoticeMenuEntry } from '../../features/notice/components/NoticeMenuEntry';
import { TeamMenuEntry } from '../../features/referral/components/TeamMenuEntry';

/** `/personal`: the personal centre with the net position, the messages entry (unread count), the referral team's entry and the customer-service button. */
export function PersonalRoute() {
  return (
    <PersonalScreen
      summary={<NetPositionCard />}
      menuExtra={
        <>
          <NoticeMenuEntry />
          <TeamMenuEntry asList={false} />
        </>
      }
    >
      <SupportButton />
    </PersonalScreen>
  );
}
