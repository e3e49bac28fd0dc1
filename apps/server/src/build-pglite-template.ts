/** `npm run build -w @portal/server`, after tsc: the initdb'd template a fresh embedded database is copied from. */
import { buildPgliteTemplate, PGLITE_TEMPLATE_DIR } from './platform/pglite-template.js';

const started = Date.now();
if (await buildPgliteTemplate()) console.log(`PGlite template: ${PGLITE_TEMPLATE_DIR} (${Date.now() - started} ms)`);
