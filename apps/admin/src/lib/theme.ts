import type { ThemeConfig } from 'antd';

/**
 * The console's antd theme. The build renders the console's antd components with it once and ships
 * their styles as a stylesheet (`build/antdStyles.ts`), so that the browser does not generate them at
 * run time: the styles are keyed by this theme's hash, so App and the build must use this same object.
 */
export const CONSOLE_THEME: ThemeConfig = { token: { colorPrimary: '#b3121f' } };
