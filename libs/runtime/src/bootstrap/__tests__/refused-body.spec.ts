import { Body, Controller, Module, Post } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { once } from 'node:events';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { request } from 'undici';
import { CommonEnvironment } from '../../config/environment';
import { RuntimeModule } from '../../runtime.module';
import { createHttpApp, JSON_BODY_LIMIT_BYTES } from '../http-app';

@Controller()
class EchoController {
  @Post('echo')
  echo(@Body() body: unknown): unknown {
    return body;
  }
}

@Module({
  imports: [RuntimeModule.forRoot({ app: 'refused-body', environment: CommonEnvironment })],
  controllers: [EchoController],
})
class EchoModule {}

const CHUNK = Buffer.alloc(64 * 1024, 'x');

/** `chunks` of 64 KB, a little apart: still being written well after a refusal is answered. */
async function* slowBody(chunks: number): AsyncGenerator<Buffer> {
  for (let sent = 0; sent < chunks; sent += 1) {
    yield CHUNK;
    await delay(2);
  }
}

describe('a body over the limit', () => {
  let app: NestFastifyApplication;
  let url: string;

  beforeAll(async () => {
    app = await createHttpApp(EchoModule, { publicEdge: true });
    await app.listen(0, '127.0.0.1');
    url = `${await app.getUrl()}/echo`;
  });

  afterAll(() => app.close());

  it('is answered 413 in the error envelope to a client still writing it, on a connection kept open', async () => {
    const chunks = (2 * JSON_BODY_LIMIT_BYTES) / CHUNK.length;
    const refused = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(chunks * CHUNK.length) },
      body: Readable.from(slowBody(chunks)),
    });

    expect(refused.statusCode).toBe(413);
    expect(await refused.body.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(refused.headers.connection).not.toBe('close');
    const next = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(await next.body.json()).toEqual({ a: 1 });
  });

  it('is cut off once the client has sent 16 MB more, so that it cannot hold the socket', async () => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    socket.on('error', () => undefined);
    await once(socket, 'connect');
    socket.write(
      `POST /echo HTTP/1.1\r\nhost: ${hostname}\r\ncontent-type: application/json\r\ncontent-length: ${2 ** 40}\r\n\r\n`,
    );
    let written = 0;
    while (!socket.destroyed && written < 256 * 1024 * 1024) {
      // A reset ends the wait as the drain does, the error it raises being what is expected.
      if (!socket.write(CHUNK))
        await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve));
      written += CHUNK.length;
    }

    expect(socket.destroyed).toBe(true);
    expect(written).toBeGreaterThan(16 * 1024 * 1024);
    expect(written).toBeLessThan(64 * 1024 * 1024);
  });
});
