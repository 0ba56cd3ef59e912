import { bankAccountErrors } from '@customers/external-accounts/account-info';
import { VALID_ACCOUNTS } from '@customers/external-accounts/__tests__/account-fixtures';

/** The example IBAN each country publishes in the SWIFT IBAN registry. */
const REGISTRY_EXAMPLES = [
  'AD1200012030200359100100',
  'AE070331234567890123456',
  'AL47212110090000000235698741',
  'AT611904300234573201',
  'AZ21NABZ00000000137010001944',
  'BA391290079401028494',
  'BE68539007547034',
  'BG80BNBG96611020345678',
  'BH67BMAG00001299123456',
  'BR1800360305000010009795493C1',
  'CH9300762011623852957',
  'CR05015202001026284066',
  'CY17002001280000001200527600',
  'CZ6508000000192000145399',
  'DE89370400440532013000',
  'DK5000400440116243',
  'DO28BAGR00000001212453611324',
  'EE382200221020145685',
  'ES9121000418450200051332',
  'FI2112345600000785',
  'FO6264600001631634',
  'FR1420041010050500013M02606',
  'GB29NWBK60161331926819',
  'GE29NB0000000101904917',
  'GI75NWBK000000007099453',
  'GL8964710001000206',
  'GR1601101250000000012300695',
  'GT82TRAJ01020000001210029690',
  'HR1210010051863000160',
  'HU42117730161111101800000000',
  'IE29AIBK93115212345678',
  'IL620108000000099999999',
  'IS140159260076545510730339',
  'IT60X0542811101000000123456',
  'JO94CBJO0010000000000131000302',
  'KW81CBKU0000000000001234560101',
  'KZ86125KZT5004100100',
  'LB62099900000001001901229114',
  'LI21088100002324013AA',
  'LT121000011101001000',
  'LU280019400644750000',
  'LV80BANK0000435195001',
  'MC5811222000010123456789030',
  'MD24AG000225100013104168',
  'ME25505000012345678951',
  'MK07250120000058984',
  'MR1300020001010000123456753',
  'MT84MALT011000012345MTLCAST001S',
  'MU17BOMM0101101030300200000MUR',
  'NL91ABNA0417164300',
  'NO9386011117947',
  'PK36SCBL0000001123456702',
  'PL61109010140000071219812874',
  'PS92PALS000000000400123456702',
  'PT50000201231234567890154',
  'QA58DOHB00001234567890ABCDEFG',
  'RO49AAAA1B31007593840000',
  'RS35260005601001611379',
  'SA0380000000608010167519',
  'SE4550000000058398257466',
  'SI56263300012039086',
  'SK3112000000198742637541',
  'SM86U0322509800000000270100',
  'TN5910006035183598478831',
  'TR330006100519786457841326',
  'VG96VPVG0000012345678901',
  'XK051212012345678906',
  'UA213223130000026007233566001',
];

function ibanAccount(changes: { iban?: string; swiftBic?: string }) {
  return { ...VALID_ACCOUNTS.IBAN.accountInfo, ...changes };
}

/** The IBAN with its last digit after the check digits changed, which mod 97 always detects. */
function withOneDigitChanged(iban: string): string {
  const index = iban.search(/\d\D*$/);
  return iban.slice(0, index) + ((Number(iban[index]) + 1) % 10) + iban.slice(index + 1);
}

describe('IBAN checks', () => {
  it.each(REGISTRY_EXAMPLES)('accepts the registry example %s', (iban) => {
    expect(bankAccountErrors(ibanAccount({ iban }))).toEqual([]);
  });

  it.each(REGISTRY_EXAMPLES.map(withOneDigitChanged))(
    'refuses %s, a registry example with one digit changed',
    (iban) => {
      expect(bankAccountErrors(ibanAccount({ iban }))).toEqual([
        { field: 'accountInfo.iban', message: expect.stringContaining('IBAN') },
      ]);
    },
  );

  it.each([
    ['a valid checksum at the wrong length for Germany', 'DE543704004405320130001'],
    ['a valid checksum at the wrong length for Qatar', 'QA85DOHB00001234567890ABCDEF'],
    ['a country that does not exist', 'XX57123456789012345'],
    ['too short', 'DE8937040044'],
    ['letters for check digits', 'DEAB370400440532013000'],
  ])('refuses %s', (_case, iban) => {
    expect(bankAccountErrors(ibanAccount({ iban }))).toHaveLength(1);
  });
});

describe('BIC checks', () => {
  it.each(['DEUTDEFF', 'DEUTDEFF500', 'BOFAUS3N', 'NWBKGB2L', 'BNPAFRPPXXX'])('accepts %s', (swiftBic) => {
    expect(bankAccountErrors(ibanAccount({ swiftBic }))).toEqual([]);
  });

  it.each([
    ['7 characters', 'DEUTDEF'],
    ['10 characters', 'DEUTDEFF50'],
    ['a country that does not exist', 'DEUTXXFF'],
    ['a digit in the bank code', '1EUTDEFF'],
  ])('refuses %s', (_case, swiftBic) => {
    expect(bankAccountErrors(ibanAccount({ swiftBic }))).toEqual([
      { field: 'accountInfo.swiftBic', message: 'must be an 8 or 11 character SWIFT/BIC code' },
    ]);
  });
});
