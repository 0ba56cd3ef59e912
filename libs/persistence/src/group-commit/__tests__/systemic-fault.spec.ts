import { isSystemicFault } from '../systemic-fault';

describe('isSystemicFault', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ["undici's socket error", Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' })],
    ['Postgres shutting down', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['Postgres out of connections', Object.assign(new Error('too many clients'), { code: '53300' })],
    ["the pool's lost connection", new Error('Connection terminated unexpectedly')],
    ['a peer unavailable', Object.assign(new Error('upstream down'), { status: 503 })],
  ])('takes %s as systemic', (_name, error) => {
    expect(isSystemicFault(error)).toBe(true);
  });

  it.each([
    ['a byte Postgres cannot store', Object.assign(new Error('invalid byte sequence'), { code: '22021' })],
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a deadlock', Object.assign(new Error('deadlock detected'), { code: '40P01' })],
    ["a peer's refusal", Object.assign(new Error('invalid input'), { status: 400 })],
    ['a type error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a thrown string', 'oops'],
  ])('takes %s as the fault of an item', (_name, error) => {
    expect(isSystemicFault(error)).toBe(false);
  });
});
