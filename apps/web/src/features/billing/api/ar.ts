import { useQuery } from '@tanstack/react-query';
import { billingApi, monthKey } from '@portal/contract';
import { api } from '../../../shared/lib/api';
import { billingKeys } from '../keys';

/** What the AR Table tab starts from: the default (last) month and the months with confirmed invoices. */
export function useArTableInit() {
  return useQuery({
    queryKey: billingKeys.arInit(),
    queryFn: ({ signal }) => api(billingApi.arTableInit, {}, { signal }),
  });
}

/** The AR table of a month as CSV text (the client hands back a body that is not JSON as it is). */
export async function fetchArTable(year: number, month: number): Promise<{ filename: string; csv: string }> {
  const body: unknown = await api(billingApi.arTable, {
    params: { year: String(year), month: String(month) },
  });
  const csv = typeof body === 'string' ? body : JSON.stringify(body);
  return { filename: `ar-table-${monthKey(year, month)}.csv`, csv };
}

/** Saves text as a file through the browser's download. */
export function saveFile(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
