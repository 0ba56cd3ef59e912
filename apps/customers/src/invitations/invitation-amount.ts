import { ApiException } from '@payments/http';
import { CurrencyConfig } from '@customers/platforms/platform-config.entity';
import { CreateInvitationDto } from '@customers/invitations/dto/create-invitation.dto';

export interface StoredAmount {
  amountToSend: string | null;
  currency: string | null;
}

const NO_AMOUNT: StoredAmount = { amountToSend: null, currency: null };

/**
 * The amount an invitation promises, in one of the platform's currencies (the first one unless the
 * request names another) and within that currency's limits, as a payment of it would have to be.
 */
export function amountToSendOf(
  supportedCurrencies: readonly CurrencyConfig[],
  { amountToSend, amountToSendCurrency }: Pick<CreateInvitationDto, 'amountToSend' | 'amountToSendCurrency'>,
): StoredAmount {
  if (amountToSend === undefined) {
    if (amountToSendCurrency === undefined) return NO_AMOUNT;
    throw new ApiException('INVALID_INPUT', 'amountToSendCurrency needs amountToSend', {
      errors: [{ field: 'amountToSend', message: 'is required with amountToSendCurrency' }],
    });
  }
  const config = amountToSendCurrency
    ? supportedCurrencies.find((currency) => currency.currencyCode === amountToSendCurrency)
    : supportedCurrencies[0];
  if (!config) {
    throw new ApiException(
      'INVALID_CURRENCY',
      `${amountToSendCurrency ?? 'A currency'} is not among the platform's supportedCurrencies`,
    );
  }
  if (amountToSend < config.minAmount || amountToSend > config.maxAmount) {
    throw new ApiException(
      'AMOUNT_OUT_OF_RANGE',
      `amountToSend must be between ${config.minAmount} and ${config.maxAmount} ${config.currencyCode} minor units`,
      { minAmount: config.minAmount, maxAmount: config.maxAmount },
    );
  }
  return { amountToSend: String(amountToSend), currency: config.currencyCode };
}
