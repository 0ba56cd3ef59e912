// Where each app's CPU goes, from the V8 profiles `npm run bench -- --profile` has the apps write
// (--cpu-prof): self time by component (the package a frame's code comes from, grouped: validation,
// ORM, Postgres driver, Kafka, logging, HTTP server and client, Nest, the app's own code, Node's
// core, garbage collection) and the functions with the most self time. Also runs alone:
// `node scripts/bench/profile-summary.mjs <directory of .cpuprofile files>`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** @type {[RegExp, string][]} */
const COMPONENTS = [
  [/node_modules\/(class-validator|class-transformer|validator)\//, 'validation'],
  [/node_modules\/typeorm\//, 'ORM (typeorm)'],
  [/node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-\w+)\//, 'Postgres driver (pg)'],
  [/node_modules\/kafkajs\//, 'Kafka (kafkajs)'],
  [/node_modules\/(pino|pino-[\w-]+|sonic-boom|fast-redact|thread-stream)\//, 'logging (pino)'],
  [
    /node_modules\/(fastify|@fastify\/[\w-]+|find-my-way|avvio|light-my-request|fast-json-stringify)\//,
    'HTTP server (fastify)',
  ],
  [/node_modules\/undici\//, 'HTTP client (undici)'],
  [/node_modules\/(@nestjs\/[\w-]+|rxjs|reflect-metadata)\//, 'Nest'],
  [/node_modules\/(ioredis|bullmq)\//, 'Redis'],
  [/node_modules\/prom-client\//, 'metrics'],
  [/node_modules\/@opentelemetry\//, 'tracing'],
  [/node_modules\//, 'other packages'],
  [/\/dist\/(apps|libs)\//, "the service's code"],
  [/^(node:|internal\/)/, "Node's core (streams, sockets, timers)"],
];
const SPECIAL = {
  '(garbage collector)': 'garbage collection',
  '(program)': 'V8 and native (compiler, JSON, crypto)',
  '(idle)': 'idle',
};

function componentOf({ functionName, url }) {
  if (SPECIAL[functionName]) return SPECIAL[functionName];
  if (!url) return 'V8 and native (compiler, JSON, crypto)';
  return COMPONENTS.find(([pattern]) => pattern.test(url))?.[1] ?? 'other';
}

/** The app a profile belongs to: the dist/apps/<name> most of its frames come from. */
function appOf(nodes) {
  const counts = {};
  for (const { callFrame } of nodes) {
    const app = /\/dist\/apps\/([\w-]+)\//.exec(callFrame.url)?.[1];
    if (app) counts[app] = (counts[app] ?? 0) + 1;
  }
  return Object.entries(counts).sort(([, a], [, b]) => b - a)[0]?.[0] ?? 'unknown';
}

/**
 * Self time (ms) by component and by function of one .cpuprofile, idle left out, counting only the
 * samples within `windows` (the loads' measured windows, in µs of the monotonic clock the profile's
 * times are on) when given: start-up and warm-up compile code the load then no longer does.
 */
export function summarizeProfile(profile, windows = []) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const inWindows = (us) =>
    windows.length === 0 || windows.some(({ fromUs, toUs }) => us >= fromUs && us <= toUs);
  const selfMs = new Map();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index];
    if (!inWindows(at)) return;
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    selfMs.set(id, (selfMs.get(id) ?? 0) + ms);
  });
  const components = {};
  const functions = {};
  for (const [id, ms] of selfMs) {
    const { callFrame } = byId.get(id);
    const component = componentOf(callFrame);
    if (component === 'idle') continue;
    components[component] = (components[component] ?? 0) + ms;
    const where = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, '')}:${callFrame.lineNumber + 1}`;
    functions[where] = (functions[where] ?? 0) + ms;
  }
  return { app: appOf(profile.nodes), components, functions };
}

/** Lines for the bench's summary: per app, the busy time's shares by component and its top functions. */
export function describeProfiles(
  directory,
  { topFunctions = 8, windows = /** @type {{ fromUs: number, toUs: number }[]} */ ([]) } = {},
) {
  const scope = windows.length ? 'in the measured windows' : 'over the whole run';
  const lines = [`V8 profiles of the apps (${directory}); self time ${scope}, idle left out:`];
  const profiles = readdirSync(directory)
    .filter((file) => file.endsWith('.cpuprofile'))
    .map((file) => summarizeProfile(JSON.parse(readFileSync(join(directory, file), 'utf8')), windows))
    .sort((a, b) => a.app.localeCompare(b.app));
  for (const { app, components, functions } of profiles) {
    const busy = Object.values(components).reduce((sum, ms) => sum + ms, 0);
    const share = (ms) => `${((ms / busy) * 100).toFixed(1)}%`;
    const ranked = (table) => Object.entries(table).sort(([, a], [, b]) => b - a);
    lines.push(`  ${app}: busy ${(busy / 1000).toFixed(1)} s`);
    lines.push(
      `    ${ranked(components)
        .map(([name, ms]) => `${name} ${share(ms)}`)
        .join(', ')}`,
    );
    for (const [name, ms] of ranked(functions).slice(0, topFunctions))
      lines.push(`    ${share(ms).padStart(6)}  ${name}`);
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.argv[2]) {
    console.error('usage: node scripts/bench/profile-summary.mjs <directory of .cpuprofile files>');
    process.exit(2);
  }
  console.log(describeProfiles(process.argv[2], { topFunctions: 15 }).join('\n'));
}
