import { Test } from '@nestjs/testing';
import { TerminusModule } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { HealthController, ReadinessRegistry } from '../readiness';

interface Answer {
  status: number;
  body: { status: string; info?: object; error?: object };
}

describe('HealthController', () => {
  let controller: HealthController;
  let registry: ReadinessRegistry;

  beforeEach(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [TerminusModule.forRoot({ logger: false })],
      controllers: [HealthController],
      providers: [ReadinessRegistry],
    }).compile();
    controller = moduleRef.get(HealthController);
    registry = moduleRef.get(ReadinessRegistry);
  });

  afterEach(() => jest.useRealTimers());

  function readiness(): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const answer = { status: 0 } as Answer;
      const reply = {
        status(code: number) {
          answer.status = code;
          return this;
        },
        send(body: Answer['body']) {
          resolve({ ...answer, body });
          return this;
        },
      };
      controller.ready(reply as unknown as FastifyReply).catch(reject);
    });
  }

  it('is live without asking any dependency', () => {
    registry.register('database', () => Promise.reject(new Error('down')));

    expect(controller.live()).toEqual({ status: 'ok' });
  });

  it('is ready when every registered dependency answers', async () => {
    registry.register('database', async () => 'pong');
    registry.register('redis', async () => 'PONG');

    const { status, body } = await readiness();

    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'ok',
      info: { database: { status: 'up' }, redis: { status: 'up' } },
    });
  });

  it('stays ready while a reported dependency is down, and shows it', async () => {
    registry.register('database', async () => 'pong');
    registry.report('kafka', () => Promise.reject(new Error('Connection error: ECONNREFUSED')));

    const { status, body } = await readiness();

    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'ok',
      info: { database: { status: 'up' } },
      reported: { kafka: { status: 'down', message: 'Connection error: ECONNREFUSED' } },
    });
  });

  it('shows reported dependencies beside a failing required one', async () => {
    registry.register('database', () => Promise.reject(new Error('too many clients')));
    registry.report('kafka', async () => ({ brokers: 1 }));

    await expect(readiness()).resolves.toMatchObject({
      status: 503,
      body: { error: { database: { status: 'down' } }, reported: { kafka: { status: 'up' } } },
    });
  });

  it('answers 503 naming the dependency that failed, with its error', async () => {
    registry.register('database', async () => 'pong');
    registry.register('redis', () => Promise.reject(new Error('ECONNREFUSED 127.0.0.1:6379')));

    const { status, body } = await readiness();

    expect(status).toBe(503);
    expect(body).toMatchObject({
      status: 'error',
      info: { database: { status: 'up' } },
      error: { redis: { status: 'down', message: 'ECONNREFUSED 127.0.0.1:6379' } },
    });
  });

  it('counts a dependency that does not answer within two seconds as down', async () => {
    jest.useFakeTimers();
    registry.register('redis', () => new Promise(() => undefined));

    const answer = readiness();
    await jest.advanceTimersByTimeAsync(2_000);

    await expect(answer).resolves.toMatchObject({
      status: 503,
      body: { error: { redis: { status: 'down', message: 'no answer within 2000 ms' } } },
    });
  });

  it('answers 503 from the start of a shutdown, whatever its dependencies say', async () => {
    registry.register('database', async () => 'pong');

    registry.onModuleDestroy();

    await expect(readiness()).resolves.toEqual({
      status: 503,
      body: { status: 'error', error: { shutdown: { status: 'down', message: 'shutting down' } } },
    });
    expect(controller.live()).toEqual({ status: 'ok' });
  });

  it('keeps one probe per name, the last registered', async () => {
    registry.register('database', () => Promise.reject(new Error('old pool')));
    registry.register('database', async () => 'pong');

    await expect(readiness()).resolves.toMatchObject({ status: 200 });
    expect(registry.entries().map(([name]) => name)).toEqual(['database']);
  });
});
