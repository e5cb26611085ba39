/**
 * Nothing the client types through the engagement link reaches the Blobs directory in plain
 * text, and the identity form's parser (engage-cdd-kit.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyAction, parseAction, parseCddForm } from '#server/due-diligence/identity-form.ts';
import { cddDraftSchema } from '#src/shared/schemas/cdd-draft.ts';
import { call } from '../harness.ts';
import {
  ACTING,
  AGENT,
  AGENT_BIRTH,
  AGENT_NAME,
  AGENT_PREFIX,
  BIRTH,
  COMPANY,
  INDIVIDUAL,
  NAME,
  OWNER,
  OWNER_BIRTH,
  acceptedEngagement,
  api,
  postForm,
  staff,
  useEngageCdd,
} from './engage-cdd-kit.ts';

const blobs = useEngageCdd();

describe('nothing in plain text at rest', () => {
  it('finds neither the name nor the date of birth anywhere under the Blobs directory or in a backup, yet the client and staff APIs return them', async () => {
    const { enquiryId, token } = await acceptedEngagement();
    await postForm(token, [
      ...Object.entries(INDIVIDUAL).map(([key, value]) => [`parties.0.${key}`, value] as [string, string]),
      ['parties.1.type', 'company'],
      ['parties.1.name', COMPANY.name],
      ['parties.1.acnOrAbn', COMPANY.acnOrAbn],
      ['parties.1.registeredAddress', COMPANY.registeredAddress],
      ['parties.1.principalPlace', COMPANY.principalPlace],
      ['parties.1.directors', NAME],
      ...Object.entries(COMPANY.owners[0]!).map(
        ([key, value]) => [`parties.1.owners.0.${key}`, value] as [string, string],
      ),
      ['declarations.actingForAnother.value', 'yes'],
      [`${AGENT_PREFIX}.authority`, ACTING.authority],
      [`${AGENT_PREFIX}.details`, ACTING.details],
      ...Object.entries(AGENT).map(([key, value]) => [`${AGENT_PREFIX}.agent.${key}`, value] as [string, string]),
      ['declarations.pep.value', 'no'],
      ['declarations.foreignPerson.value', 'no'],
      ['declarations.purpose', 'home'],
      ['declarations.sourceOfFunds.kind', 'savings'],
      ['action', 'submit'],
    ]);
    const read = await api('GET', token);
    expect(read.json.status).toBe('submitted');
    expect(read.json.declarations.actingForAnother.agent).toMatchObject({
      fullName: AGENT_NAME,
      dateOfBirth: AGENT_BIRTH,
    });
    expect(read.json.parties[0]).toMatchObject({ fullName: NAME, dateOfBirth: BIRTH });
    expect(read.json.parties[1].owners[0]).toMatchObject({ fullName: OWNER, dateOfBirth: OWNER_BIRTH });

    const files = readdirSync(blobs.directory(), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
    expect(files.length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(file).toString('latin1');
      for (const secret of [
        NAME,
        'Vexley',
        BIRTH,
        OWNER,
        'Zanzibar',
        OWNER_BIRTH,
        'Uncommonly Rd',
        AGENT_NAME,
        AGENT_BIRTH,
        'Attorney Lane',
      ]) {
        if (text.includes(secret)) found.push(`${secret} in ${file}`);
      }
    }
    expect(found).toEqual([]);

    // A backup (scripts/backup.ts, as run by hand) carries the ciphertext only.
    const root = mkdtempSync(path.join(tmpdir(), 'cdd-at-rest-'));
    try {
      const file = path.join(root, 'backup.jsonl');
      const env = { PATH: process.env.PATH, HOME: process.env.HOME, BLOBS_DIR: blobs.directory() };
      const run = spawnSync(process.execPath, ['scripts/backup.ts', file], { env, encoding: 'utf8' });
      expect(run.status, run.stdout + run.stderr).toBe(0);
      const lines = readFileSync(file, 'utf8').trim().split('\n');
      const decoded = lines.map((line) => {
        const entry = JSON.parse(line) as { data?: string };
        return line + (entry.data ? Buffer.from(entry.data, 'base64').toString('latin1') : '');
      });
      expect(decoded.some((text) => text.includes('due-diligence'))).toBe(true);
      for (const secret of [NAME, BIRTH, OWNER, OWNER_BIRTH, AGENT_NAME, AGENT_BIRTH]) {
        expect(decoded.filter((text) => text.includes(secret))).toEqual([]);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }

    // Staff read them decrypted (and the read is audited, tested in cdd-staff.test.ts).
    const cdd = (await import('#functions/due-diligence.ts')).default;
    const staffView = await call(cdd, 'GET', `/api/contact-requests/${enquiryId}/cdd`, { cookie: staff.cookie });
    expect(staffView.status).toBe(200);
    expect(staffView.json.parties[0]).toMatchObject({ fullName: NAME, dateOfBirth: BIRTH });
    expect(staffView.json.parties[1].owners[0]).toMatchObject({ fullName: OWNER, dateOfBirth: OWNER_BIRTH });
  });
});

describe('the form parser', () => {
  it('reads the post back into the draft’s shape, in index order, lists split per line', () => {
    const form = new URLSearchParams([
      ['parties.1.type', 'company'],
      ['parties.1.name', 'Acme Pty Ltd'],
      ['parties.1.directors', ' Jo Director \r\n\r\nSam Director\n'],
      ['parties.1.owners.1.fullName', 'Second Owner'],
      ['parties.1.owners.0.fullName', 'First Owner'],
      ['parties.1.owners.0.dateOfBirth', '1970-01-02'],
      ['parties.1.owners.0.shoeSize', '44'],
      ['parties.0.type', 'individual'],
      ['parties.0.fullName', 'Ivy Person'],
      ['parties.0.fullName', 'A repeat is ignored'],
      ['parties.0.name', 'not an individual’s field'],
      ['parties.99.type', 'individual'],
      ['parties.3.type', 'trust'],
      ['parties.3.beneficiaries', 'The settlor’s grandchildren'],
      ['declarations.pep.value', 'yes'],
      ['declarations.pep.details', 'My aunt, a senator'],
      ['declarations.foreignPerson.value', 'no'],
      ['declarations.actingForAnother.value', 'maybe'],
      ['declarations.purpose', 'investment'],
      // Several sources share one name; the lender goes with the loan, the details with nothing ticked for them.
      ['declarations.sourceOfFunds.kind', 'loan'],
      ['declarations.sourceOfFunds.kind', 'savings'],
      ['declarations.sourceOfFunds.kind', 'loan'],
      ['declarations.sourceOfFunds.lender', 'Bank'],
      ['declarations.sourceOfFunds.details', 'left from before'],
      ['action', 'add-owner:1'],
    ]);
    const { action, draft } = parseCddForm(form);
    expect(action).toEqual({ kind: 'add-owner', party: 1 });
    expect(draft).toEqual({
      parties: [
        { type: 'individual', fullName: 'Ivy Person' },
        {
          type: 'company',
          name: 'Acme Pty Ltd',
          directors: ['Jo Director', 'Sam Director'],
          owners: [{ fullName: 'First Owner', dateOfBirth: '1970-01-02' }, { fullName: 'Second Owner' }],
        },
        { type: 'trust', beneficiaries: ['The settlor’s grandchildren'], owners: [] },
      ],
      declarations: {
        pep: { value: true, details: 'My aunt, a senator' },
        foreignPerson: { value: false },
        purpose: 'investment',
        sourceOfFunds: [{ kind: 'savings' }, { kind: 'loan', lender: 'Bank' }],
      },
    });
    expect(cddDraftSchema.safeParse(draft).success).toBe(true);
  });

  it('reads each button, and saves on anything else', () => {
    expect(parseAction('submit')).toEqual({ kind: 'submit' });
    expect(parseAction('add-party:trust')).toEqual({ kind: 'add-party', type: 'trust' });
    expect(parseAction('remove-party:2')).toEqual({ kind: 'remove-party', party: 2 });
    expect(parseAction('remove-owner:1.3')).toEqual({ kind: 'remove-owner', party: 1, owner: 3 });
    for (const other of [
      null,
      '',
      'add-party:alien',
      'remove-party:',
      'remove-party:-1',
      'remove-owner:1',
      'add-owner:99',
      'x',
    ]) {
      expect(parseAction(other), String(other)).toEqual({ kind: 'save' });
    }
  });

  it('applies a button to the draft without touching the original', () => {
    const draft = cddDraftSchema.parse({
      parties: [{ type: 'company', owners: [{ fullName: 'A' }, { fullName: 'B' }] }],
    });
    const removed = applyAction(draft, { kind: 'remove-owner', party: 0, owner: 0 });
    expect(removed.draft.parties[0]).toMatchObject({ owners: [{ fullName: 'B' }] });
    expect(removed.anchor).toBe('party-0-owners');
    expect(draft.parties[0]).toMatchObject({ owners: [{ fullName: 'A' }, { fullName: 'B' }] });
    expect(applyAction(draft, { kind: 'add-party', type: 'individual' }).anchor).toBe('party-1');
    expect(applyAction(draft, { kind: 'add-owner', party: 0 }).anchor).toBe('party-0-owner-2');
    expect(applyAction(draft, { kind: 'add-owner', party: 5 }).draft).toBe(draft);
  });
});
