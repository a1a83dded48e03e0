import enUS from 'antd/locale/en_US';
import viVN from 'antd/locale/vi_VN';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';

export const antdLocale = (code: string) => ({ 'zh-CN': zhCN, 'zh-TW': zhTW, en: enUS, vi: viVN })[code] ?? zhCN;
