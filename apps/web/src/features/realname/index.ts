export { RealNameAuthScreen } from './components/RealNameAuthScreen';
