import { queryClient } from '../../lib/queryClient';
import { initI18n } from '../../lib/i18n';
import { homeQueryOptions } from '../../features/home/api/home';
import { homeHeartQuery } from '../../lib/api/lottery';
import { siteConfigQuery, supportConfigQuery } from '../../lib/api/siteConfig';

/**
 * The home's calls (banners, every game's round, the site's and the support's settings), started by the
 * route before the screen renders: on a slow line they are a round trip of their own, which need not
 * wait for React to reach the components that read them (docs/benchmarks.md, the slow line).
 */
export function prefetchHomeData(): void {
  // Once the language is known (its texts come with the first screen's code): the calls ask in it.
  void initI18n().then(() => {
    void queryClient.prefetchQuery(homeQueryOptions());
    void queryClient.prefetchQuery(homeHeartQuery());
    void queryClient.prefetchQuery(siteConfigQuery());
    void queryClient.prefetchQuery(supportConfigQuery());
  });
}
