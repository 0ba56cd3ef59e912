// Compiles every app and lib with SWC into dist/, mirroring the source tree. One pass over the whole
// repo takes seconds on two cores, where seven webpack or tsc builds would take minutes; type checking
// is a separate step (`npm run typecheck`).
import { transformFile } from '@swc/core';
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { ROOT } from './lib/apps.mjs';
import { writeConsoleTypes } from './console-types.mjs';
import { buildConsole } from './lib/console-build.mjs';

const SOURCE_ROOTS = ['apps', 'libs'];
/** The console is a browser bundle of its own (scripts/lib/console-build.mjs), not a Node app. */
const BROWSER_SOURCES = new Set([`${ROOT}/apps/console`]);
const paths = JSON.parse(
  await import('node:fs').then((fs) => fs.readFileSync(`${ROOT}/tsconfig.base.json`, 'utf8')),
).compilerOptions.paths;

async function* sources(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const skipped =
        entry.name === '__tests__' || entry.name === 'node_modules' || BROWSER_SOURCES.has(path);
      if (!skipped) yield* sources(path);
    } else if (
      (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts')) ||
      // Data a module imports (libs/http's api-version.json), copied as it is.
      (entry.name.endsWith('.json') && path.includes('/src/'))
    ) {
      yield path;
    }
  }
}

export async function build({ log = console.log } = {}) {
  const started = Date.now();
  await rm(`${ROOT}/dist`, { recursive: true, force: true });
  const files = [];
  for (const root of SOURCE_ROOTS) for await (const file of sources(`${ROOT}/${root}`)) files.push(file);
  await Promise.all(
    files.map(async (file) => {
      if (file.endsWith('.json')) {
        const target = `${ROOT}/dist/${relative(ROOT, file)}`;
        await mkdir(dirname(target), { recursive: true });
        return copyFile(file, target);
      }
      const output = await transformFile(file, {
        sourceMaps: true,
        module: { type: 'commonjs' },
        jsc: {
          target: 'es2022',
          baseUrl: ROOT,
          paths,
          keepClassNames: true,
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
        },
      });
      const target = `${ROOT}/dist/${relative(ROOT, file).replace(/\.ts$/, '.js')}`;
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, `${output.code}\n//# sourceMappingURL=${target.split('/').pop()}.map\n`);
      // sourceMaps: true above, so there is a map.
      await writeFile(`${target}.map`, /** @type {string} */ (output.map));
    }),
  );
  await writeConsoleTypes();
  const bundle = await buildConsole();
  const consoleBytes = bundle.files.reduce((sum, file) => sum + file.bytes, 0);
  log(
    `Built ${files.length} files and the console (${Math.round(consoleBytes / 1024)} KiB) into dist/ in ${Date.now() - started} ms`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await build();
