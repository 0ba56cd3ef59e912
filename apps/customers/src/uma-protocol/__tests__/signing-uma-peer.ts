import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { userInfoOf } from '@customers/uma-protocol/uma-payer-data';
import { publicKeyHex } from '@customers/uma-protocol/__tests__/hostile-uma-peer';
import { asPeer } from '@customers/uma-protocol/__tests__/uma-kit';

/**
 * A sending VASP outside the deployment, on loopback: it publishes its keys at
 * /.well-known/lnurlpubkey and signs pay requests with them, as a real peer would.
 */
export class SigningUmaPeer {
  private readonly key = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  private readonly server: Server = createServer((request, response) => {
    if (request.url !== '/.well-known/lnurlpubkey') return void response.writeHead(404).end();
    const publicKey = publicKeyHex(this.key.privateKey);
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ signingPubKey: publicKey, encryptionPubKey: publicKey }));
  });

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

  /** A pay request of `amount` cents of USD from `$sam` at this peer, signed, as JSON. */
  async signedPayRequest(gatewayUrl: string, receiverDomain: string, amount: number): Promise<unknown> {
    const keys = await asPeer(gatewayUrl, receiverDomain, '/.well-known/lnurlpubkey');
    const input = {
      receiverKeys: keys.body,
      privateKeyHex: Buffer.from(this.key.privateKey.export({ format: 'jwk' }).d!, 'base64url').toString(
        'hex',
      ),
      amount,
      payerIdentifier: `$sam@${this.domain}`,
      payerData: userInfoOf({ FULL_NAME: 'Sam Sender', BIRTH_DATE: '1980-01-01' }),
    };
    // The SDK hashes through a dynamic import, which Jest's module sandbox cannot run: the peer signs
    // in a Node process of its own, as a real peer would anyway.
    return JSON.parse(
      execFileSync(process.execPath, ['-e', SIGN_PAY_REQUEST], { input: JSON.stringify(input) }).toString(),
    );
  }
}

const SIGN_PAY_REQUEST = `
const { getPayRequest, KycStatus, PubKeyResponse } = require('@uma-sdk/core');
const input = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
getPayRequest({
  receiverEncryptionPubKey: PubKeyResponse.fromJson(JSON.stringify(input.receiverKeys)).getEncryptionPubKey(),
  sendingVaspPrivateKey: Buffer.from(input.privateKeyHex, 'hex'),
  receivingCurrencyCode: 'USD',
  amount: input.amount,
  isAmountInReceivingCurrency: true,
  payerIdentifier: input.payerIdentifier,
  payerKycStatus: KycStatus.Verified,
  payerData: input.payerData,
  umaMajorVersion: 1,
}).then((request) => process.stdout.write(request.toJsonString()));
`;
