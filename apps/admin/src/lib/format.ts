import dayjs from 'dayjs';

/** Unix seconds → "2026-06-01 10:00:00" in the browser's time zone. */
export const dateTime = (unix: number | null | undefined): string => (unix ? dayjs.unix(unix).format('YYYY-MM-DD HH:mm:ss') : '');

/** Today as "YYYY-MM-DD". */
export const today = (): string => dayjs().format('YYYY-MM-DD');
