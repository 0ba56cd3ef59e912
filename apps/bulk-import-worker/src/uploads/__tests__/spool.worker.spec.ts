import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { RowSpool } from '@bulk-import/uploads/row-spool';
import { sweepOrphanedSpoolFiles } from '@bulk-import/uploads/spool.worker';

const HOUR_MS = 3_600_000;

describe('sweepOrphanedSpoolFiles', () => {
  let directory: string;
  const logger = new Logger('test');

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'spool-sweeper-'));
  });
  afterEach(() => rm(directory, { recursive: true, force: true }));

  /** A spool file as an upload leaves it, last written `ageMs` ago; answers its name. */
  async function spoolFile(ageMs: number): Promise<string> {
    const before = new Set(await readdir(directory));
    const spool = new RowSpool(directory);
    await spool.append(['Ada', 'Lovelace']);
    await spool.close();
    const name = (await readdir(directory)).find((file) => !before.has(file))!;
    const at = new Date(Date.now() - ageMs);
    await utimes(join(directory, name), at, at);
    return name;
  }

  it("removes a dead replica's spool file and leaves a live upload's file and files not its own", async () => {
    const orphan = await spoolFile(2 * HOUR_MS);
    const live = await spoolFile(0);
    const stranger = 'bulk-upload-report.ndjson';
    await writeFile(join(directory, stranger), 'not a spool file');
    await utimes(join(directory, stranger), new Date(0), new Date(0));

    expect(await sweepOrphanedSpoolFiles(directory, HOUR_MS, logger)).toEqual([orphan]);
    expect((await readdir(directory)).sort()).toEqual([live, stranger].sort());
  });
});
