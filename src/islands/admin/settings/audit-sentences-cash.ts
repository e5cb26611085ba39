/**
 * The audit log's sentences for cash: receipts recorded, the register read, threshold
 * transaction reports recorded, old receipts deleted, and the practice's cash policy
 * (decision 047). Spread into AUDIT_ACTIONS (audit-sentences.ts). Ids only: the amount and
 * the payer are the register's, which principals alone read.
 */
import type { Describe } from './audit-sentences.ts';

export const CASH_ACTIONS: Record<string, { family: string; label: string; describe: Describe }> = {
  'cash.record': {
    family: 'cash',
    label: 'Recorded a cash receipt',
    describe: () => ({ text: 'Recorded cash received in the cash register' }),
  },
  'cash.read': {
    family: 'cash',
    label: 'Read the cash register',
    describe: () => ({ text: 'Read the cash register' }),
  },
  'cash.report': {
    family: 'cash',
    label: 'Recorded a threshold transaction report',
    describe: () => ({ text: 'Recorded the threshold transaction report of a cash receipt to AUSTRAC' }),
  },
  'cash.retention': {
    family: 'cash',
    label: 'Deleted old cash receipts (retention)',
    describe: (target) => ({ text: `Deleted ${target} past their keeping period` }),
  },
  'settings.cash.none': {
    family: 'settings',
    label: 'Stopped accepting cash',
    describe: () => ({ text: 'Set the practice to accept no cash' }),
  },
  'settings.cash.accepted': {
    family: 'settings',
    label: 'Started accepting cash',
    describe: () => ({ text: 'Set the practice to accept cash (and report $10,000 or more)' }),
  },
};
