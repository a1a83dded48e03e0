import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';

export { supportConfigQuery, useSupportConfig, type SupportConfig } from '../../../lib/api/siteConfig';

/**
 * `support/handoff`: the chat page's address carrying a single-use code valid for 60 s (docs/spec-differences.md#decided-in-the-design),
 * never the session token. Asked for at the moment of the tap, so the code is fresh.
 */
export const requestHandoff = () => call(api.support.handoff);
