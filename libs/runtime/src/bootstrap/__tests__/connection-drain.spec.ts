import { Controller, Get, Module } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { setTimeout as delay } from 'node:timers/promises';
import { Client } from 'undici';
import { CommonEnvironment } from '../../config/environment';
import { RuntimeModule } from '../../runtime.module';
import { DRAIN_MAX_MS } from '../drain-connections';
import { createHttpApp } from '../http-app';

@Controller()
class PingController {
  @Get('ping')
  ping(): { pong: true } {
    return { pong: true };
  }
}

@Module({
  imports: [RuntimeModule.forRoot({ app: 'connection-drain', environment: CommonEnvironment })],
  controllers: [PingController],
})
class PingModule {}

/**
 * A caller holding a pooled keep-alive connection to a replica that has begun to stop (a rolling
 * update): its next request must be served, with the connection closed after it, not refused with
 * Fastify's bare 503 ("outcome unknown" to the caller).
 */
describe('a shutdown with a caller’s connection open', () => {
  let app: NestFastifyApplication;
  let caller: Client;

  beforeEach(async () => {
    app = await createHttpApp(PingModule, { publicEdge: true });
    await app.listen(0, '127.0.0.1');
    caller = new Client(await app.getUrl(), { keepAliveTimeout: 60_000 });
    const first = await caller.request({ method: 'GET', path: '/ping' });
    await first.body.text();
    expect(first.headers.connection).not.toBe('close');
  });

  afterEach(() => caller.close());

  it('serves the next request on it and asks the caller to close it', async () => {
    const closed = app.close();
    await delay(100);

    const during = await caller.request({ method: 'GET', path: '/ping' });

    expect(during.statusCode).toBe(200);
    expect(await during.body.json()).toEqual({ pong: true });
    expect(during.headers.connection).toBe('close');
    await closed;
  });

  it('closes as soon as the caller has let go, well before the drain’s limit', async () => {
    const startedAt = Date.now();
    const closed = app.close();
    await delay(100);
    await (await caller.request({ method: 'GET', path: '/ping' })).body.text();

    await closed;

    expect(Date.now() - startedAt).toBeLessThan(DRAIN_MAX_MS);
  });

  it('closes a connection nobody uses once the drain’s limit has passed', async () => {
    const startedAt = Date.now();

    await app.close();

    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(DRAIN_MAX_MS - 50);
    expect(Date.now() - startedAt).toBeLessThan(DRAIN_MAX_MS + 2_000);
  });
});
