import { parseAst, transformWithOxc } from 'vite';
import type { Plugin } from 'vite';

const CONTRACT_SRC = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/;

/*
 * Per-route JS budget: the contract's schemas are top-level zod call chains, which a bundler must keep as possible side
 * effects, so any import from `@portal/contract` (a route path, a constant) would pull all of zod and every schema
 * into the page. The two transforms below (build only; the contract source is unchanged) strip the schemas from the
 * route descriptors and make every other top-level initializer droppable when unused (decision 0005).
 */
/** The fields of a route descriptor the web never reads at run time: its zod schemas. */
const SCHEMA_KEYS = new Set(['params', 'query', 'body', 'response']);

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return !!value && typeof value === 'object' && typeof (value as AstNode).type === 'string';
}

/**
 * Removes the schema fields from every `route({ … })` descriptor of a contract module. The web only needs a
 * descriptor's method, path and access at run time (its types come from the schemas at compile time), so the
 * schemas a page merely calls drop out of its bundle with the rest of the unused schemas.
 */
export function stripRouteSchemas(code: string, id: string): string {
  if (!code.includes('route(')) return code;
  const cuts: [number, number][] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isNode(node)) return;
    const callee = node.callee as AstNode | undefined;
    const arg = (node.arguments as AstNode[] | undefined)?.[0];
    if (node.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'route') {
      if (arg?.type === 'ObjectExpression') {
        for (const prop of arg.properties as AstNode[]) {
          const key = prop.key as AstNode | undefined;
          if (
            prop.type === 'Property' &&
            !prop.computed &&
            key?.type === 'Identifier' &&
            SCHEMA_KEYS.has(key.name as string)
          ) {
            let end = prop.end;
            while (/\s/.test(code[end] ?? '')) end++;
            if (code[end] === ',') end++;
            cuts.push([prop.start, end]);
          }
        }
      }
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'type' && typeof v === 'object') visit(v);
  };
  visit(parseAst(code, { lang: 'ts' }, id));
  let out = code;
  for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + out.slice(end);
  return out;
}

/** Initializers that only build values: function and arrow expressions and literals need no wrapping. */
const INERT = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'Literal', 'Identifier', 'TemplateLiteral']);

function containsCall(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(containsCall);
  if (!isNode(node)) return false;
  if (node.type === 'CallExpression' || node.type === 'NewExpression' || node.type === 'TaggedTemplateExpression')
    return true;
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return false;
  return Object.entries(node).some(([k, v]) => k !== 'type' && typeof v === 'object' && containsCall(v));
}

/**
 * Makes every top-level `const x = <expression with calls>` of a contract module droppable when `x` is unused: the
 * initializer becomes a pure-annotated arrow call, `/* @__PURE__ *\/ (() => (<expression>))()`. Zod schemas are
 * chains of calls (`z.string().trim().min(1)`, `base.extend({…})`) that a bundler must otherwise keep as possible
 * side effects, which put all of zod and every schema on any page that imports a constant or a formatter from the
 * contract. The contract's modules build values and nothing else at import time, so this is exact; only the schemas a
 * page really uses at run time (a form's field rules) stay, with zod, in that page's chunk.
 */
export function pureTopLevelInitializers(code: string, id: string): string {
  const edits: [number, string][] = [];
  for (const statement of parseAst(code, { lang: 'ts' }, id).body as unknown as AstNode[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as AstNode | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as AstNode[]) {
      const init = declarator.init as AstNode | null;
      if (!init || INERT.has(init.type) || !containsCall(init)) continue;
      edits.push([init.start, '/* @__PURE__ */ (() => ('], [init.end, '))()']);
    }
  }
  let out = code;
  for (const [at, text] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, at) + text + out.slice(at);
  return out;
}

const PART = '\0contract-part:';

/** A top-level statement of a contract module: what it declares and which other top-level names it reads. */
interface Statement {
  text: string;
  declares: string[];
  exported: boolean;
  reads: Set<string>;
}

/** Every identifier a node reads, over-approximated (property keys and member names are not reads). */
function readsOf(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const n of node) readsOf(n, out);
    return out;
  }
  if (!isNode(node)) return out;
  if (node.type === 'Identifier') out.add(node.name as string);
  for (const [k, v] of Object.entries(node)) {
    if (k === 'type' || typeof v !== 'object') continue;
    if (k === 'key' && node.type === 'Property' && !node.computed) continue;
    if (k === 'property' && node.type === 'MemberExpression' && !node.computed) continue;
    readsOf(v, out);
  }
  return out;
}

function declaredNames(declaration: AstNode): string[] | null {
  if (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration')
    return [(declaration.id as AstNode).name as string];
  if (declaration.type !== 'VariableDeclaration') return null;
  const names: string[] = [];
  for (const d of declaration.declarations as AstNode[]) {
    const id = d.id as AstNode;
    if (id.type !== 'Identifier') return null;
    names.push(id.name as string);
  }
  return names;
}

/**
 * Splits a contract module (as JS) into one module per top-level declaration plus a facade that re-exports them, so
 * the bundler places each declaration in the chunk of the pages that use it. A module is the unit of chunk placement:
 * unsplit, a page that needs only `providersApi` (a route path) shares the module with the dialog that needs
 * `createProviderBody` (a zod schema), and evaluating the module builds the schema, which puts zod on the page.
 * Returns null (module left whole) for anything but imports, declarations and re-exports at the top level.
 */
export function splitByDeclaration(
  js: string,
  id: string,
  resolved: ReadonlyMap<string, string>,
): { facade: string; parts: string[] } | null {
  const imports = new Map<string, string>();
  const statements: Statement[] = [];
  const reexports: string[] = [];
  for (const node of parseAst(js, { lang: 'js' }, id).body as unknown as AstNode[]) {
    const text = js.slice(node.start, node.end);
    if (node.type === 'ImportDeclaration') {
      const source = resolved.get((node.source as AstNode).value as string);
      if (!source) return null;
      for (const spec of node.specifiers as AstNode[]) {
        const local = (spec.local as AstNode).name as string;
        const imported =
          spec.type === 'ImportDefaultSpecifier'
            ? 'default'
            : spec.type === 'ImportNamespaceSpecifier'
              ? '*'
              : (((spec.imported as AstNode).name ?? (spec.imported as AstNode).value) as string);
        imports.set(
          local,
          imported === '*'
            ? `import * as ${local} from ${JSON.stringify(source)};`
            : `import { ${imported} as ${local} } from ${JSON.stringify(source)};`,
        );
      }
      continue;
    }
    if (node.type === 'ExportAllDeclaration' || (node.type === 'ExportNamedDeclaration' && !node.declaration)) {
      if (node.source) return null;
      reexports.push(text);
      continue;
    }
    const exported = node.type === 'ExportNamedDeclaration';
    const declaration = exported ? (node.declaration as AstNode) : node;
    const declares = declaredNames(declaration);
    if (!declares) return null;
    statements.push({
      text: js.slice(declaration.start, declaration.end),
      declares,
      exported,
      reads: readsOf(declaration),
    });
  }
  const home = new Map<string, number>();
  statements.forEach((s, i) => s.declares.forEach((name) => home.set(name, i)));
  const parts = statements.map((s) => {
    const lines: string[] = [];
    for (const name of s.reads) {
      if (s.declares.includes(name)) continue;
      const at = home.get(name);
      if (at !== undefined) lines.push(`import { ${name} } from ${JSON.stringify(`${PART}${id}:${at}`)};`);
      else if (imports.has(name)) lines.push(imports.get(name)!);
    }
    lines.push(`export ${s.text}`);
    return lines.join('\n');
  });
  const facade = statements
    .flatMap((s, i) =>
      s.exported ? [`export { ${s.declares.join(', ')} } from ${JSON.stringify(`${PART}${id}:${i}`)};`] : [],
    )
    .concat(
      // `export { a, b }` of local declarations
      reexports.map((text) => {
        const names = [...text.matchAll(/([\w$]+)(?:\s+as\s+([\w$]+))?/g)].slice(1);
        return names
          .map(
            ([, local, as]) =>
              `export { ${local}${as ? ` as ${as}` : ''} } from ${JSON.stringify(`${PART}${id}:${home.get(local!)}`)};`,
          )
          .join('\n');
      }),
    )
    .join('\n');
  return { facade, parts };
}

/**
 * The web build's view of the contract (decision 0005): route descriptors without their schemas, every other
 * top-level initializer droppable when unused, and one module per declaration so that what a page does not use
 * (a dialog's field schemas, and zod with them) is neither in its chunk nor evaluated when it loads.
 */
export function contractModules(): Plugin {
  const parts = new Map<string, string>();
  return {
    name: 'portal:contract-modules',
    enforce: 'pre',
    apply: 'build',
    resolveId(source) {
      return source.startsWith(PART) ? source : null;
    },
    load(id) {
      return id.startsWith(PART) ? (parts.get(id) ?? null) : null;
    },
    async transform(code, id) {
      if (!CONTRACT_SRC.test(id)) return null;
      const ts = pureTopLevelInitializers(stripRouteSchemas(code, id), id);
      const js = (await transformWithOxc(ts, id, { lang: 'ts' })).code;
      const resolved = new Map<string, string>();
      for (const node of parseAst(js, { lang: 'js' }, id).body as unknown as AstNode[]) {
        if (node.type !== 'ImportDeclaration') continue;
        const source = (node.source as AstNode).value as string;
        const target = await this.resolve(source, id);
        if (target) resolved.set(source, target.id);
      }
      const split = splitByDeclaration(js, id, resolved);
      if (!split) return { code: ts, map: null };
      split.parts.forEach((part, i) => parts.set(`${PART}${id}:${i}`, part));
      return { code: split.facade, map: null };
    },
  };
}
