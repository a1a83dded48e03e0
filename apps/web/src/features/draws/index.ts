export { LotteryDetailScreen } from './components/LotteryDetailScreen';
export { TrendChartScreen } from './components/TrendChartScreen';
export { FindScreen } from './components/FindScreen';
