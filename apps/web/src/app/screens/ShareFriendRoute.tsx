import { ShareFriendScreen } from '../../features/share/components/ShareFriendScreen';
import { TeamMenuEntry } from '../../features/referral/components/TeamMenuEntry';

/** `/shareFriend`: the invite link and QR code, and the entry to the referral team (commissions). */
export function ShareFriendRoute() {
  return <ShareFriendScreen extra={<TeamMenuEntry />} />;
}
