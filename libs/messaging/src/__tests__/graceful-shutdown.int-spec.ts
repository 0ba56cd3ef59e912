import { BeforeApplicationShutdown, Controller, Get } from '@nestjs/common';
import { eventually, TestSandbox } from './messaging-sandbox';

jest.setTimeout(30_000);

/** A gate a test opens when it chooses. */
function gate(): { opened: Promise<void>; open(): void } {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const slowAnswers: (() => void)[] = [];
let draining = gate();

/** A slow endpoint, and a worker whose drain the test holds open (as a webhook attempt would). */
@Controller()
class SlowController implements BeforeApplicationShutdown {
  @Get('slow')
  async slow(): Promise<{ done: true }> {
    const answer = gate();
    slowAnswers.push(answer.open);
    await answer.opened;
    return { done: true };
  }

  beforeApplicationShutdown(): Promise<void> {
    return draining.opened;
  }
}

describe('Graceful shutdown', () => {
  let sandbox: TestSandbox;

  beforeEach(async () => {
    sandbox = await TestSandbox.create();
    slowAnswers.length = 0;
    draining = gate();
  });

  afterEach(async () => {
    draining.open();
    await sandbox?.dispose();
  });

  it('answers /ready with 503 from the start, and finishes the requests in flight', async () => {
    const app = await sandbox.startService({ controllers: [SlowController] });
    await app.listen(0, '127.0.0.1');
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    expect((await fetch(`${url}/ready`)).status).toBe(200);
    const first = fetch(`${url}/slow`);
    await eventually(async () => (slowAnswers.length === 1 ? true : undefined));

    const stopping = sandbox.stopService(app);
    await eventually(async () => ((await fetch(`${url}/ready`)).status === 503 ? true : undefined), {
      timeoutMs: 2_000,
    });
    const second = fetch(`${url}/slow`);
    await eventually(async () => (slowAnswers.length === 2 ? true : undefined));
    // The workers have drained; the HTTP server closes, waiting for the requests it has.
    draining.open();
    await new Promise((resolve) => setTimeout(resolve, 200));
    slowAnswers.forEach((answer) => answer());

    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    await stopping;
  });
});
