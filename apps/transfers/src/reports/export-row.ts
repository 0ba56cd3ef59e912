import { toApiId } from '@payments/contracts';
import { Ratio } from '@payments/money';

/** A transaction as the export's query reads it (bigints as text, as Postgres answers them). */
export interface ExportedTransactionRow {
  id: string;
  type: string;
  /** As of the window's end, from the status history. */
  status: string;
  created_at: Date;
  settled_at: Date | null;
  customer_id: string | null;
  platform_customer_id: string | null;
  sent_amount: string;
  source_currency: string;
  received_amount: string;
  destination_currency: string;
  platform_fee: string;
  service_fee: string;
  exchange_rate: string | null;
  quote_id: string | null;
  reference: string;
}

/** One line of the export, in column order (docs/api.md, "Reports"). */
export interface ExportLine {
  id: string;
  type: string;
  status: string;
  createdAt: string;
  settledAt: string | null;
  customerId: string | null;
  platformCustomerId: string | null;
  sentAmount: number;
  sentCurrency: string;
  receivedAmount: number;
  receivedCurrency: string;
  platformFee: number;
  serviceFee: number;
  exchangeRate: number;
  quoteId: string | null;
  reference: string;
  ledgerPostingIds: string[];
}

export const EXPORT_COLUMNS: readonly (keyof ExportLine)[] = [
  'id',
  'type',
  'status',
  'createdAt',
  'settledAt',
  'customerId',
  'platformCustomerId',
  'sentAmount',
  'sentCurrency',
  'receivedAmount',
  'receivedCurrency',
  'platformFee',
  'serviceFee',
  'exchangeRate',
  'quoteId',
  'reference',
  'ledgerPostingIds',
];

/** Columns a platform or its customers can fill with free text: the ones a spreadsheet could run. */
const TEXT_COLUMNS: ReadonlySet<keyof ExportLine> = new Set([
  'customerId',
  'platformCustomerId',
  'reference',
]);

/** The `Transaction:` id the ledger records postings under. */
export const transactionApiId = (row: ExportedTransactionRow): string => toApiId('Transaction', row.id);

/**
 * Amounts are integers in the currency's smallest unit; the API accepted them as JSON numbers, so
 * they are exact as numbers too.
 */
export function exportLineOf(row: ExportedTransactionRow, ledgerPostingIds: string[]): ExportLine {
  return {
    id: transactionApiId(row),
    type: row.type,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
    customerId: row.customer_id,
    platformCustomerId: row.platform_customer_id,
    sentAmount: Number(row.sent_amount),
    sentCurrency: row.source_currency,
    receivedAmount: Number(row.received_amount),
    receivedCurrency: row.destination_currency,
    platformFee: Number(row.platform_fee),
    serviceFee: Number(row.service_fee),
    exchangeRate: row.exchange_rate ? Ratio.parse(row.exchange_rate).toNumber() : 1,
    quoteId: row.quote_id ? toApiId('Quote', row.quote_id) : null,
    reference: row.reference,
    ledgerPostingIds,
  };
}

export const CSV_HEADER = `${EXPORT_COLUMNS.join(',')}\r\n`;

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab or carriage return, which some strip
 * first) as a formula: such free text gets a leading single quote, shown as text (OWASP, "CSV
 * Injection"; docs/api.md, "Reports").
 */
export function defused(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function csvLine(line: ExportLine): string {
  const fields = EXPORT_COLUMNS.map((column) => {
    const value = line[column];
    if (value === null) return '';
    if (Array.isArray(value)) return value.join(' ');
    const text = String(value);
    return csvField(TEXT_COLUMNS.has(column) ? defused(text) : text);
  });
  return `${fields.join(',')}\r\n`;
}

export function jsonLine(line: ExportLine): string {
  return `${JSON.stringify(line)}\n`;
}
