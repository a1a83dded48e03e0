import dayjs from 'dayjs';

/** An article's date, local time, YYYY-MM-DD HH:mm. */
export function ArticleDate({ time, className }: { time: number; className?: string }) {
  return (
    <time className={className} dateTime={new Date(time * 1000).toISOString()}>
      {dayjs.unix(time).format('YYYY-MM-DD HH:mm')}
    </time>
  );
}
