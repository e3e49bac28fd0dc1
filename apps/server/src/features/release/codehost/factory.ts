import type { Config } from '../../../config.js';
import type { Db } from '../../../platform/db.js';
import { embeddedCodeHost } from './embedded.js';
import { githubCodeHost } from './github.js';
import type { CodeHost } from './types.js';

/** The code host an app uses: the REST API when CODEHOST_REPO is set, else the embedded one. */
export function codehostFor(config: Pick<Config, 'codehost'>, db: Db): CodeHost {
  const c = config.codehost;
  return c.kind === 'github'
    ? githubCodeHost({ apiUrl: c.apiUrl, repository: c.repository, token: c.token })
    : embeddedCodeHost(db, c.dir);
}

const perApp = new WeakMap<object, CodeHost>();

/** One code host per app (keyed by its context). */
export function codehostOf(ctx: { config: Pick<Config, 'codehost'>; db: Db }): CodeHost {
  let host = perApp.get(ctx);
  if (!host) {
    host = codehostFor(ctx.config, ctx.db);
    perApp.set(ctx, host);
  }
  return host;
}
