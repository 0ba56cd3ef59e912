// The headless browser of the end-to-end tests that open the hosted KYC page. Test tools cannot
// download browser builds here, so the tests drive Debian's `chromium` package through
// playwright-core; a machine without it gets it from apt (as root), once.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Waits for another apt or dpkg run (an unattended upgrade, a parallel set-up) instead of failing. */
const APT_OPTIONS = ['-o', 'DPkg::Lock::Timeout=300', '-y', '--no-install-recommends', '-q'];

export function ensureChromium({ log = console.log } = {}) {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${CHROMIUM_PATH} is missing and installing it needs root: run \`apt-get install -y chromium\` as root, then run the tests again`,
    );
  }
  log(`${CHROMIUM_PATH} is missing: installing Debian's chromium package with apt-get (a few minutes, once)`);
  // The package lists of a fresh machine may be empty or stale: refresh them when the first try fails.
  if (!aptGet(['install', ...APT_OPTIONS, 'chromium'], log)) {
    log('apt-get install failed; running apt-get update and trying again');
    if (!aptGet(['update', '-q'], log) || !aptGet(['install', ...APT_OPTIONS, 'chromium'], log)) {
      throw new Error(
        'Installing chromium with apt-get failed (see its output above); install it as root and run the tests again',
      );
    }
  }
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`apt-get installed chromium, but ${CHROMIUM_PATH} does not exist`);
  log(`Installed ${CHROMIUM_PATH}`);
  return CHROMIUM_PATH;
}

function aptGet(args, log) {
  log(`apt-get ${args.join(' ')}`);
  const result = spawnSync('apt-get', args, {
    stdio: ['ignore', 2, 2],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
