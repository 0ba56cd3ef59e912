import {
  bootstrapPlatform,
  e2eStack,
  eventually,
  retargeted,
  shellBlocks,
  withExpectedStatuses,
} from '@payments/testing';
import { execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const REPO_ROOT = join(__dirname, '..', '..');
/** The files whose shell examples must run as written; docs/api.md has none yet, and any it gains runs. */
const DOCUMENTS = ['README.md', 'docs/api.md'];
const LOCAL_GATEWAY = 'http://127.0.0.1:8080';
/** The ports the README's webhook receivers listen on, moved to free ones. */
const RECEIVER_PORTS = ['4555', '4556'];

function freePort(): Promise<string> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(String(port)));
    });
  });
}

/** Runs the script in bash as a person pasting it would, and answers its exit code and output. */
function runInBash(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const bash = spawn('bash', ['-c', script], { cwd: REPO_ROOT, env });
    let output = '';
    bash.stdout.on('data', (chunk) => (output += chunk));
    bash.stderr.on('data', (chunk) => (output += chunk));
    bash.on('close', (code) => resolve({ code, output }));
  });
}

describe('the docs’ shell examples, run as written against the stack', () => {
  const stack = e2eStack();

  it('runs the README’s tour and examples to the end, every call answered as the text expects', async () => {
    const blocks = DOCUMENTS.flatMap((document) =>
      shellBlocks(readFileSync(join(REPO_ROOT, document), 'utf8')).map(
        (block) => `# ${document}, line ${block.line}\n${block.text}`,
      ),
    );
    expect(blocks.length).toBeGreaterThan(0);
    const ports = await Promise.all(RECEIVER_PORTS.map(freePort));
    const script = retargeted(withExpectedStatuses(blocks.join('\n\n')), {
      [LOCAL_GATEWAY]: stack.gatewayUrl,
      ...Object.fromEntries(RECEIVER_PORTS.map((port, index) => [port, ports[index]])),
    });
    const { code, output } = await runInBash(
      // A failed step stops the run, and the receivers it started stop with it.
      `set -euo pipefail\ntrap 'kill $(jobs -p) 2>/dev/null || true' EXIT\n${script}`,
      {
        ...process.env,
        ...stack.environment,
        DATABASE_URL: stack.databaseUrl,
        KAFKA_BROKERS: stack.kafkaBrokers.join(','),
        KAFKA_TOPIC_PREFIX: stack.topicPrefix,
        REDIS_URL: stack.redisUrl,
        PATH: `${join(__dirname, 'bin')}:${process.env.PATH}`,
        REAL_CURL: execFileSync('bash', ['-c', 'command -v curl'], { encoding: 'utf8' }).trim(),
      },
    );

    // On a failure the diff shows the run's last lines: the step that failed and its answer.
    expect({ exitCode: code, end: code === 0 ? '' : output.slice(-4_000) }).toEqual({ exitCode: 0, end: '' });
    // The webhooks the tour shows arriving, each verified with its platform's key.
    expect(output).toMatch(/webhook receiver: verified TEST /);
    expect(output).toMatch(/webhook receiver: verified OUTGOING_PAYMENT\.COMPLETED Transaction:/);
    expect(output).toMatch(
      /webhook receiver: verified INCOMING_PAYMENT\.PENDING Transaction:\S+ .*→ 200 \(approved/,
    );
    expect(output).toMatch(/webhook receiver: verified INCOMING_PAYMENT\.COMPLETED Transaction:/);
    expect(output).toMatch(/webhook receiver: verified BULK_UPLOAD\.COMPLETED Job:/);
    expect(output).toMatch(/webhook receiver: verified INVITATION_CLAIMED /);
    expect(output).not.toMatch(/webhook receiver: refused/);
    expect(output).toContain('ledger check passed');
  }, 240_000);

  it('ships a webhook receiver that refuses a delivery its platform did not sign, and an oversized one', async () => {
    const { sandbox } = bootstrapPlatform();
    const port = await freePort();
    const receiver = spawn(process.execPath, ['scripts/webhook-receiver.mjs', '--port', port], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        API: `${stack.gatewayUrl}/2025-10-13`,
        AUTH: `${sandbox.clientId}:${sandbox.clientSecret}`,
      },
    });
    let output = '';
    receiver.stdout.on('data', (chunk) => (output += chunk));
    try {
      await eventually(async () => output.includes('webhook receiver on') || undefined);
      const body = JSON.stringify({ webhookId: 'Webhook:1', type: 'TEST', sentAt: new Date().toISOString() });
      const forger = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
      const deliver = (headers: Record<string, string>) =>
        fetch(`http://127.0.0.1:${port}/webhooks`, { method: 'POST', body, headers });

      const oversized = await fetch(`http://127.0.0.1:${port}/webhooks`, {
        method: 'POST',
        body: 'x'.repeat(2 * 1024 * 1024),
      });
      const forged = await deliver({
        'x-grid-signature': sign('sha256', Buffer.from(body), forger).toString('base64'),
      });
      const unsigned = await deliver({});

      expect([oversized.status, forged.status, unsigned.status]).toEqual([413, 401, 401]);
      expect(output).toContain("refused: the signature does not verify with the platform's webhook key");
      expect(output).not.toContain('verified');
    } finally {
      receiver.kill();
    }
  });
});
