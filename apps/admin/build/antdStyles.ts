/**
 * The console's antd styles, generated at build time for its theme (antd's "whole export"): every
 * antd component the console uses is rendered once on the server side under `CONSOLE_THEME`, and the
 * styles antd's CSS-in-JS produced are written as one stylesheet, with the map of what it holds
 * (`.data-ant-cssinjs-cache-path`). In the browser, a component whose styles the map lists takes them
 * from the stylesheet instead of generating and inserting them (`@ant-design/cssinjs`,
 * useStyleRegister: `existPath`) — the work that was ~30 % of the frame's script time. A component not
 * rendered here still gets its styles at run time, as before; the theme's CSS variables are still set
 * at run time (cheap). Used by vite.config.ts for the production build only.
 */
import { createElement as h, Fragment, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import { CONSOLE_THEME } from '../src/lib/theme.ts';

type AnyComponent = ComponentType<Record<string, unknown>>;
const C = (name: string) => (antd as unknown as Record<string, AnyComponent & Record<string, AnyComponent>>)[name]!;
/** A popup's panel as antd renders it in place (no portal, which server rendering leaves out). */
const panel = (name: string, props: Record<string, unknown> = {}) => h(C(name)._InternalPanelDoNotUseOrYouWillBeFired!, props);

/** What the console renders, each part once (the popups by their in-place panels). */
const PARTS: Record<string, () => ReactNode> = {
  App: () => h(C('App'), null, 'x'),
  Layout: () => h(C('Layout'), null, h(C('Layout').Sider!, null, 'x'), h(C('Layout').Header!, null, 'x'), h(C('Layout').Content!, null, 'x')),
  Menu: () =>
    h(C('Menu'), {
      theme: 'dark',
      mode: 'inline',
      items: [{ key: 'g', type: 'group', label: 'g', children: [{ key: 'a', label: 'a' }] }],
    }),
  Badge: () => h(C('Badge'), { count: 3 }),
  Button: () => [h(C('Button'), null, 'x'), h(C('Button'), { type: 'primary', danger: true }, 'x'), h(C('Button'), { type: 'link' }, 'x')],
  Dropdown: () => [
    h(C('Dropdown'), { menu: { items: [{ key: 'a', label: 'a' }] } }, h('span', null, 'x')),
    panel('Dropdown', { menu: { items: [{ key: 'a', label: 'a' }] } }),
  ],
  Select: () => [h(C('Select'), { options: [{ value: 1, label: 'a' }] }), panel('Select', { options: [{ value: 1, label: 'a' }] })],
  Spin: () => h(C('Spin')),
  Typography: () => [
    h(C('Typography').Title!, {}, 'x'),
    h(C('Typography').Text!, {}, 'x'),
    h(C('Typography').Paragraph!, {}, 'x'),
    h(C('Typography').Link!, {}, 'x'),
  ],
  Space: () => [h(C('Space'), {}, 'x'), h(C('Space').Compact!, {}, h(C('Button'), null, 'x'))],
  Flex: () => h(C('Flex'), null, 'x'),
  Grid: () => h(C('Row'), null, h(C('Col'), { span: 12 }, 'x')),
  Divider: () => h(C('Divider')),
  Card: () => h(C('Card'), { title: 'x', extra: 'x', tabList: [{ key: 'a', label: 'a' }] }, 'x'),
  Tabs: () => h(C('Tabs'), { items: [{ key: 'a', label: 'a', children: 'x' }] }),
  Table: () =>
    h(C('Table'), {
      columns: [{ key: 'a', dataIndex: 'a', title: 'a', sorter: true, filters: [{ text: 'a', value: 'a' }] }],
      dataSource: [{ key: 1, a: 'x' }],
      rowSelection: {},
      expandable: { expandedRowRender: () => 'x' },
    }),
  EmptyTable: () => h(C('Table'), { columns: [{ key: 'a', dataIndex: 'a', title: 'a' }], dataSource: [] }),
  Pagination: () => h(C('Pagination'), { total: 100 }),
  Empty: () => h(C('Empty')),
  Statistic: () => h(C('Statistic'), { title: 'x', value: 1 }),
  Descriptions: () => h(C('Descriptions'), { items: [{ key: 'a', label: 'a', children: 'x' }], bordered: true }),
  Tag: () => [h(C('Tag'), {}, 'x'), h(C('Tag'), { color: 'green' }, 'x'), h(C('Tag'), { color: 'success' }, 'x')],
  Alert: () => h(C('Alert'), { title: 'x', type: 'warning', showIcon: true }),
  Result: () => h(C('Result'), { status: 'error', title: 'x' }),
  Form: () =>
    h(
      C('Form'),
      { layout: 'vertical' },
      h(C('Form').Item!, { label: 'x', help: 'x', validateStatus: 'error' }, h(C('Input'))),
      h(C('Form').Item!, { label: 'x' }, h(C('Input').TextArea!)),
    ),
  Input: () => [h(C('Input'), {}), h(C('Input').Password!, {}), h(C('Input').Search!, {}), h(C('Input').TextArea!, {}), h(C('Input').OTP!, {})],
  InputNumber: () => [h(C('InputNumber'), {}), panel('InputNumber', {})],
  Switch: () => h(C('Switch')),
  Segmented: () => h(C('Segmented'), { options: ['a', 'b'] }),
  Radio: () => [h(C('Radio').Group!, { options: ['a'] }), h(C('Radio').Group!, { optionType: 'button', options: ['a'] })],
  Checkbox: () => h(C('Checkbox'), null, 'x'),
  DatePicker: () => [h(C('DatePicker'), {}), h(C('DatePicker').RangePicker!, {}), panel('DatePicker', {})],
  TimePicker: () => [h(C('TimePicker'), {}), h(C('TimePicker').RangePicker!, {}), panel('TimePicker', {})],
  Modal: () => panel('Modal', { title: 'x', children: 'x' }),
  Drawer: () => panel('Drawer', { title: 'x', children: 'x' }),
  Popconfirm: () => panel('Popconfirm', { title: 'x' }),
  Popover: () => panel('Popover', { content: 'x' }),
  Tooltip: () => panel('Tooltip', { title: 'x' }),
  Image: () => h(C('Image'), { src: 'x.png' }),
  Upload: () => [h(C('Upload'), {}, h(C('Button'), null, 'x')), h(C('Upload'), { listType: 'picture-card' }, 'x')],
  Message: () => h((antd.message as unknown as Record<string, AnyComponent>)._InternalPanelDoNotUseOrYouWillBeFired!, { content: 'x' }),
  Notification: () => h((antd.notification as unknown as Record<string, AnyComponent>)._InternalPanelDoNotUseOrYouWillBeFired!, { title: 'x' }),
};

/** The stylesheet (plain CSS, with its map), and the parts that could not be rendered (their styles come at run time). */
export function antdStyles(): { css: string; failed: string[] } {
  const cache = createCache();
  const failed: string[] = [];
  for (const [name, part] of Object.entries(PARTS)) {
    try {
      const node = part();
      // Several elements as children of one fragment (no list, so no keys asked for).
      const children = Array.isArray(node) ? h(Fragment, null, ...(node as ReactNode[])) : node;
      renderToString(h(StyleProvider, { cache }, h(C('ConfigProvider'), { theme: CONSOLE_THEME }, children)));
    } catch (err) {
      failed.push(`${name}: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  // Only the components' styles: the theme's CSS variables are set at run time (they depend on the theme only).
  return { css: extractStyle(cache, { plain: true, types: ['style'] }), failed };
}
