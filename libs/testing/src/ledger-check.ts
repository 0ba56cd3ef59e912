import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const LEDGER_CHECK = join(__dirname, '..', '..', '..', 'scripts', 'ledger-check.mjs');

/**
 * Runs `npm run ledger:check` against the ledger of `databaseUrl`, as an operator would after the
 * payments a spec made; resolves with what it printed, and rejects when a check fails.
 */
export async function runLedgerCheck(databaseUrl: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [LEDGER_CHECK], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  return stdout;
}
