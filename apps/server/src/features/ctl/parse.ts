/** Command lines as pd-ctl and the MySQL client read them. */

/** Splits a command line on whitespace, keeping quoted parts together (quotes removed). */
export function tokenize(line: string): string[] {
  const out: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(line); m; m = re.exec(line)) out.push(m[1] ?? m[2] ?? m[3]!);
  return out;
}

/** Separates options (`--limit 5`, `--limit=5`, `-r 5`) from positional words. */
export function splitOptions(tokens: string[]): { positionals: string[]; options: Record<string, string> } {
  const positionals: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const long = /^--([a-z][\w-]*)(?:=(.*))?$/i.exec(t);
    const short = /^-([a-z])$/i.exec(t);
    if (long) options[long[1]!.toLowerCase()] = long[2] ?? tokens[++i] ?? '';
    else if (short) options[short[1]!] = tokens[++i] ?? '';
    else positionals.push(t);
  }
  return { positionals, options };
}
