// Renders the antd components the console uses, in jsdom with the console's theme, and prints the styles antd's
// CSS-in-JS generated for them as one CSS file, with the map of their cache paths that tells antd at run time to
// take each of them from the file instead of generating it again (see antd-styles.ts). Run by the Vite build in its
// own process (NODE_ENV=production, as the bundle: the class hashes then match); the theme arrives as JSON on stdin.
// ANTD_CSS_SIZES=1 lists each style's raw and gzip size on stderr.
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { JSDOM } from 'jsdom';

const require = createRequire(import.meta.url);
const theme = JSON.parse(
  await new Promise((resolve) => {
    let text = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk) => (text += chunk));
    process.stdin.on('end', () => resolve(text));
  }),
);

const dom = new JSDOM('<!doctype html><html><head></head><body><div id="root"></div></body></html>', {
  pretendToBeVisual: true,
  url: 'http://localhost/',
});
const { window } = dom;
// The browser globals antd and React look for (as Vitest's jsdom environment provides them).
const getStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element) => getStyle(element); // jsdom has no pseudo-element styles
for (const key of Object.getOwnPropertyNames(window)) {
  if (!(key in globalThis))
    Object.defineProperty(globalThis, key, { configurable: true, writable: true, value: window[key] });
}
for (const key of [
  'window',
  'document',
  'navigator',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
]) {
  Object.defineProperty(globalThis, key, { configurable: true, writable: true, value: window[key] });
}
window.matchMedia ??= () => ({
  matches: false,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
});
globalThis.ResizeObserver = window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const React = require('react');
const { createRoot } = require('react-dom/client');
const { flushSync } = require('react-dom');
const { createCache, extractStyle, StyleProvider } = require('@ant-design/cssinjs');
const antd = require('antd');
const icons = require('@ant-design/icons');

const h = React.createElement;
const {
  Button,
  Dropdown,
  Spin,
  Flex,
  Space,
  Row,
  Col,
  Card,
  Typography,
  Tag,
  Alert,
  Input,
  Select,
  Form,
  Skeleton,
  Tooltip,
  Popover,
  Descriptions,
  Empty,
  Tabs,
  Timeline,
  Steps,
  Progress,
  Checkbox,
  message,
} = antd;
const items = [{ key: 'a', label: 'A', icon: h(icons.AppstoreOutlined) }];
const options = [
  { value: 'a', label: 'A' },
  { value: 'b', label: 'B' },
];
const tabs = [
  { key: 'a', label: 'a', children: 'a' },
  { key: 'b', label: 'b', children: 'b' },
];

/** The toast that greets every sign-in ("Login successfully") shows on the first page. */
function Toast() {
  const [api, holder] = message.useMessage();
  React.useEffect(() => void api.success('message'), [api]);
  return holder;
}

/**
 * What the console's pages show on their first paint: the shell (layout, user dropdown) and the building blocks of
 * the list and detail pages. Dialogs, drawers, date pickers and notifications appear only after an
 * interaction and keep their run-time styles: the stylesheet every page loads first stays smaller. A component
 * missing here still works (antd generates its style when it first renders, as before), at that render's cost.
 */
const fixture = h(
  React.Fragment,
  null,
  // The shell (its header, sidebar, menu and breadcrumb are the app's own markup and CSS).
  h(Dropdown, { open: true, popupRender: () => h('div', null, 'user menu') }, h(Button, { type: 'text' }, 'user')),
  h(Dropdown, { open: true, menu: { items } }, h(Button, null, 'actions')),
  h(Spin, null),
  h(Spin, { size: 'large' }),
  h(Spin, { size: 'small', spinning: true }, h('div', null, 'content')),
  h(Toast),
  // The pages' building blocks.
  h(
    Flex,
    { gap: 8, vertical: true },
    h(
      Space,
      null,
      h(Button, { type: 'primary', icon: h(icons.ReloadOutlined) }, 'b'),
      h(Button, { danger: true, loading: true }, 'c'),
      h(Button, { type: 'link', size: 'small' }, 'd'),
    ),
  ),
  h(Space.Compact, null, h(Input, null), h(Button, null, 'go')),
  h(Row, { gutter: [12, 12] }, h(Col, { xs: 24, md: 8 }, 'col')),
  h(Card, { title: 'card', size: 'small', extra: 'x' }, h(Card.Meta, { title: 't', description: 'd' })),
  h(Card, { loading: true }),
  h(Typography.Title, { level: 4 }, 'title'),
  h(Typography.Text, { type: 'secondary', copyable: true }, 'text'),
  h(Typography.Paragraph, { ellipsis: { rows: 1, tooltip: 'x' } }, 'para'),
  h(Typography.Link, null, 'link'),
  h(Tooltip, { open: true, title: 'tooltip' }, h('span', null, 'tip')),
  // Hover cards: list rows and detail pages render their popovers (closed) with the links.
  h(Popover, { open: true, title: 'card', content: 'content' }, h('span', null, 'hover card')),
  h(Tag, null, 'tag'),
  h(Tag, { color: 'processing' }, 'status'),
  h(Tag, { color: 'blue' }, 'preset'),
  h(Alert, { type: 'error', showIcon: true, title: 'alert', description: 'd', action: h(Button, null, 'x') }),
  h(Input, { allowClear: true, prefix: h(icons.SearchOutlined) }),
  h(Input.Search, { enterButton: true }),
  h(Input.TextArea, { rows: 2 }),
  h(Select, { open: true, options, mode: 'multiple', value: ['a'] }),
  h(Select, { options, allowClear: true, showSearch: true }),
  h(
    Form,
    { layout: 'vertical' },
    h(Form.Item, { label: 'field', required: true, help: 'help', validateStatus: 'error' }, h(Input, null)),
    h(Form.Item, { label: 'check', valuePropName: 'checked' }, h(Checkbox, null, 'c')),
  ),
  h(Skeleton, { active: true }),
  h(Skeleton.Button, null),
  h(Skeleton.Input, null),
  h(Descriptions, { bordered: true, size: 'small', column: 2, items: [{ key: 'a', label: 'a', children: 'b' }] }),
  h(Empty, null),
  h(Empty, { image: Empty.PRESENTED_IMAGE_SIMPLE }),
  h(Tabs, { items: tabs }),
  h(Tabs, { type: 'card', size: 'small', items: tabs }),
  h(Timeline, { items: [{ children: 'a' }, { children: 'b', color: 'red' }] }),
  h(Steps, { current: 1, items: [{ title: 'a' }, { title: 'b' }, { title: 'c', status: 'error' }] }),
  h(Steps, {
    size: 'small',
    direction: 'vertical',
    progressDot: true,
    current: 0,
    items: [{ title: 'a' }, { title: 'b' }],
  }),
  h(Progress, { percent: 50, size: 'small' }),
);

const cache = createCache();
const root = createRoot(window.document.getElementById('root'));
flushSync(() =>
  root.render(h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme, componentSize: 'middle' }, fixture))),
);
// Effects, portals and the toasts' holders settle over a few ticks.
for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 10));
const css = extractStyle(cache, { plain: true, types: ['style'] });
if (process.env.ANTD_CSS_SIZES)
  for (const [key, [, [text]]] of cache.cache)
    if (key.startsWith('style%'))
      process.stderr.write(`${String(text).length}\t${gzipSync(String(text), { level: 9 }).length}\t${key}\n`);
root.unmount();
// jsdom's timers would keep the process alive: leave once the CSS is written.
process.stdout.write(css, () => process.exit(0));
