import type { components } from '@console/api/openapi';

export type NewFeeRule = components['schemas']['CreateFeeRuleDto'];

/** The form's fields, all text as inputs give them. */
export interface FeeRuleForm {
  transactionType: NewFeeRule['transactionType'];
  feeType: NewFeeRule['feeType'];
  /** Cents of USD. */
  fixedFee: string;
  /** A decimal rate: 0.005 is 0.5%. */
  variableFeeRate: string;
}

/**
 * The request body for the form: only the parts the fee type charges (FIXED a fixed fee, PERCENTAGE
 * a rate, HYBRID both), as numbers, enabled from the start; the API judges their ranges and answers the same errors to
 * every client.
 */
export function feeRuleBody(form: FeeRuleForm): NewFeeRule {
  const fixed = form.feeType !== 'PERCENTAGE';
  const variable = form.feeType !== 'FIXED';
  return {
    transactionType: form.transactionType,
    feeType: form.feeType,
    enabled: true,
    ...(fixed ? { fixedFee: Number(form.fixedFee) } : {}),
    ...(variable ? { variableFeeRate: Number(form.variableFeeRate) } : {}),
  };
}
