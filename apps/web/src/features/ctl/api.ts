import { useMutation, useQuery } from '@tanstack/react-query';
import { ctlApi } from '@portal/contract';
import type { CtlCommand, CtlRunBody } from '@portal/contract';
import { api } from '../../shared/lib/api';

export const ctlKeys = {
  all: ['ctl'] as const,
  commands: () => ['ctl', 'commands'] as const,
};

export function useCtlCommands() {
  return useQuery({
    queryKey: ctlKeys.commands(),
    queryFn: ({ signal }) => api(ctlApi.commands, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Runs a command; the page shows failures itself (and asks for the secondary confirmation the server wants). */
export function useRunCtl() {
  return useMutation({
    mutationFn: (body: CtlRunBody) => api(ctlApi.run, { body }),
    meta: { errorModal: false },
  });
}

/** Splits an argument line on whitespace, keeping quoted parts together (quotes removed), as the server does. */
export function tokenize(line: string): string[] {
  const out: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(line); m; m = re.exec(line)) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  return out;
}

const quote = (token: string) => (/[\s%'"]/.test(token) || token === '' ? `'${token.replace(/'/g, '')}'` : token);

/** The arguments of a command's example, without its command words (`tikv-ctl --host 1 metrics` → `--host 1`). */
export function exampleArgs(command: CtlCommand): string {
  const words = command.command.toLowerCase().split(/\s+/);
  const rest = [...tokenize(command.example)];
  for (const word of words) {
    const at = rest.findIndex((t) => t.toLowerCase() === word);
    if (at >= 0) rest.splice(at, 1);
  }
  return rest.map(quote).join(' ');
}
