import { describe, expect, it } from 'vitest';
import { entryPreloadLists } from './entry-preload';

type Hook = (options: unknown, bundle: Record<string, unknown>) => void;
type Resolve = (filename: string, deps: string[], context: unknown) => string[];

function chunk(imports: string[], isEntry = false) {
  return { type: 'chunk', imports, isEntry };
}

describe('entryPreloadLists', () => {
  const { plugin, modulePreload } = entryPreloadLists();
  const generate = (plugin.generateBundle as { handler: Hook }).handler;
  const resolve = (modulePreload as { resolveDependencies: Resolve }).resolveDependencies;

  it('keeps the lists as they are until it knows the entry', () => {
    expect(resolve('assets/Page.js', ['assets/react.js', 'assets/Page.js'], {})).toEqual([
      'assets/react.js',
      'assets/Page.js',
    ]);
  });

  it("drops the entry's static closure from a lazy import's list, keeping the page's own chunks and CSS", () => {
    generate(
      {},
      {
        'assets/index.js': chunk(['assets/react.js', 'assets/antd.js'], true),
        'assets/antd.js': chunk(['assets/rc.js']),
        'assets/react.js': chunk([]),
        'assets/rc.js': chunk([]),
        'assets/Page.js': chunk(['assets/react.js', 'assets/table.js']),
        'assets/table.js': chunk(['assets/rc.js']),
        'assets/page.css': { type: 'asset' },
      },
    );
    expect(
      resolve(
        'assets/index.js',
        ['assets/Page.js', 'assets/rc.js', 'assets/table.js', 'assets/react.js', 'assets/page.css'],
        {},
      ),
    ).toEqual(['assets/Page.js', 'assets/table.js', 'assets/page.css']);
  });
});
