// The platforms' webhook endpoints: one local server, a path per platform. It records every delivery
// and answers as the current mode says: 200, 500, or nothing until the dispatcher has timed out.
import { createServer } from 'node:http';

export class FaultyWebhookReceiver {
  /** Every delivery received, 2xx-answered or not: { platform, at, webhookId, type, transactionId, status }. */
  deliveries = [];
  mode = 'ok';
  /** Set by start(). */
  server = /** @type {import('node:http').Server} */ (/** @type {unknown} */ (undefined));

  /** `hangMs`: how long a request is held in 'hang' mode (beyond the dispatcher's WEBHOOK_TIMEOUT_MS). */
  constructor({ hangMs }) {
    this.hangMs = hangMs;
  }

  async start() {
    this.server = createServer((request, response) => {
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => this.answer(request, Buffer.concat(chunks).toString('utf8'), response));
    });
    await /** @type {Promise<void>} */ (
      new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    );
    const { port } = /** @type {import('node:net').AddressInfo} */ (this.server.address());
    this.baseUrl = `http://127.0.0.1:${port}/webhooks`;
  }

  urlFor(platform) {
    return `${this.baseUrl}/${platform}`;
  }

  /** 'ok', 'fail' (500) or 'hang'. */
  setMode(mode) {
    this.mode = mode;
  }

  answer(request, rawBody, response) {
    const mode = this.mode;
    let body;
    try {
      body = JSON.parse(rawBody);
    } catch {
      body = {};
    }
    const delivery = {
      platform: request.url.split('/').pop(),
      at: Date.now(),
      webhookId: body.webhookId,
      type: body.type,
      transactionId: body.transaction?.id,
      status: body.transaction?.status,
      accepted: mode === 'ok',
    };
    this.deliveries.push(delivery);
    if (mode === 'ok') return response.writeHead(200).end();
    if (mode === 'fail') return response.writeHead(500).end('{"error":"receiver failing on purpose"}');
    setTimeout(() => response.destroyed || response.writeHead(200).end(), this.hangMs).unref();
  }

  /** Accepted (200) deliveries of one transaction, in the order they arrived. */
  acceptedFor(transactionId) {
    return this.deliveries.filter(
      (delivery) => delivery.accepted && delivery.transactionId === transactionId,
    );
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
