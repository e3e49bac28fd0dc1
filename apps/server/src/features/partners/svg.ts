/*
 * MSP logos are attacker-controlled SVG. They are sanitised once, on upload, and only the result is kept:
 * DOMPurify (SVG profile) on a jsdom window, then a second pass of our own over the DOM it answers, so that a gap in
 * one is not a hole. What survives: SVG shapes, paint, gradients, filters, text and local references (`#id`).
 * What never does: script, event handlers (on*), foreignObject, animation elements (animate/set can write
 * `javascript:` into an href), links, any href or url() that is not a local `#fragment`, `javascript:` anywhere,
 * `@import`, comments and processing instructions. The HTML parser reads the upload (DTDs and their entities are not
 * expanded); XMLSerializer writes the result as well-formed XML. DOMPurify and jsdom load on the first upload only.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Elements removed with their content, whatever the sanitiser's profile allows. */
const FORBIDDEN_TAGS = [
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'a',
  'animate',
  'animatemotion',
  'animatetransform',
  'animatecolor',
  'set',
  'discard',
  'handler',
  'listener',
  'image',
  'feimage',
];

/** Whether a value (an attribute, a style sheet) refers to anything but a local fragment, or carries a script URL. */
function unsafeValue(value: string): boolean {
  // What a URL parser ignores: whitespace and control characters, and CSS escapes of letters.
  const flat = [...value]
    .filter((c) => {
      const code = c.charCodeAt(0);
      return code > 0x20 && (code < 0x7f || code > 0xa0);
    })
    .join('')
    .replace(/\\/g, '')
    .toLowerCase();
  if (flat.includes('javascript:') || flat.includes('vbscript:') || flat.includes('data:')) return true;
  if (flat.includes('@import') || flat.includes('expression(') || flat.includes('-moz-binding')) return true;
  for (const m of flat.matchAll(/url\(([^)]*)\)?/g)) {
    const target = (m[1] ?? '').replace(/^['"]|['"]$/g, '');
    if (!target.startsWith('#')) return true;
  }
  return false;
}

/** Where text content means something. */
const TEXT_PARENTS = new Set(['text', 'tspan', 'textpath', 'title', 'desc', 'style']);

const HREF_ATTRS = new Set(['href', 'xlink:href', 'src', 'action', 'formaction', 'from', 'to', 'values', 'by']);

/** The little of the DOM used here (the server compiles without the DOM lib). */
interface Node {
  readonly nodeType: number;
  readonly parentNode: Node | null;
  textContent: string | null;
  removeChild(n: Node): void;
}
interface Attr {
  readonly name: string;
  readonly value: string;
}
interface Element extends Node {
  readonly namespaceURI: string | null;
  readonly localName: string;
  readonly attributes: Iterable<Attr>;
  readonly children: Iterable<Element> & { readonly length: number };
  readonly ownerDocument: {
    createTreeWalker(root: Node, what: number): { currentNode: Node; nextNode(): Node | null };
  };
  hasAttribute(name: string): boolean;
  setAttribute(name: string, value: string): void;
  removeAttributeNode(a: Attr): void;
}
interface Window {
  readonly Node: {
    COMMENT_NODE: number;
    PROCESSING_INSTRUCTION_NODE: number;
    ELEMENT_NODE: number;
    TEXT_NODE: number;
    CDATA_SECTION_NODE: number;
  };
  readonly XMLSerializer: new () => { serializeToString(n: Node): string };
}

interface Purifier {
  sanitize(dirty: string, cfg: Record<string, unknown>): Node;
  addHook(
    name: 'uponSanitizeAttribute',
    fn: (node: Element, data: { attrName: string; attrValue: string; keepAttr: boolean }) => void,
  ): void;
}
interface Loaded {
  purify: Purifier;
  serialize: (n: Node) => string;
  window: Window;
}
let loaded: Promise<Loaded> | undefined;

async function load(): Promise<Loaded> {
  const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
  const window = new JSDOM('<!DOCTYPE html><html><body></body></html>').window as Window;
  const purify = createDOMPurify(window as never) as unknown as Purifier;
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if (name.startsWith('on')) data.keepAttr = false;
    else if (HREF_ATTRS.has(name))
      data.keepAttr = data.attrValue.trim().startsWith('#') && !unsafeValue(data.attrValue);
    else if (unsafeValue(data.attrValue)) data.keepAttr = false;
  });
  const serializer = new window.XMLSerializer();
  return { purify, serialize: (n) => serializer.serializeToString(n), window };
}

/** Our own pass over the sanitised tree: removes what must never be there, whatever DOMPurify let through. */
function scrub(root: Element, window: Window): void {
  const walker = root.ownerDocument.createTreeWalker(root, 0xffffffff);
  const drop: Node[] = [];
  for (let n: Node | null = walker.currentNode; n; n = walker.nextNode()) {
    if (n.nodeType === window.Node.COMMENT_NODE || n.nodeType === window.Node.PROCESSING_INSTRUCTION_NODE) {
      drop.push(n);
      continue;
    }
    if (n.nodeType === window.Node.TEXT_NODE || n.nodeType === window.Node.CDATA_SECTION_NODE) {
      // Text is drawn only inside the text elements (and a <style> holds CSS): elsewhere it is dropped.
      const parent = (n.parentNode as Element | null)?.localName?.toLowerCase() ?? '';
      if (!TEXT_PARENTS.has(parent) && (n.textContent ?? '').trim()) drop.push(n);
      continue;
    }
    if (n.nodeType !== window.Node.ELEMENT_NODE) continue;
    const el = n as Element;
    if (el.namespaceURI !== SVG_NS || FORBIDDEN_TAGS.includes(el.localName.toLowerCase())) {
      drop.push(el);
      continue;
    }
    if (el.localName.toLowerCase() === 'style' && unsafeValue(el.textContent ?? '')) {
      drop.push(el);
      continue;
    }
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      const bad =
        name.startsWith('on') ||
        (HREF_ATTRS.has(name) && !attr.value.trim().startsWith('#')) ||
        unsafeValue(attr.value);
      if (bad) el.removeAttributeNode(attr);
    }
  }
  for (const n of drop) n.parentNode?.removeChild(n);
}

/**
 * The SVG, sanitised, as well-formed XML; undefined when nothing usable is left (no `<svg>` root with content).
 */
export async function sanitizeSvg(input: string): Promise<string | undefined> {
  const { purify, serialize, window } = await (loaded ??= load());
  const body = purify.sanitize(input, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: FORBIDDEN_TAGS,
    FORBID_ATTR: ['xml:base', 'base'],
    RETURN_DOM: true,
    WHOLE_DOCUMENT: false,
  }) as Element;
  const svg = [...body.children].find((c) => c.namespaceURI === SVG_NS && c.localName === 'svg');
  if (!svg) return undefined;
  scrub(svg, window);
  // Nothing left to draw (e.g. everything was a foreignObject): not a logo.
  if (!svg.children.length) return undefined;
  if (!svg.hasAttribute('xmlns')) svg.setAttribute('xmlns', SVG_NS);
  const out = serialize(svg);
  return out.length ? out : undefined;
}
