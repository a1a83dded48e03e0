export { LotteryHallScreen } from './components/LotteryHallScreen';
