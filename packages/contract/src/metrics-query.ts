/*
 * The playground's query language: a small subset of PromQL, parsed here once for both sides (the page checks a query
 * as it is typed, the server parses it again before running it). Grammar:
 *
 *   expr      := selector | aggregate | ranking
 *   selector  := metric [ '{' [ matcher { ',' matcher } [','] ] '}' ]
 *   matcher   := label ( '=' | '!=' | '=~' | '!~' ) string        -- regexes are RE2-style and fully anchored
 *   aggregate := ( sum | avg | max | min | count ) [grouping] '(' expr ')' [grouping]
 *   ranking   := ( topk | bottomk ) [grouping] '(' k ',' expr ')' [grouping]
 *   grouping  := ( by | without ) '(' [ label { ',' label } [','] ] ')'
 *   string    := "…" | '…'                                         -- escapes \\ \" \' \n \t \r
 *
 * Every metric is one of the catalogue's (`METRIC_CATALOGUE`), every label one the expression has at that point. An
 * error names its position (0-based `position`; messages say "column" = position + 1), what was expected and what
 * was found.
 */

export const METRIC_AGGREGATIONS = ['sum', 'avg', 'max', 'min', 'count'] as const;
export type MetricAggregation = (typeof METRIC_AGGREGATIONS)[number];
export const METRIC_RANKINGS = ['topk', 'bottomk'] as const;
export type MetricRanking = (typeof METRIC_RANKINGS)[number];
export const METRIC_MATCH_OPS = ['=', '!=', '=~', '!~'] as const;
export type MetricMatchOp = (typeof METRIC_MATCH_OPS)[number];

/** The longest query accepted (characters). */
export const METRICS_QUERY_MAX_LENGTH = 1000;
/** How deep aggregations may nest (`sum(max by (region) (…))` is 2). */
export const METRICS_MAX_NESTING = 5;
/** The largest k of topk/bottomk. */
export const METRICS_MAX_K = 100;
/** The longest label value or regex (characters). */
export const METRICS_MAX_STRING = 200;

export interface MetricMatcher {
  label: string;
  op: MetricMatchOp;
  value: string;
}
export interface MetricGrouping {
  mode: 'by' | 'without';
  labels: string[];
}
export type MetricExpr =
  | { kind: 'selector'; metric: string; matchers: MetricMatcher[] }
  | { kind: 'aggregate'; op: MetricAggregation; grouping: MetricGrouping | null; expr: MetricExpr }
  | { kind: 'ranking'; op: MetricRanking; k: number; grouping: MetricGrouping | null; expr: MetricExpr };

/** What the parser needs to know of the metrics: each one's labels. */
export type MetricLabelSets = Readonly<Record<string, readonly string[]>>;

export interface MetricQueryError {
  /** 0-based offset into the query where the problem is. */
  position: number;
  /** A sentence naming the column, what was expected and what was found. */
  message: string;
  /** What would have been valid there (e.g. `a label matcher operator (=, !=, =~, !~)`). */
  expected?: string;
  /** What was there instead (`"{"`, `the end of the query`). */
  found?: string;
}

export type MetricQueryParse =
  | {
      ok: true;
      expr: MetricExpr;
      /** The query written back in one canonical form (what is sent to Prometheus). */
      canonical: string;
      /** The metric the query reads. */
      metric: string;
      /** The labels each result series carries. */
      labels: string[];
    }
  | { ok: false; error: MetricQueryError };

// ---- lexer ---------------------------------------------------------------------------------------------------------

type TokenKind = 'ident' | 'number' | 'string' | 'punct' | 'op' | 'eof';
interface Token {
  kind: TokenKind;
  text: string;
  /** The decoded value of a string token. */
  value?: string;
  pos: number;
}

class QueryError extends Error {
  constructor(readonly detail: MetricQueryError) {
    super(detail.message);
  }
}

const col = (pos: number) => `column ${pos + 1}`;
const describe = (t: Token): string =>
  t.kind === 'eof' ? 'the end of the query' : t.kind === 'string' ? `the string ${t.text}` : `"${t.text}"`;

function fail(pos: number, message: string, expected?: string, found?: string): never {
  throw new QueryError({
    position: pos,
    message,
    ...(expected === undefined ? {} : { expected }),
    ...(found === undefined ? {} : { found }),
  });
}
function expectedAt(t: Token, expected: string): never {
  const found = describe(t);
  return fail(t.pos, `Expected ${expected} at ${col(t.pos)}, found ${found}`, expected, found);
}

const IDENT_START = /[A-Za-z_:]/;
const IDENT_PART = /[A-Za-z0-9_:]/;
const ESCAPES: Record<string, string> = { '\\': '\\', '"': '"', "'": "'", n: '\n', t: '\t', r: '\r' };

/** A character no query may hold: control characters (other than blanks) and unpaired UTF-16 surrogates. */
function badCharAt(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return i;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return i;
    } else if (c >= 0xdc00 && c <= 0xdfff) return i;
  }
  return -1;
}

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i++;
      continue;
    }
    const start = i;
    if (IDENT_START.test(ch)) {
      while (i < src.length && IDENT_PART.test(src[i]!)) i++;
      out.push({ kind: 'ident', text: src.slice(start, i), pos: start });
    } else if (/[0-9]/.test(ch)) {
      while (i < src.length && /[0-9A-Za-z_.]/.test(src[i]!)) i++;
      out.push({ kind: 'number', text: src.slice(start, i), pos: start });
    } else if (ch === '"' || ch === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= src.length)
          fail(
            start,
            `Unterminated string at ${col(start)}: expected a closing ${ch}`,
            `a closing ${ch}`,
            'the end of the query',
          );
        const c = src[i]!;
        if (c === ch) break;
        if (c === '\n') fail(i, `Unterminated string at ${col(start)}: a string cannot span lines`, `a closing ${ch}`);
        if (c === '\\') {
          const e = src[i + 1];
          const decoded = e === undefined ? undefined : ESCAPES[e];
          if (decoded === undefined)
            fail(
              i,
              `Unknown escape sequence \\${e ?? ''} at ${col(i)}: expected one of \\\\ \\" \\' \\n \\t \\r (write \\\\ for a backslash)`,
              'an escape sequence',
              `\\${e ?? ''}`,
            );
          value += decoded;
          i += 2;
          continue;
        }
        value += c;
        i++;
      }
      i++;
      if (value.length > METRICS_MAX_STRING)
        fail(start, `The string at ${col(start)} is longer than ${METRICS_MAX_STRING} characters`);
      out.push({ kind: 'string', text: src.slice(start, i), value, pos: start });
    } else if (ch === '=' || ch === '!') {
      const two = src.slice(i, i + 2);
      if (two === '=~' || two === '!=' || two === '!~') {
        out.push({ kind: 'op', text: two, pos: start });
        i += 2;
      } else if (ch === '=') {
        // `==` is PromQL's comparison, which the playground does not have: report it as the operator it is.
        if (two === '==')
          fail(start, `Comparisons (==) are not supported at ${col(start)}`, 'a label matcher operator');
        out.push({ kind: 'op', text: '=', pos: start });
        i++;
      } else fail(start, `Unexpected character "!" at ${col(start)}: expected != or !~`, '!= or !~', '"!"');
    } else if ('{}(),[]'.includes(ch)) {
      out.push({ kind: 'punct', text: ch, pos: start });
      i++;
    } else {
      const shown = ch === '"' ? '\\"' : ch;
      fail(start, `Unexpected character "${shown}" at ${col(start)}`, undefined, `"${shown}"`);
    }
  }
  out.push({ kind: 'eof', text: '', pos: src.length });
  return out;
}

// ---- parser --------------------------------------------------------------------------------------------------------

const isAggregation = (s: string): s is MetricAggregation => (METRIC_AGGREGATIONS as readonly string[]).includes(s);
const isRanking = (s: string): s is MetricRanking => (METRIC_RANKINGS as readonly string[]).includes(s);
const FUNCTIONS = [...METRIC_AGGREGATIONS, ...METRIC_RANKINGS].join(', ');
const LABEL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Why a regex the playground cannot run the same way on every source is refused (null when it is fine). */
export function metricRegexProblem(re: string): string | null {
  for (let i = 0; i < re.length; i++) {
    const c = re[i];
    if (c === '\\') {
      const e = re[i + 1] ?? '';
      if (/[1-9]/.test(e)) return 'backreferences (\\1…) are not supported';
      if (e === 'b' || e === 'B') return 'word boundaries (\\b, \\B) are not supported';
      if (e === 'k' || e === 'p' || e === 'P') return `\\${e} is not supported`;
      i++;
    } else if (c === '(' && re[i + 1] === '?' && re[i + 2] !== ':') {
      return 'only plain (…) and non-capturing (?:…) groups are supported: no lookarounds, named groups or flags';
    }
  }
  try {
    new RegExp(`^(?:${re})$`);
  } catch (err) {
    return (err as Error).message.replace(/^Invalid regular expression: /, '');
  }
  return null;
}

class Parser {
  private at = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly metrics: MetricLabelSets,
  ) {}

  private get peek(): Token {
    return this.tokens[this.at]!;
  }
  private next(): Token {
    const t = this.tokens[this.at]!;
    if (t.kind !== 'eof') this.at++;
    return t;
  }
  private punct(text: string, expected = `"${text}"`): Token {
    const t = this.peek;
    if (t.kind !== 'punct' || t.text !== text) expectedAt(t, expected);
    return this.next();
  }
  private atEnd(): boolean {
    return this.peek.kind === 'eof';
  }
  private isPunct(text: string): boolean {
    return this.peek.kind === 'punct' && this.peek.text === text;
  }

  parseQuery(): { expr: MetricExpr; labels: string[] } {
    if (this.atEnd()) fail(0, 'The query is empty: expected a metric name such as tidb_qps', 'a metric name');
    const out = this.expr(1);
    if (!this.atEnd()) expectedAt(this.peek, 'the end of the query');
    return out;
  }

  /** An expression and the labels its series carry. */
  private expr(depth: number): { expr: MetricExpr; labels: string[] } {
    const t = this.peek;
    if (t.kind === 'punct' && t.text === '{')
      fail(t.pos, `A selector needs a metric name at ${col(t.pos)}: write e.g. tidb_qps{…}`, 'a metric name', '"{"');
    if (t.kind !== 'ident') expectedAt(t, 'a metric name or an aggregation (sum, avg, max, min, count, topk, bottomk)');
    const after = this.tokens[this.at + 1]!;
    const callsFunction = isAggregation(t.text) || isRanking(t.text) || (after.kind === 'punct' && after.text === '(');
    if (!callsFunction) return this.selector();
    if (!isAggregation(t.text) && !isRanking(t.text))
      fail(
        t.pos,
        `Unknown function "${t.text}" at ${col(t.pos)}: expected one of ${FUNCTIONS}`,
        `one of ${FUNCTIONS}`,
        `"${t.text}"`,
      );
    if (depth > METRICS_MAX_NESTING)
      fail(t.pos, `The query nests aggregations deeper than ${METRICS_MAX_NESTING} levels at ${col(t.pos)}`);
    this.next();
    let grouping = this.grouping();
    this.punct('(', `"(" after ${t.text}`);
    let k = 0;
    if (isRanking(t.text)) {
      const n = this.peek;
      if (n.kind !== 'number' || !/^\d+$/.test(n.text) || Number(n.text) < 1 || Number(n.text) > METRICS_MAX_K)
        expectedAt(n, `a whole number k from 1 to ${METRICS_MAX_K}`);
      k = Number(this.next().text);
      this.punct(',', `"," after k`);
    }
    const inner = this.expr(depth + 1);
    this.punct(')', `")" to close ${t.text}(…)`);
    const trailing = this.grouping();
    if (trailing) {
      if (grouping) fail(trailing.pos, `${t.text} takes one by/without clause, found a second at ${col(trailing.pos)}`);
      grouping = trailing;
    }
    for (const g of grouping?.labels ?? []) {
      if (!inner.labels.includes(g.name))
        fail(
          g.pos,
          `Unknown label "${g.name}" in ${grouping!.mode} (…) at ${col(g.pos)}: the expression inside has ` +
            (inner.labels.length ? `the labels ${inner.labels.join(', ')}` : 'no labels'),
          inner.labels.length ? `one of ${inner.labels.join(', ')}` : 'no label',
          `"${g.name}"`,
        );
    }
    const g: MetricGrouping | null = grouping
      ? { mode: grouping.mode, labels: grouping.labels.map((l) => l.name) }
      : null;
    const labels = isRanking(t.text)
      ? inner.labels
      : !g
        ? []
        : g.mode === 'by'
          ? inner.labels.filter((l) => g.labels.includes(l))
          : inner.labels.filter((l) => !g.labels.includes(l));
    const expr: MetricExpr = isRanking(t.text)
      ? { kind: 'ranking', op: t.text as MetricRanking, k, grouping: g, expr: inner.expr }
      : { kind: 'aggregate', op: t.text as MetricAggregation, grouping: g, expr: inner.expr };
    return { expr, labels };
  }

  private grouping(): { mode: 'by' | 'without'; labels: { name: string; pos: number }[]; pos: number } | null {
    const t = this.peek;
    if (t.kind !== 'ident' || (t.text !== 'by' && t.text !== 'without')) return null;
    this.next();
    this.punct('(', `"(" after ${t.text}`);
    const labels: { name: string; pos: number }[] = [];
    while (!this.isPunct(')')) {
      const l = this.peek;
      if (l.kind !== 'ident' || !LABEL_NAME.test(l.text)) expectedAt(l, 'a label name or ")"');
      labels.push({ name: l.text, pos: l.pos });
      this.next();
      if (!this.isPunct(')')) this.punct(',', '"," or ")"');
    }
    this.next();
    return { mode: t.text as 'by' | 'without', labels, pos: t.pos };
  }

  private selector(): { expr: MetricExpr; labels: string[] } {
    const t = this.next();
    const known = Object.keys(this.metrics);
    const labels = this.metrics[t.text];
    if (!labels)
      fail(
        t.pos,
        `Unknown metric "${t.text}" at ${col(t.pos)}: expected one of ${known.join(', ')}`,
        `one of ${known.join(', ')}`,
        `"${t.text}"`,
      );
    const matchers: MetricMatcher[] = [];
    if (this.isPunct('{')) {
      this.next();
      while (!this.isPunct('}')) {
        const l = this.peek;
        if (l.kind !== 'ident' || !LABEL_NAME.test(l.text)) expectedAt(l, 'a label name or "}"');
        if (!labels.includes(l.text))
          fail(
            l.pos,
            `Unknown label "${l.text}" at ${col(l.pos)}: ${t.text} has the labels ${labels.join(', ')}`,
            `one of ${labels.join(', ')}`,
            `"${l.text}"`,
          );
        this.next();
        const op = this.peek;
        if (op.kind !== 'op') expectedAt(op, 'a label matcher operator (=, !=, =~, !~)');
        this.next();
        const v = this.peek;
        if (v.kind !== 'string') expectedAt(v, 'a quoted label value such as "us-east-1"');
        this.next();
        const value = v.value!;
        if (op.text === '=~' || op.text === '!~') {
          const problem = metricRegexProblem(value);
          if (problem)
            fail(
              v.pos,
              `Invalid regular expression ${v.text} at ${col(v.pos)}: ${problem}`,
              'an RE2 regular expression',
            );
        }
        matchers.push({ label: l.text, op: op.text as MetricMatchOp, value });
        if (!this.isPunct('}')) this.punct(',', '"," or "}"');
      }
      this.next();
    }
    const bracket = this.peek;
    if (bracket.kind === 'punct' && bracket.text === '[')
      fail(
        bracket.pos,
        `Range vectors ([…]) are not supported at ${col(bracket.pos)}: the catalogue's metrics are already rates`,
      );
    return { expr: { kind: 'selector', metric: t.text, matchers }, labels: [...labels] };
  }
}

/** A label value or regex as a PromQL double-quoted string. */
export const quoteMetricString = (v: string): string =>
  `"${v.replace(/[\\"\n\t\r]/g, (c) => (c === '\n' ? '\\n' : c === '\t' ? '\\t' : c === '\r' ? '\\r' : `\\${c}`))}"`;

/** An expression written back as PromQL (one canonical spelling). */
export function formatMetricExpr(e: MetricExpr): string {
  const grouping = (g: MetricGrouping | null) => (g ? `${g.mode} (${g.labels.join(', ')}) ` : '');
  switch (e.kind) {
    case 'selector': {
      const m = e.matchers.map((x) => `${x.label}${x.op}${quoteMetricString(x.value)}`);
      return m.length ? `${e.metric}{${m.join(', ')}}` : e.metric;
    }
    case 'aggregate':
      return `${e.op} ${grouping(e.grouping)}(${formatMetricExpr(e.expr)})`.replace(/^(\w+) \(/, '$1(');
    case 'ranking':
      return `${e.op} ${grouping(e.grouping)}(${e.k}, ${formatMetricExpr(e.expr)})`.replace(/^(\w+) \(/, '$1(');
  }
}

/** The metric an expression reads (there is exactly one selector). */
export function metricOfExpr(e: MetricExpr): string {
  return e.kind === 'selector' ? e.metric : metricOfExpr(e.expr);
}

/** Parses and checks a query against the metrics' label sets; never throws. */
export function parseMetricQueryWith(query: string, metrics: MetricLabelSets): MetricQueryParse {
  try {
    if (query.length > METRICS_QUERY_MAX_LENGTH)
      fail(METRICS_QUERY_MAX_LENGTH, `The query is longer than ${METRICS_QUERY_MAX_LENGTH} characters`);
    const bad = badCharAt(query);
    if (bad >= 0)
      fail(
        bad,
        `Unexpected character U+${query.charCodeAt(bad).toString(16).toUpperCase().padStart(4, '0')} at ${col(bad)}`,
      );
    const { expr, labels } = new Parser(tokenize(query), metrics).parseQuery();
    return { ok: true, expr, canonical: formatMetricExpr(expr), metric: metricOfExpr(expr), labels };
  } catch (err) {
    if (err instanceof QueryError) return { ok: false, error: err.detail };
    throw err;
  }
}
