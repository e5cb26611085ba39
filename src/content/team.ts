/**
 * The team section. PLACEHOLDER: roles only. Never invent people: replace
 * each entry with the real person's name, role and admission details once confirmed.
 */
import { LODGMENT_NETWORK } from './conveyancingLaw.ts';

export interface TeamMember {
  role: string;
  name: string;
  bio: string;
  principal?: boolean;
}

export const TEAM: readonly TeamMember[] = [
  {
    role: 'Principal Solicitor',
    name: 'Principal Solicitor (name to be confirmed)',
    bio: 'Leads every matter personally, from contract review to settlement, and supervises the conveyancing team.',
    principal: true,
  },
  {
    role: 'Senior Conveyancer',
    name: 'Senior Conveyancer (name to be confirmed)',
    bio: 'Manages residential and off-the-plan files and keeps clients updated at every milestone.',
  },
  {
    role: 'Settlement Coordinator',
    name: 'Settlement Coordinator (name to be confirmed)',
    bio: `Prepares settlement figures and coordinates with lenders through ${LODGMENT_NETWORK}.`,
  },
  {
    role: 'Client Care Manager',
    name: 'Client Care Manager (name to be confirmed)',
    bio: 'Your first point of contact for enquiries, quotes and call-backs.',
  },
];
