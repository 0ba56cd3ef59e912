// `node scripts/webhook-receiver.mjs [--port 4555] [--approve JSON]`: a local webhook endpoint that
// verifies each delivery as docs/api.md#webhook-signatures asks (ECDSA P-256 over the exact body
// with the platform's key from GET /config, either header, sentAt within 5 minutes) and prints one
// line per webhook. It reads the platform's key with the credentials in API and AUTH (the README's
// tour exports both). An approval request (INCOMING_PAYMENT, PENDING) is answered 202, "decide
// later by the API", unless --approve gives the receiverCustomerInfo to approve it with at once.
import { verify } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const USAGE =
  'usage: API=… AUTH=clientId:clientSecret node scripts/webhook-receiver.mjs [--port 4555] [--approve JSON]';
const MAX_SKEW_MS = 5 * 60_000;
/** Webhooks are small; a larger body is refused unread. */
const MAX_BODY_BYTES = 1024 * 1024;
/** Forged deliveries must not make the receiver call the API at their pace. */
const KEY_REFRESH_INTERVAL_MS = 10_000;

/** The platform's current and next webhook keys, as GET /config shows them to these credentials. */
async function webhookKeys(api, auth) {
  const response = await fetch(`${api}/config`, {
    headers: { authorization: `Basic ${Buffer.from(auth).toString('base64')}` },
  });
  /** @type {{ message?: string, webhookPublicKey?: string, webhookNextPublicKey?: string }} */
  const config = /** @type {any} */ (await response.json());
  if (!response.ok) throw new Error(`GET /config answered ${response.status}: ${config.message ?? ''}`);
  return [config.webhookPublicKey, config.webhookNextPublicKey].filter(Boolean);
}

/** Whether either signature header verifies the raw body with any of `keys`. */
function signatureVerifies(rawBody, headers, keys) {
  const signatures = [headers['x-grid-signature'], headers['x-grid-signature-next']].filter(Boolean);
  return signatures.some((signature) =>
    keys.some((key) => {
      try {
        return verify('sha256', rawBody, key, Buffer.from(signature, 'base64'));
      } catch {
        return false;
      }
    }),
  );
}

/** The LEGACY types whose resource's status tells what happened. */
const STATUS_TYPES = new Set(['INCOMING_PAYMENT', 'OUTGOING_PAYMENT', 'BULK_UPLOAD', 'KYC_STATUS']);

/** The resource a webhook is about, in either format (docs/api.md#webhook-formats). */
function resourceOf(webhook) {
  if (webhook.data !== undefined) return webhook.data;
  if (webhook.type === 'KYC_STATUS') return { id: webhook.customerId, status: webhook.kycStatus };
  if (webhook.type === 'ACCOUNT_STATUS') return { id: webhook.accountId };
  return webhook.transaction ?? webhook.bulkCustomerImportJob ?? webhook.invitation ?? {};
}

/** One line about a verified webhook: its type and status, the resource's id, the webhook's id. */
function summaryOf(webhook) {
  const resource = resourceOf(webhook);
  // An ENVELOPE type already ends in the event (OUTGOING_PAYMENT.COMPLETED), as INVITATION_CLAIMED does.
  const withStatus = webhook.data === undefined && STATUS_TYPES.has(webhook.type) && resource.status;
  const status = withStatus ? `.${resource.status}` : '';
  const id = resource.id ?? resource.jobId ?? resource.code ?? resource.invitationCode;
  return [`${webhook.type}${status}`, id, `(${webhook.webhookId ?? webhook.id}, ${webhook.environment})`]
    .filter(Boolean)
    .join(' ');
}

/** How the receiver answers a verified webhook. */
function answerTo(webhook, approval) {
  // Only an approval request carries the fields the sender asks for; a deposit's PENDING does not.
  const requested =
    webhook.requestedReceiverCustomerInfoFields ?? webhook.data?.requestedReceiverCustomerInfoFields;
  if (requested === undefined) return { status: 200, body: { received: true } };
  return approval
    ? { status: 200, body: { receiverCustomerInfo: approval }, note: 'approved with --approve' }
    : { status: 202, body: {}, note: 'decide by POST /transactions/{id}/approve or /reject' };
}

// Each line starts on a line of its own: the shell's last output (a curl answer) may lack a newline.
const logLine = (line) => console.log(`\nwebhook receiver: ${line}`);

function startReceiver({ port, api, auth, approval, log = logLine }) {
  let keys = [];
  let refreshedAt = 0;
  const refreshKeys = async () => {
    refreshedAt = Date.now();
    keys = await webhookKeys(api, auth);
  };
  const server = createServer((request, response) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', async () => {
      if (size > MAX_BODY_BYTES) return response.writeHead(413).end();
      if (request.method === 'GET') return response.writeHead(200).end('ready');
      const send = ({ status, body }) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const rawBody = Buffer.concat(chunks);
      // A key rotated since the last delivery: read the keys again (at most every 10 s) before
      // refusing. The key is the platform's for one environment, so a verified delivery is also
      // one for the environment these credentials serve.
      const stale = Date.now() - refreshedAt > KEY_REFRESH_INTERVAL_MS;
      if (!signatureVerifies(rawBody, request.headers, keys) && stale)
        await refreshKeys().catch(() => undefined);
      if (!signatureVerifies(rawBody, request.headers, keys)) {
        log(`refused: the signature does not verify with the platform's webhook key`);
        return send({ status: 401, body: { message: 'signature does not verify' } });
      }
      const webhook = JSON.parse(rawBody.toString('utf8'));
      if (Math.abs(Date.now() - Date.parse(webhook.sentAt)) > MAX_SKEW_MS) {
        log(`refused: sentAt ${webhook.sentAt} is more than 5 minutes from this clock (a replay?)`);
        return send({ status: 400, body: { message: 'stale sentAt' } });
      }
      const answer = answerTo(webhook, approval);
      log(`verified ${summaryOf(webhook)} → ${answer.status}${answer.note ? ` (${answer.note})` : ''}`);
      send(answer);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    refreshKeys()
      .then(() => server.listen(port, '127.0.0.1', () => resolve(server)))
      .catch(reject);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '4555' }, approve: { type: 'string' } },
  });
  const { API: api, AUTH: auth } = process.env;
  if (!api || !auth) {
    console.error(USAGE);
    process.exit(2);
  }
  try {
    const approval = values.approve === undefined ? undefined : JSON.parse(values.approve);
    await startReceiver({ port: Number(values.port), api, auth, approval });
    console.log(
      `webhook receiver on http://127.0.0.1:${values.port}/webhooks, verifying with the key of GET ${api}/config`,
    );
  } catch (error) {
    console.error(`webhook receiver failed to start: ${error.message}`);
    process.exit(1);
  }
}
