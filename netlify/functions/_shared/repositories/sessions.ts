/**
 * Store `sessions`: one blob per signed-in session, keyed by the token's id (jti).
 * A token is honoured only while its blob exists, so logout revokes it on the server.
 */
import * as z from 'zod/mini';
import { getJson, openStore } from '../blobs.ts';

const sessionRecordSchema = z.object({
  userId: z.string(),
  username: z.string(),
  expiresAt: z.string(),
});
export type SessionRecord = z.output<typeof sessionRecordSchema>;

const JTI_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export async function saveSession(jti: string, record: SessionRecord): Promise<void> {
  await openStore('sessions').setJSON(jti, record, { onlyIfNew: true });
}

export async function findSession(jti: string): Promise<SessionRecord | null> {
  if (!JTI_PATTERN.test(jti)) return null;
  const record = await getJson(openStore('sessions'), jti, sessionRecordSchema);
  if (!record || Date.parse(record.expiresAt) <= Date.now()) return null;
  return record;
}

export async function deleteSession(jti: string): Promise<void> {
  if (JTI_PATTERN.test(jti)) await openStore('sessions').delete(jti);
}
