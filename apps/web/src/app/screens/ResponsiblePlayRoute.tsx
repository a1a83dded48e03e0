import { ResponsiblePlayScreen } from '../../features/protection/components/ResponsiblePlayScreen';
import { PromotionsOptOut } from '../../features/rewards/components/PromotionsOptOut';

/** `/responsiblePlay` with the promotions opt-out among the player's protections. */
export function ResponsiblePlayRoute() {
  return <ResponsiblePlayScreen extra={<PromotionsOptOut />} />;
}
