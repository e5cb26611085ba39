/**
 * A software WebAuthn authenticator for the function tests: an ECDSA P-256 key made with
 * WebCrypto per credential, answers built as a browser and a passkey provider would build
 * them (client data JSON, authenticator data, a "none" attestation in CBOR, a DER signature),
 * so the server checks them with the same library and the same rules as a real passkey's.
 */
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const sha256 = async (data: Uint8Array<ArrayBuffer>) => new Uint8Array(await crypto.subtle.digest('SHA-256', data));
const utf8 = (text: string) => new TextEncoder().encode(text);
const uint32 = (value: number) =>
  new Uint8Array([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]);

/** A raw r||s ECDSA signature as DER, the form WebAuthn carries. */
function derSignature(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    let value = bytes.slice(start);
    if (value[0]! & 0x80) value = concat(new Uint8Array([0]), value);
    return concat(new Uint8Array([0x02, value.length]), value);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

export interface Ceremony {
  /** The page's origin as the browser reports it in the client data. */
  origin: string;
  /** The relying party the authenticator hashes (the options' own unless given). */
  rpId?: string;
  /** The challenge signed over (the options' own unless given). */
  challenge?: string;
  /** Whether the user was verified (PIN, fingerprint); true unless given. */
  userVerified?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentialId = isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(16)));
  counter = 0;
  /** Keep the counter at 0, as synced passkeys do. */
  private readonly keys: CryptoKeyPair;
  private readonly options: { counts: boolean };
  private userHandle: string | null = null;
  constructor(keys: CryptoKeyPair, options: { counts: boolean } = { counts: true }) {
    this.keys = keys;
    this.options = options;
  }

  static async create(options: { counts: boolean } = { counts: true }): Promise<SoftwareAuthenticator> {
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
    return new SoftwareAuthenticator(keys, options);
  }

  private async authenticatorData(rpId: string, flags: number, attested?: Uint8Array) {
    const rpIdHash = await sha256(utf8(rpId));
    return concat(rpIdHash, new Uint8Array([flags]), uint32(this.counter), attested ?? new Uint8Array());
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return utf8(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** `navigator.credentials.create()` with these options, as `PublicKeyCredential.toJSON()` gives it. */
  async register(
    options: PublicKeyCredentialCreationOptionsJSON,
    ceremony: Ceremony,
  ): Promise<RegistrationResponseJSON> {
    this.userHandle = options.user.id;
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', this.keys.publicKey));
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, raw.slice(1, 33)],
      [-3, raw.slice(33, 65)],
    ]);
    const id = isoBase64URL.toBuffer(this.credentialId);
    const attested = concat(
      new Uint8Array(16), // AAGUID: none
      new Uint8Array([id.length >> 8, id.length & 255]),
      id,
      isoCBOR.encode(coseKey),
    );
    const flags = FLAG_UP | FLAG_AT | (ceremony.userVerified === false ? 0 : FLAG_UV);
    const authData = await this.authenticatorData(ceremony.rpId ?? options.rp.id!, flags, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = this.clientData('webauthn.create', ceremony.challenge ?? options.challenge, ceremony.origin);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** `navigator.credentials.get()` with these options: a signed assertion with the user handle. */
  async assert(
    options: PublicKeyCredentialRequestOptionsJSON,
    ceremony: Ceremony,
  ): Promise<AuthenticationResponseJSON> {
    if (this.options.counts) this.counter++;
    const flags = FLAG_UP | (ceremony.userVerified === false ? 0 : FLAG_UV);
    const authData = await this.authenticatorData(ceremony.rpId ?? options.rpId!, flags);
    const clientDataJSON = this.clientData('webauthn.get', ceremony.challenge ?? options.challenge, ceremony.origin);
    const signed = concat(authData, await sha256(clientDataJSON));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.keys.privateKey, signed),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(derSignature(raw)),
        ...(this.userHandle && { userHandle: this.userHandle }),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
