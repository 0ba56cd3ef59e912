import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { verify } from 'node:crypto';
import { eventually } from './eventually';

/** One request the receiver got, as the platform's endpoint would see it. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The body exactly as sent: what the signature covers. */
  rawBody: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  body: any;
  receivedAt: Date;
}

export interface WebhookAnswer {
  status: number;
  /** Sent as JSON unless it is a string. */
  body?: unknown;
  /** Waits this long before answering, e.g. to outlast the dispatcher's timeout. */
  delayMs?: number;
}

/** Decides the answer to each request; `index` counts the requests received so far, from 0. */
export type WebhookResponder = (
  request: ReceivedWebhook,
  index: number,
) => WebhookAnswer | Promise<WebhookAnswer>;

/**
 * A platform's webhook endpoint for tests and benchmarks: an HTTP server on 127.0.0.1 with a random
 * port that records every request and answers as its responder says (200 by default).
 */
export class WebhookReceiver {
  readonly requests: ReceivedWebhook[] = [];
  private responder: WebhookResponder = () => ({ status: 200 });
  private server?: Server;
  private address?: string;

  /** Starts listening and returns the URL to set as webhookEndpoint. */
  async start(path = '/webhooks'): Promise<string> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const received: ReceivedWebhook = {
          headers: request.headers,
          rawBody,
          body: parseJson(rawBody),
          receivedAt: new Date(),
        };
        const index = this.requests.push(received) - 1;
        void this.answer(received, index).then(({ status, text }) => {
          if (!response.destroyed)
            response.writeHead(status, { 'content-type': 'application/json' }).end(text);
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.address = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
    return this.address;
  }

  get url(): string {
    if (!this.address) throw new Error('WebhookReceiver is not started');
    return this.address;
  }

  /** Answers every later request as `responder` says. */
  respondWith(responder: WebhookResponder): void {
    this.responder = responder;
  }

  /** Answers the next `count` requests with `status`, and 200 after that. */
  failNext(count: number, status = 500): void {
    const first = this.requests.length;
    this.respondWith((_request, index) => ({ status: index < first + count ? status : 200 }));
  }

  /** The requests whose parsed body matches `predicate`, in the order received. */
  received(predicate: (body: any) => boolean): ReceivedWebhook[] {
    return this.requests.filter((request) => predicate(request.body));
  }

  /** Waits for the first request whose parsed body matches `predicate`. */
  waitFor(predicate: (body: any) => boolean, timeoutMs = 15_000): Promise<ReceivedWebhook> {
    return eventually(async () => this.requests.find((request) => predicate(request.body)), {
      timeoutMs,
      intervalMs: 10,
    });
  }

  /** A responder that throws answers 500, so a test's mistake shows up as a failed delivery. */
  private async answer(received: ReceivedWebhook, index: number): Promise<{ status: number; text: string }> {
    try {
      const { status, body, delayMs } = await this.responder(received, index);
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return {
        status,
        text: body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body),
      };
    } catch (error) {
      return { status: 500, text: JSON.stringify({ error: (error as Error).message }) };
    }
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * Checks X-Grid-Signature as a platform would: a base64 DER ECDSA P-256 signature of the SHA-256 of
 * the raw body, verified with the PEM public key from GET /config (webhookPublicKey).
 */
export function verifySignature(
  rawBody: string,
  signatureHeader: string | string[] | undefined,
  publicKeyPem: string,
): boolean {
  if (typeof signatureHeader !== 'string') return false;
  return verify(
    'sha256',
    Buffer.from(rawBody),
    { key: publicKeyPem, dsaEncoding: 'der' },
    Buffer.from(signatureHeader, 'base64'),
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
