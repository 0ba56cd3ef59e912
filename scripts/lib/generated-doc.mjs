import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Writes a document generated from the code, or with `--check` among the arguments fails when the
 * committed one differs (npm test runs the checks), naming the command that regenerates it.
 */
export function writeOrCheck(target, generated, command, args = process.argv) {
  const name = target.slice(target.lastIndexOf('/docs/') + 1);
  if (args.includes('--check')) {
    if (readFileSync(target, 'utf8') !== generated) {
      console.error(`${name} is out of date: run \`${command}\` and commit the result`);
      process.exit(1);
    }
    console.log(`${name} is up to date`);
  } else {
    writeFileSync(target, generated);
    console.log(`wrote ${target}`);
  }
}
