export { GameRulesScreen } from './components/GameRulesScreen';
export { GameIntroductionScreen } from './components/GameIntroductionScreen';
export { LotteryExplainScreen } from './components/LotteryExplainScreen';
