import { isSandboxUmaAddress, sandboxSenderInformation } from '@transfers/incoming/sandbox-sender';

const DOMAIN = 'sandbox.grid.uma.money';

describe('sandbox UMA sender', () => {
  it('accepts UMA addresses at the sandbox domain only, whatever their case', () => {
    expect(isSandboxUmaAddress('$sam@sandbox.grid.uma.money', DOMAIN)).toBe(true);
    expect(isSandboxUmaAddress('$Sam.Smith@SANDBOX.grid.uma.money', DOMAIN)).toBe(true);
    for (const address of [
      'sam@sandbox.grid.uma.money',
      '$sam@example.com',
      '$@sandbox.grid.uma.money',
      '$sam@sandbox.grid.uma.money.evil',
    ]) {
      expect(isSandboxUmaAddress(address, DOMAIN)).toBe(false);
    }
  });

  it('tells its full name always, and every field the platform requires of counterparties', () => {
    expect(sandboxSenderInformation([])).toEqual({ FULL_NAME: 'Sam Sender' });
    expect(Object.keys(sandboxSenderInformation(['BIRTH_DATE', 'NATIONALITY', 'ADDRESS']))).toEqual([
      'FULL_NAME',
      'BIRTH_DATE',
      'NATIONALITY',
      'ADDRESS',
    ]);
  });
});
