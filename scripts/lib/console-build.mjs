// Bundles the console (apps/console) with esbuild into static files the gateway serves at /console:
// one hashed script and stylesheet, and an index.html naming them. Hashed names let the gateway cache
// them for a year; index.html is never cached, so a deploy shows at the next load. Each script and
// stylesheet is also written brotli- and gzip-compressed, which the gateway serves to browsers that
// take them (a third of the bytes on the wire).
import { build } from 'esbuild';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { ROOT } from './apps.mjs';

export const CONSOLE_SOURCE = `${ROOT}/apps/console/src`;
export const CONSOLE_OUTPUT = `${ROOT}/dist/console`;

/** @returns {Promise<{ files: { path: string, bytes: number }[] }>} */
export async function buildConsole({ outdir = CONSOLE_OUTPUT } = {}) {
  await mkdir(outdir, { recursive: true });
  const result = await build({
    entryPoints: { app: `${CONSOLE_SOURCE}/main.tsx` },
    outdir,
    bundle: true,
    minify: true,
    sourcemap: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    entryNames: '[name]-[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    logLevel: 'warning',
  });
  const outputs = Object.entries(result.metafile.outputs).filter(([path]) => !path.endsWith('.map'));
  const named = (extension) => basename(outputs.find(([path]) => path.endsWith(extension))?.[0] ?? '');
  const page = (await readFile(`${CONSOLE_SOURCE}/index.html`, 'utf8'))
    .replace('{{script}}', `/console/${named('.js')}`)
    .replace('{{stylesheet}}', `/console/${named('.css')}`);
  await writeFile(`${outdir}/index.html`, page);
  await Promise.all(outputs.map(([path]) => writeCompressed(path)));
  return { files: outputs.map(([path, output]) => ({ path: basename(path), bytes: output.bytes })) };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function writeCompressed(path) {
  const content = await readFile(path);
  await writeFile(`${path}.br`, await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${path}.gz`, await gzipped(content, { level: 9 }));
}
