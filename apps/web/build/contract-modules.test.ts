import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import type { Rolldown } from 'vite';
import { contractModules } from './contract-modules';

const WEB = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(WEB, '.contract-modules-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Bundles one entry the way the web build treats the contract; answers its chunks, the entry first. */
async function bundleChunks(name: string, source: string, files: Record<string, string> = {}) {
  const entry = path.join(dir, `${name}.ts`);
  fs.writeFileSync(entry, source);
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  const out = (await build({
    configFile: false,
    logLevel: 'silent',
    root: dir,
    plugins: [contractModules()],
    resolve: { conditions: ['source'] },
    build: {
      write: false,
      minify: false,
      modulePreload: false,
      rolldownOptions: {
        input: entry,
        preserveEntrySignatures: 'exports-only',
        output: { format: 'es' },
        treeshake: {
          moduleSideEffects: (id: string) => (/[\\/]packages[\\/]contract[\\/]/.test(id) ? false : undefined),
        },
      },
    },
  })) as Rolldown.RolldownOutput;
  return out.output
    .filter((o): o is Rolldown.OutputChunk => o.type === 'chunk')
    .sort((a, b) => Number(b.isEntry) - Number(a.isEntry));
}

/** Bundles one entry; answers its single output chunk, written out to be imported. */
async function bundle(name: string, source: string): Promise<{ code: string; file: string }> {
  const chunks = await bundleChunks(name, source);
  expect(chunks).toHaveLength(1);
  const file = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(file, chunks[0]!.code);
  return { code: chunks[0]!.code, file };
}

describe('the web build of the contract', () => {
  it('leaves zod and the schemas out of a module that uses only route descriptors and constants', async () => {
    const { code, file } = await bundle(
      'paths',
      `import { providersApi, CLOUD_PROVIDERS } from '@portal/contract';
       export const path = providersApi.create.path;
       export const method = providersApi.create.method;
       export const first = CLOUD_PROVIDERS[0];`,
    );
    expect(code).not.toMatch(/_zod|ZodType|safeParse/);
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    expect(mod.path).toMatch(/^\/api\/v1\//);
    expect(mod.method).toBe('POST');
    expect(typeof mod.first).toBe('string');
  }, 60_000);

  it('keeps a schema a page uses, with what it is built from, and it validates as on the server', async () => {
    const { code, file } = await bundle(
      'form',
      `import { createProviderBody } from '@portal/contract';
       export const fields = createProviderBody.shape;`,
    );
    expect(code).toMatch(/safeParse/);
    const { fields } = (await import(pathToFileURL(file).href)) as {
      fields: Record<
        string,
        { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }
      >;
    };
    expect(fields.id!.safeParse('aws-east').success).toBe(true);
    const bad = fields.id!.safeParse('Not A Slug');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(
      'lowercase letters, digits and dashes only, starting with a letter or digit',
    );
  }, 60_000);

  it('puts a schema a lazy dialog uses in the dialog chunk, not in the page that shares its module', async () => {
    const [page, ...lazy] = await bundleChunks(
      'page',
      `import { providersApi } from '@portal/contract';
       export const path = providersApi.create.path;
       export const openDialog = () => import('./dialog');`,
      {
        'dialog.ts': `import { createProviderBody } from '@portal/contract';\nexport const fields = createProviderBody.shape;`,
      },
    );
    expect(page!.code).toMatch(/\/api\/v1\//);
    expect(page!.code).not.toMatch(/_zod|ZodType|safeParse/);
    expect(lazy.map((c) => c.code).join('\n')).toMatch(/safeParse/);
  }, 60_000);
});
