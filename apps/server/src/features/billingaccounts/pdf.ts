import {
  CONTRACT_STATUS_LABELS,
  CONTRACT_TYPE_LABELS,
  formatDate,
  formatDateTime,
  formatMoney,
  PORTAL_NAME,
  type BillingCompany,
  type BillingFrequency,
  type Contract,
} from '@portal/contract';

/*
 * A contract as a PDF (spec §7 `GET contracts/{cid}/download`), drawn with pdf-lib (an npm library made for writing
 * PDFs, pure JavaScript). It is imported on the first download only: the server's start never loads it. The same
 * contract gives the same bytes (the document's dates are the contract's last change).
 */

type Company = Pick<BillingCompany, 'name' | 'address' | 'country' | 'tax_id' | 'email'>;

const FREQUENCY_LABELS: Record<BillingFrequency, string> = {
  monthly: 'Monthly in arrears',
  quarterly: 'Quarterly in arrears',
  annually: 'Annually in arrears',
  upfront: 'Up front, for the whole term',
};

/** The standard PDF fonts encode WinAnsi only: anything else is replaced, never a failure. */
const printable = (s: string) => s.replace(/[\u2018\u2019]/g, "'").replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/** Breaks text into lines of at most `width` points. */
function wrap(text: string, width: number, measure: (s: string) => number): string[] {
  const out: string[] = [];
  for (const paragraph of printable(text).split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (measure(next) <= width || !line) line = next;
      else {
        out.push(line);
        line = word;
      }
    }
    out.push(line);
  }
  return out;
}

/** The file name a download is offered as. */
export const contractFileName = (c: Pick<Contract, 'contract_number'>) => `${c.contract_number}.pdf`;

export async function contractPdf(contract: Contract, company: Company): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb, degrees } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const changed = new Date(contract.updated_at);
  doc.setTitle(`Contract ${contract.contract_number}: ${printable(contract.title)}`);
  doc.setSubject(
    `${CONTRACT_TYPE_LABELS[contract.type]} between ${printable(company.name)} and ${printable(contract.tenant_name)}`,
  );
  doc.setAuthor(printable(company.name));
  doc.setCreator(PORTAL_NAME);
  doc.setProducer(PORTAL_NAME);
  doc.setKeywords([contract.contract_number, contract.tenant_id, contract.status]);
  doc.setCreationDate(new Date(contract.created_at));
  doc.setModificationDate(changed);

  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595.28, 841.89]); // A4
  const left = 56;
  const width = 595.28 - 2 * left;
  const ink = rgb(0.1, 0.1, 0.12);
  const grey = rgb(0.42, 0.42, 0.46);
  let y = 841.89 - 64;

  const text = (s: string, opts: { size?: number; font?: typeof regular; x?: number; color?: typeof ink } = {}) =>
    page.drawText(printable(s), {
      x: opts.x ?? left,
      y,
      size: opts.size ?? 10,
      font: opts.font ?? regular,
      color: opts.color ?? ink,
    });
  const gap = (h: number) => (y -= h);
  /** Draws a line of text and moves down by `h`. */
  const line = (s: string, h: number, opts: Parameters<typeof text>[1] = {}) => {
    text(s, opts);
    gap(h);
  };
  const rule = () => {
    page.drawLine({ start: { x: left, y }, end: { x: left + width, y }, thickness: 0.5, color: grey });
    gap(16);
  };

  if (contract.status !== 'active')
    page.drawText(CONTRACT_STATUS_LABELS[contract.status].toUpperCase(), {
      x: 150,
      y: 330,
      size: 64,
      font: bold,
      color: rgb(0.9, 0.9, 0.92),
      rotate: degrees(35),
    });

  text(printable(company.name), { size: 11, font: bold });
  gap(14);
  for (const l of wrap(`${company.address}, ${company.country}`, width, (s) => regular.widthOfTextAtSize(s, 9)))
    line(l, 12, { size: 9, color: grey });
  text(`Tax ID ${company.tax_id}  -  ${company.email}`, { size: 9, color: grey });
  gap(36);

  text(CONTRACT_TYPE_LABELS[contract.type], { size: 20, font: bold });
  gap(24);
  text(contract.title, { size: 13 });
  gap(18);
  text(`Contract ${contract.contract_number}  -  ${CONTRACT_STATUS_LABELS[contract.status]}`, {
    size: 10,
    color: grey,
  });
  gap(22);
  rule();

  const rows: [string, string][] = [
    ['Customer', `${contract.tenant_name} (tenant ${contract.tenant_id})`],
    ['Term', `${formatDate(contract.start_date)} to ${formatDate(contract.end_date)} (UTC)`],
    ['Commitment', contract.commitment_cents > 0 ? `${formatMoney(contract.commitment_cents)} USD` : 'None'],
    ['Billing', FREQUENCY_LABELS[contract.billing_frequency]],
    ['Payment terms', contract.payment_terms_days ? `Net ${contract.payment_terms_days} days` : 'Due on receipt'],
    ['Currency', contract.currency],
  ];
  for (const [label, value] of rows) {
    text(label, { font: bold });
    for (const l of wrap(value, width - 130, (s) => regular.widthOfTextAtSize(s, 10))) line(l, 15, { x: left + 130 });
    gap(3);
  }
  gap(6);
  rule();

  if (contract.notes) {
    text('Terms and notes', { font: bold, size: 11 });
    gap(16);
    for (const l of wrap(contract.notes, width, (s) => regular.widthOfTextAtSize(s, 10)).slice(0, 30)) line(l, 14);
    gap(8);
    rule();
  }

  text('Signatures', { font: bold, size: 11 });
  gap(18);
  text(`For ${company.name}:`, { font: bold });
  text(`For ${contract.tenant_name}:`, { font: bold, x: left + width / 2 });
  gap(16);
  text(contract.created_by, { color: grey });
  text(contract.signed_by ?? 'Not signed yet', { x: left + width / 2, color: grey });
  gap(14);
  text(`Drafted ${formatDate(contract.created_at)}`, { color: grey });
  text(contract.signed_at ? `Signed ${formatDate(contract.signed_at)}` : '', { x: left + width / 2, color: grey });
  if (contract.status_reason) {
    gap(26);
    for (const l of wrap(`${CONTRACT_STATUS_LABELS[contract.status]}: ${contract.status_reason}`, width, (s) =>
      regular.widthOfTextAtSize(s, 10),
    ))
      line(l, 14);
  }

  y = 40;
  text(
    `${contract.contract_number}  -  generated by ${PORTAL_NAME} from its record of ${formatDateTime(changed)} UTC`,
    {
      size: 8,
      color: grey,
    },
  );
  return doc.save();
}
