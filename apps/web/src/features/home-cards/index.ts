export { LotteryCards } from './components/LotteryCards';
