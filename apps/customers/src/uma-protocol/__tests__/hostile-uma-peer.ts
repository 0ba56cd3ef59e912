import { generateKeyPairSync, KeyObject, sign } from 'node:crypto';
import { createServer, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * A UMA peer on loopback that misbehaves by receiver: `$oversized` answers 2 MiB, `$unsigned` a
 * lookup answer without its signed compliance part, `$forged` one signed with a key other than the one
 * it serves, `$redirect` a 302 to `redirectTo`, `$hang` never answers, `$honest` a correct signed
 * answer. With `servesKeys` false its /.well-known/lnurlpubkey answers 500.
 */
export class HostileUmaPeer {
  private readonly server: Server;
  private readonly key = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  private readonly otherKey = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });

  constructor(
    private readonly redirectTo: string,
    private readonly servesKeys = true,
  ) {
    this.server = createServer((request, response) => {
      if (request.url?.startsWith('/.well-known/lnurlp/$oversized')) return streamOversized(response);
      const answer = this.answer(request.url ?? '/', request.headers.host ?? '');
      if (!answer) return;
      response.writeHead(answer.status, answer.headers ?? { 'content-type': 'application/json' });
      response.end(answer.body);
    });
  }

  get domain(): string {
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  start(): Promise<void> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer(
    url: string,
    host: string,
  ): { status: number; body?: string; headers?: Record<string, string> } | undefined {
    if (url === '/.well-known/lnurlpubkey') {
      if (!this.servesKeys) return { status: 500, body: 'no keys here' };
      const publicKey = publicKeyHex(this.key.privateKey);
      return { status: 200, body: JSON.stringify({ signingPubKey: publicKey, encryptionPubKey: publicKey }) };
    }
    const user = /^\/\.well-known\/lnurlp\/\$([a-z]+)/.exec(url)?.[1];
    switch (user) {
      case 'redirect':
        return { status: 302, headers: { location: this.redirectTo } };
      case 'hang':
        return undefined;
      case 'unsigned':
      case 'forged':
      case 'honest':
        return { status: 200, body: this.lookupAnswer(host, user) };
      default:
        return { status: 404, body: '{}' };
    }
  }

  /**
   * A lookup answer as a UMA receiver writes it (UMAD-04), signed here with Node's crypto: the SDK's
   * signing imports modules dynamically, which Jest's module sandbox refuses.
   */
  private lookupAnswer(host: string, user: string): string {
    const receiverIdentifier = `$${user}@${host}`;
    const signatureNonce = String(Date.now());
    const signatureTimestamp = Math.floor(Date.now() / 1000);
    const key = user === 'forged' ? this.otherKey.privateKey : this.key.privateKey;
    const signature = sign(
      'sha256',
      Buffer.from(`${receiverIdentifier}|${signatureNonce}|${signatureTimestamp}`),
      {
        key,
        dsaEncoding: 'der',
      },
    ).toString('hex');
    return JSON.stringify({
      tag: 'payRequest',
      callback: `https://${host}/payreq/${user}`,
      minSendable: 1000,
      maxSendable: 1_000_000_000,
      metadata: '[]',
      umaVersion: '1.0',
      currencies: [],
      payerData: { identifier: { mandatory: true }, compliance: { mandatory: true } },
      ...(user === 'unsigned'
        ? {}
        : {
            compliance: {
              kycStatus: 'VERIFIED',
              signature,
              signatureNonce,
              signatureTimestamp,
              isSubjectToTravelRule: false,
              receiverIdentifier,
            },
          }),
    });
  }
}

/** 2 MiB in 64 KiB chunks, without a content-length: the reader has to count. */
function streamOversized(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  const chunk = 'x'.repeat(64 * 1024);
  for (let sent = 0; sent < 32; sent++) response.write(chunk);
  response.end();
}

export function publicKeyHex(privateKey: KeyObject): string {
  const jwk = privateKey.export({ format: 'jwk' });
  const hex = (base64url: string) => Buffer.from(base64url, 'base64url').toString('hex');
  return `04${hex(jwk.x!)}${hex(jwk.y!)}`;
}
