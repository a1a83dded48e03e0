export { BetRoomScreen } from './components/BetRoomScreen';
