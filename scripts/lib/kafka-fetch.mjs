// Fetches the Kafka broker's jars from Maven Central through tools/kafka/pom.xml, once per pinned
// version, into the cache every broker port shares.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const POM = path.join(REPO_ROOT, 'tools/kafka/pom.xml');
export const LIBS_DIR = path.join(REPO_ROOT, '.cache/kafka/libs');
const FETCHED_VERSION_FILE = path.join(LIBS_DIR, 'kafka-version');

/** Throws with how to install `command` when it is not on PATH. */
export function assertOnPath(command, hint) {
  const found = (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  if (!found) throw new Error(`${command} is not on PATH; ${hint}`);
}

function pinnedKafkaVersion() {
  const version = readFileSync(POM, 'utf8').match(/<kafka\.version>([^<]+)<\/kafka\.version>/)?.[1];
  if (!version) throw new Error(`No <kafka.version> in ${POM}`);
  return version;
}

export async function fetchKafka({ log = console.log } = {}) {
  const version = pinnedKafkaVersion();
  // The version file is written only after a complete copy, so a half-finished fetch is redone.
  const fetched =
    existsSync(FETCHED_VERSION_FILE) && readFileSync(FETCHED_VERSION_FILE, 'utf8').trim() === version;
  if (fetched && existsSync(path.join(LIBS_DIR, `kafka_2.13-${version}.jar`))) return;

  assertOnPath('mvn', 'install Maven (Debian: apt-get install maven) to fetch the Kafka jars.');
  log(`Fetching Kafka ${version} jars from Maven Central into ${LIBS_DIR}`);
  // Start empty so jars of a previously pinned version never share the classpath.
  rmSync(LIBS_DIR, { recursive: true, force: true });
  const mvn = spawnSync(
    'mvn',
    [
      '-B',
      '-q',
      '-f',
      POM,
      'dependency:copy-dependencies',
      '-DincludeScope=runtime',
      `-DoutputDirectory=${LIBS_DIR}`,
    ],
    { encoding: 'utf8' },
  );
  // Output is kept for failures only: with -q, Maven prints nothing useful (bar stray colour codes) on success.
  if (mvn.status !== 0) throw new Error(`mvn could not fetch the Kafka jars:\n${mvn.stdout}${mvn.stderr}`);
  writeFileSync(FETCHED_VERSION_FILE, `${version}\n`);
}
