export { BetRecordScreen } from './components/BetRecordScreen';
export { BetDetailScreen } from './components/BetDetailScreen';
