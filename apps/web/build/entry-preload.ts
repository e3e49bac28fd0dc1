import type { Plugin, UserConfig } from 'vite';

/*
 * Per-route JS budget (decision 0010): Vite lists, at every lazy import, each chunk the imported one needs so that the
 * browser can fetch them in parallel (`__vite__mapDeps([…])` plus one shared table of file names). For a page those
 * lists repeat the ~20 chunks of the entry, which index.html has already loaded, at every route of every manifest —
 * ~150 bytes per lazy import, ~1 KB of the first download per area. The browser skips what is loaded anyway, so the
 * entry's own chunks are dropped from the lists: the same requests, in the same order, from a smaller entry.
 */
export function entryPreloadLists(): {
  plugin: Plugin;
  modulePreload: NonNullable<UserConfig['build']>['modulePreload'];
} {
  let entryChunks = new Set<string>();
  const plugin: Plugin = {
    name: 'portal:entry-preload-lists',
    apply: 'build',
    // Before Vite's import analysis writes the lists (in its own generateBundle), record the entry's static closure.
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const closure = new Set<string>();
        const visit = (file: string): void => {
          if (closure.has(file)) return;
          closure.add(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        for (const [file, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(file);
        entryChunks = closure;
      },
    },
  };
  return {
    plugin,
    modulePreload: {
      resolveDependencies: (_filename, deps) => {
        // Refuse to guess: without the closure (the hook did not run first), keep Vite's lists as they are.
        if (entryChunks.size === 0) return deps;
        return deps.filter((dep) => !entryChunks.has(dep));
      },
    },
  };
}
