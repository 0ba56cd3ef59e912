import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The Prometheus metrics the apps export, read from their source: every prom-client
 * `new Counter/Gauge/Histogram/Summary({ name, labelNames })` in apps/ and libs/ outside the tests,
 * plus prom-client's default metrics, which libs/runtime registers in every app
 * (collectProcessMetrics, with the `app` default label and no prefix).
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary';

export interface ExportedMetric {
  name: string;
  type: MetricType;
  labelNames: string[];
}

const CONSTRUCTION = /new\s+(?:\w+\.)?(Counter|Gauge|Histogram|Summary)\s*(?:<[^>]*>)?\(\s*\{/g;

/** The text of the object literal whose `{` is at `start`, skipping braces inside strings. */
function objectLiteralAt(source: string, start: number): string {
  let depth = 0;
  let quote: string | undefined;
  for (let index = start; index < source.length; index++) {
    const char = source[index];
    if (quote) {
      if (char === '\\') index++;
      else if (char === quote) quote = undefined;
    } else if (`'"\``.includes(char)) quote = char;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return source.slice(start, index + 1);
  }
  throw new Error(`unclosed object literal at ${start}`);
}

/** The metrics one source file registers; throws on one whose name it cannot tell. */
export function metricsRegisteredIn(source: string, file: string): ExportedMetric[] {
  return [...source.matchAll(CONSTRUCTION)].map((match) => {
    const options = objectLiteralAt(source, match.index + match[0].length - 1);
    const [, literal, constant] = /\bname:\s*(?:'([^']+)'|([A-Za-z_]\w*))/.exec(options) ?? [];
    const name =
      literal ?? (constant && new RegExp(`\\bconst ${constant}\\s*=\\s*'([^']+)'`).exec(source)?.[1]);
    if (!name) throw new Error(`${file}: cannot tell the name of the metric at ${match.index}`);
    const labelList = /\blabelNames:\s*\[([^\]]*)\]/.exec(options)?.[1] ?? '';
    return {
      name,
      type: match[1].toLowerCase() as MetricType,
      labelNames: [...labelList.matchAll(/'([^']+)'/g)].map(([, label]) => label),
    };
  });
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.split(path.sep).includes('__tests__'))
    .filter((file) => !/\.(spec|int-spec|e2e-spec)\.ts$/.test(file))
    .map((file) => path.join(folder, file));
}

/** The metrics the apps and libs register in their source. */
export function metricsInSource(repoRoot: string): ExportedMetric[] {
  return ['apps', 'libs']
    .flatMap((folder) => sourceFiles(path.join(repoRoot, folder)))
    .flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      return source.includes("from 'prom-client'") ? metricsRegisteredIn(source, file) : [];
    });
}

/** prom-client's default metrics, as collectDefaultMetrics registers them. */
export async function defaultMetrics(): Promise<ExportedMetric[]> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const metrics = await registry.getMetricsAsJSON();
  // Its typings declare a numeric enum; at run time prom-client reports the type's name.
  return metrics.map(({ name, type }) => ({ name, type: String(type) as MetricType, labelNames: [] }));
}
