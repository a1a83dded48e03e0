export { SupportButton } from './components/SupportButton';
