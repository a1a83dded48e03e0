export { FairScreen } from './components/FairScreen';
