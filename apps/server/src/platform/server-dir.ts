import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest directory at or above `start` that holds a package.json. */
function packageDirAbove(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

/**
 * The server package's directory (`apps/server`), where its migrations and the build (`dist/`) are. Found from this
 * module's location rather than a fixed `../..`: the code runs from the sources (`src/platform/`, with tsx and the
 * tests) and from the bundle (`dist/main.js` and the chunks beside it, made by `build.mjs`; its test builds one in
 * another directory), each at another depth.
 */
export const SERVER_DIR = packageDirAbove(path.dirname(fileURLToPath(import.meta.url)));
