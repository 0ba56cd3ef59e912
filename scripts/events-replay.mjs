// `npm run events:replay -- --topic … --from … --to … [--platform …] [--target …]`: publishes again
// a window of a public topic's events from the producing app's own records (docs/operations.md,
// "Replaying events"). Builds first, then runs the producing app's command with these arguments
// against DATABASE_URL and KAFKA_BROKERS (default: the local ones `npm start` uses).
import { spawnSync } from 'node:child_process';
import { appEntry, ROOT } from './lib/apps.mjs';
import { build } from './build.mjs';

await build({ log: () => {} });
const result = spawnSync(
  process.execPath,
  [appEntry('transfers', 'cli/replay-events.js'), ...process.argv.slice(2)],
  {
    cwd: ROOT,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
