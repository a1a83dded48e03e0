export { dateMinute as formatTime } from '../../../lib/format';
