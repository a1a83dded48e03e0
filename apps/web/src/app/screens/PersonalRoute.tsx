import { PersonalScreen } from '../../features/personal/components/PersonalScreen';
import { SupportButton } from '../../features/support/components/SupportButton';

/** `/personal`: the personal centre with the customer-service button. */
export function PersonalRoute() {
  return (
    <PersonalScreen>
      <SupportButton />
    </PersonalScreen>
  );
}
