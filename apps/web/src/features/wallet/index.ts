export { RechargeScreen } from './components/RechargeScreen';
export { WithdrawScreen } from './components/WithdrawScreen';
export { CapitalDetailScreen } from './components/CapitalDetailScreen';
