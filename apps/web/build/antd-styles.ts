import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ThemeConfig } from 'antd';
import type { Plugin } from 'vite';

const EXTRACT_SCRIPT = path.join(import.meta.dirname, 'antd-styles-extract.mjs');

/** Runs the extraction in its own Node process (production React and antd, as in the bundle) and returns the CSS. */
export function extractAntdStyles(theme: ThemeConfig): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [EXTRACT_SCRIPT], {
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let css = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (css += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0 && css.includes('data-ant-cssinjs-cache-path')) resolve(css);
      else reject(new Error(`extracting antd's styles failed (exit code ${code})`));
    });
    child.stdin.end(JSON.stringify(theme));
  });
}

/**
 * antd's styles, generated at build time instead of on the first render of every page.
 *
 * antd writes its components' CSS at run time (CSS-in-JS): the first time a page renders a Menu, a Button or a
 * Select, antd builds that component's style object, serializes and hashes it and inserts a <style> tag. For the
 * shell and a page that is the bulk of one 200–400 ms task at start-up. This plugin renders the console's components
 * once at build time with the portal theme (antd-styles-extract.mjs), writes the CSS antd generated into one
 * stylesheet linked first in index.html, and ends it with antd's own map of the styles it holds
 * (`.data-ant-cssinjs-cache-path`, the mechanism antd uses for server-rendered styles): at run time antd finds each
 * component's style in that map and skips generating it. A component the extraction did not render still gets its
 * style generated at run time as before, so a missing entry costs time, never looks.
 */
export function antdStaticStyles(theme: ThemeConfig): Plugin {
  // Started with the build and awaited when the bundle is written: the extraction runs beside the bundling.
  let styles: Promise<{ fileName: string; css: string }> | undefined;
  const extracted = () => {
    if (!styles) throw new Error('antd styles requested before the build started');
    return styles;
  };
  return {
    name: 'portal:antd-static-styles',
    apply: 'build',
    buildStart() {
      styles = extractAntdStyles(theme).then((css) => ({
        css,
        fileName: `assets/antd-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`,
      }));
      // Surfaced where awaited; this keeps an early failure from being reported as unhandled meanwhile.
      styles.catch(() => undefined);
    },
    async generateBundle() {
      const { fileName, css } = await extracted();
      this.emitFile({ type: 'asset', fileName, source: css });
    },
    async transformIndexHtml(html) {
      const { fileName } = await extracted();
      // Before every other stylesheet: the app's own come later and override antd's at equal specificity, as they do
      // the <style> tags antd inserts at the top of <head> at run time.
      const charset = /<meta charset="[^"]*"\s*\/?>/i;
      if (!charset.test(html)) throw new Error('index.html has no <meta charset>: cannot place the antd stylesheet');
      return html.replace(charset, (meta) => `${meta}\n    <link rel="stylesheet" href="/${fileName}" />`);
    },
  };
}
