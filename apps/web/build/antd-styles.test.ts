import hash from '@emotion/hash';
import { version } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { antdStaticStyles } from './antd-styles';

/** The class hash antd 6 puts in front of every style path (`hashed` on, `ant` prefix), as the bundle computes it. */
const HASH = `css-${hash(`${version}-true_ant`)}`;

function cachedPaths(css: string): string[] {
  const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(css)?.[1];
  if (!map) throw new Error('no cache-path map in the CSS');
  return map.split(';').map((entry) => entry.slice(0, entry.lastIndexOf(':')));
}

interface Hooks {
  buildStart(): void;
  generateBundle(this: { emitFile: (file: unknown) => string }): Promise<void>;
  transformIndexHtml(html: string): Promise<string>;
}

describe('antd styles generated at build time', () => {
  it("emits the first paint's styles keyed as antd looks them up in production, linked before any other", async () => {
    const plugin = antdStaticStyles(theme) as unknown as Hooks;
    const emitFile = vi.fn((_file: unknown) => 'ref');
    plugin.buildStart();
    await plugin.generateBundle.call({ emitFile });
    const asset = emitFile.mock.calls[0]?.[0] as { fileName: string; source: string };
    expect(asset.fileName).toMatch(/^assets\/antd-[0-9a-f]{8}\.css$/);

    const paths = cachedPaths(asset.source);
    for (const component of [
      'Shared|ant',
      'Button-Button|ant-btn|anticon',
      'Dropdown-Dropdown|ant-dropdown|anticon',
      'Spin-Spin|ant-spin|anticon',
      'Flex-Flex|ant-flex|anticon',
      'Card-Card|ant-card|anticon',
      'Tag-Tag|ant-tag|anticon',
      'Select-Select|ant-select|anticon',
      'Tabs-Tabs|ant-tabs|anticon',
      'Descriptions-Descriptions|ant-descriptions|anticon',
      'Message-Message|ant-message|anticon',
    ])
      expect(paths).toContain(`${HASH}|${component}`);
    // Development class names would never match the bundle's.
    expect(asset.source).not.toContain('css-dev-only');
    expect(asset.source).toContain('.ant-btn');
    // Only what a first paint needs: dialogs, drawers and date pickers keep their run-time styles.
    expect(paths.filter((p) => /Modal|Drawer|DatePicker/.test(p))).toEqual([]);

    const html = '<head>\n  <meta charset="UTF-8" />\n  <link rel="stylesheet" href="/assets/index.css">\n</head>';
    const out = await plugin.transformIndexHtml(html);
    const link = out.indexOf(`<link rel="stylesheet" href="/${asset.fileName}" />`);
    expect(link).toBeGreaterThan(out.indexOf('<meta charset'));
    expect(link).toBeLessThan(out.indexOf('/assets/index.css'));
  }, 120_000);
});
