import { readRepoFile } from './deploy-manifests-kit';

describe('deploy/docker/Dockerfile', () => {
  const dockerfile = readRepoFile('deploy/docker/Dockerfile');
  const instructions = dockerfile.split('\n').filter((line) => /^[A-Z]+\s/.test(line));
  const last = (keyword: string): string | undefined =>
    instructions.filter((line) => line.startsWith(`${keyword} `)).at(-1);

  it('builds with npm ci and the repo build', () => {
    expect(dockerfile).toMatch(/^RUN .*npm ci$/m);
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
    expect(dockerfile).toMatch(/^RUN .*npm ci --omit=dev$/m);
  });

  it('builds and runs every stage on one maintained Node LTS, pinned by digest', () => {
    const image = /^ARG NODE_IMAGE=(node:(\d+)\.\d+\.\d+-[a-z]+-slim)@sha256:[0-9a-f]{64}$/m.exec(dockerfile);
    expect(image).not.toBeNull();
    // Node 20 left maintenance in April 2026; 22 and 24 are the LTS lines maintained now.
    expect(['22', '24']).toContain(image?.[2]);
    expect(instructions.filter((line) => line.startsWith('FROM '))).toEqual([
      'FROM ${NODE_IMAGE} AS build',
      'FROM ${NODE_IMAGE} AS production-dependencies',
      'FROM ${NODE_IMAGE} AS runtime',
    ]);
    // The engines the package declares admit the image's Node.
    expect(JSON.parse(readRepoFile('package.json')).engines.node).toContain(`^${image?.[2]}.`);
  });

  it('selects the app with APP and runs as a non-root user', () => {
    expect(instructions).toEqual(expect.arrayContaining(['ARG APP', 'ENV APP=${APP}']));
    expect(last('USER')).toMatch(/^USER (?!root\b|0\b)\S+/);
  });

  it('starts dist/apps/$APP/src/main.js', () => {
    expect(last('CMD')).toContain('dist/apps/$APP/src/main.js');
  });

  it('ships the OpenAPI document the gateway reads at run time', () => {
    expect(instructions).toEqual(
      expect.arrayContaining([expect.stringMatching(/^COPY .*docs\/openapi\.json/)]),
    );
  });

  it('keeps local build output and dependencies out of the build context', () => {
    expect(readRepoFile('.dockerignore').split('\n')).toEqual(
      expect.arrayContaining(['node_modules', 'dist', '.git']),
    );
  });
});
