import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { PollingWorker } from '@payments/persistence';
import { Counter } from 'prom-client';
import { BulkImportEnvironment } from '@bulk-import/bulk-import.environment';
import { SPOOL_FILE_PATTERN } from '@bulk-import/uploads/row-spool';

const SWEEP_INTERVAL_MS = 10 * 60_000;
/** Never less than this, so a file read back after its upload ended is not taken from its reader. */
const MIN_ORPHAN_AGE_MS = 15 * 60_000;

const sweptFiles = new Counter({
  name: 'bulk_upload_spool_files_swept_total',
  help: 'Spool files of uploads whose replica died mid-upload, removed from local disk by the sweeper',
});

/**
 * Removes the spool files (row-spool.ts) in `directory` untouched for `orphanAgeMs`, and answers their
 * names. A file that cannot be removed is logged and left for the next pass.
 */
export async function sweepOrphanedSpoolFiles(
  directory: string,
  orphanAgeMs: number,
  logger: Logger,
  now = Date.now(),
): Promise<string[]> {
  const names = (await readdir(directory)).filter((name) => SPOOL_FILE_PATTERN.test(name));
  const removed: string[] = [];
  for (const name of names) {
    const path = join(directory, name);
    try {
      if (now - (await stat(path)).mtimeMs < orphanAgeMs) continue;
      await rm(path, { force: true });
      removed.push(name);
    } catch (error) {
      logger.warn({ file: name, error: (error as Error).message }, 'spool file could not be swept');
    }
  }
  return removed;
}

/**
 * Sweeps the spool files of a replica that died mid-upload from the pod's /tmp: an upload in
 * progress writes at least once per BULK_UPLOAD_IDLE_TIMEOUT_MS or is cut off, so a file untouched
 * for twice that (and at least 15 minutes) has no owner left. Replicas sharing a disk judge by age
 * alone, so none removes another's live file.
 */
@Injectable()
export class SpoolWorker extends PollingWorker {
  private readonly orphanAgeMs: number;

  constructor(config: ConfigService<BulkImportEnvironment, true>) {
    super();
    this.orphanAgeMs = Math.max(
      2 * config.get('BULK_UPLOAD_IDLE_TIMEOUT_MS', { infer: true }),
      MIN_ORPHAN_AGE_MS,
    );
    this.declareLoop({
      name: 'spool-sweeper',
      work: 'sweeping orphaned upload spool files',
      tick: () => this.sweep(),
      idleMs: SWEEP_INTERVAL_MS,
      errorMs: SWEEP_INTERVAL_MS,
    });
  }

  private async sweep(): Promise<false> {
    const removed = await sweepOrphanedSpoolFiles(tmpdir(), this.orphanAgeMs, this.logger);
    sweptFiles.inc(removed.length);
    if (removed.length) this.logger.warn({ files: removed.length }, 'orphaned upload spool files removed');
    return false;
  }
}
