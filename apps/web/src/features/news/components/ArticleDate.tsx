import { useOperatorZone } from '../../../hooks/useOperatorZone';
import { formatInZone, ZONED_MINUTE } from '../../../lib/operatorTime';

/** An article's date in the operator's time zone, labelled with its offset: "2026-06-01 10:00 UTC+08:00". */
export function ArticleDate({ time, className }: { time: number; className?: string }) {
  const zone = useOperatorZone();
  return (
    <time className={className} dateTime={new Date(time * 1000).toISOString()} data-testid="article-date">
      {formatInZone(time, zone, ZONED_MINUTE)}
    </time>
  );
}
