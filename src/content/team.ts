/**
 * The team section. PLACEHOLDER: roles only. Never invent people: replace
 * each entry with the real person's name, role and admission details once confirmed (staff
 * do it in Settings). A name still marked `PLACEHOLDER_NAME_MARK` is never shown to visitors.
 */
import { LODGMENT_NETWORK } from './conveyancing-law.ts';
import { PLACEHOLDER_NAME_MARK } from './placeholders.ts';

export interface TeamMember {
  role: string;
  name: string;
  bio: string;
  principal?: boolean;
}

export const TEAM: readonly TeamMember[] = [
  {
    role: 'Principal Solicitor',
    name: `Principal Solicitor ${PLACEHOLDER_NAME_MARK}`,
    bio: 'Leads every matter personally, from contract review to settlement, and supervises the conveyancing team.',
    principal: true,
  },
  {
    role: 'Senior Conveyancer',
    name: `Senior Conveyancer ${PLACEHOLDER_NAME_MARK}`,
    bio: 'Manages residential and off-the-plan files and keeps clients updated at every milestone.',
  },
  {
    role: 'Settlement Coordinator',
    name: `Settlement Coordinator ${PLACEHOLDER_NAME_MARK}`,
    bio: `Prepares settlement figures and coordinates with lenders through ${LODGMENT_NETWORK}.`,
  },
  {
    role: 'Client Care Manager',
    name: `Client Care Manager ${PLACEHOLDER_NAME_MARK}`,
    bio: 'Your first point of contact for enquiries, quotes and call-backs.',
  },
];
