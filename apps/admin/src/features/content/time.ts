import dayjs from 'dayjs';

export const formatTime = (unix: number) => dayjs.unix(unix).format('YYYY-MM-DD HH:mm');
