import { retargeted, shellBlocks, withExpectedStatuses } from '../doc-blocks';

describe('the docs’ shell blocks', () => {
  const markdown = [
    '# Title',
    '```sh',
    'echo one',
    '```',
    '<!-- not doc-tested: it starts the stack -->',
    '```sh',
    'npm start',
    '```',
    '```json',
    '{"a": 1}',
    '```',
    '```sh',
    'echo two',
    'echo three',
    '```',
  ].join('\n');

  it('takes every sh block in order, with the line of its first command', () => {
    expect(shellBlocks(markdown)).toEqual([
      { line: 3, text: 'echo one' },
      { line: 13, text: 'echo two\necho three' },
    ]);
  });

  it('refuses a block that is never closed', () => {
    expect(() => shellBlocks('```sh\necho one\n')).toThrow('line 1 is never closed');
  });

  it('puts an expected status on the curl call of its line', () => {
    expect(withExpectedStatuses('X=$(curl -s $API/a | j .id)   # expect 424\ncurl -s $API/b')).toBe(
      'X=$(EXPECT_STATUS=424 curl -s $API/a | j .id)   # expect 424\ncurl -s $API/b',
    );
  });

  it('puts it on the call above when the call’s body spans lines', () => {
    expect(withExpectedStatuses('curl -s $API/a -d \'{\n  "x": 1}\'   # expect 409')).toBe(
      'EXPECT_STATUS=409 curl -s $API/a -d \'{\n  "x": 1}\'   # expect 409',
    );
  });

  it('refuses an expectation without a call', () => {
    expect(() => withExpectedStatuses('echo hi   # expect 404')).toThrow('follows no curl call');
  });

  it('points every occurrence of a URL or port elsewhere', () => {
    expect(
      retargeted('curl http://127.0.0.1:8080/x; receiver --port 4555; curl http://127.0.0.1:4555/', {
        'http://127.0.0.1:8080': 'http://127.0.0.1:18080',
        '4555': '31001',
      }),
    ).toBe('curl http://127.0.0.1:18080/x; receiver --port 31001; curl http://127.0.0.1:31001/');
  });
});
