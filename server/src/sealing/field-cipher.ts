import { createCipheriv, createDecipheriv, createHmac, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A personal value as the database keeps it: `<key id>:<base64 of IV, tag and ciphertext>`. The
 * type is opaque on purpose: it cannot be shown, masked or compared with a clear value until
 * `FieldCipher.open` turns it back, and a clear value cannot be written where it belongs.
 */
export interface Sealed {
  readonly sealed: unique symbol;
}

/** The keys personal fields are sealed with: every key id still in use, the one new values take, and the blind index's key. */
export interface DataKeys {
  current: string;
  keys: ReadonlyMap<string, Buffer>;
  /** HMAC key of the blind index; it is not rotated with the data keys (server/README.md, "Personal data at rest"). */
  indexKey: Buffer;
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * What a key's check value is the HMAC of: a constant, so the value proves which bytes a key id
 * holds and says nothing of any personal field. The two labels keep a data key's check and the
 * index key's apart (and neither is an ID number the blind index could be asked for).
 */
const CHECK_LABELS = { data: 'instalment data key check v1', index: 'instalment index key check v1' } as const;

const checkOf = (key: Buffer, label: string) => createHmac('sha256', key).update(label, 'utf8').digest('base64');

/** Compares check values in constant time. */
const sameCheck = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A base64 key of exactly 32 bytes, or a sentence naming the variable that holds something else. */
function key32(name: string, raw: string): Buffer {
  const key = Buffer.from(raw, 'base64');
  if (key.length !== 32) {
    throw new Error(`${name} must hold base64 keys of 32 bytes (openssl rand -base64 32).`);
  }
  return key;
}

/**
 * `DATA_KEYS="k2:<base64>*,k1:<base64>"`: each key id with its 32-byte key, the current one
 * marked `*`; `DATA_INDEX_KEY="<base64>"`: the blind index's key.
 */
export function parseDataKeys(dataKeys: string, indexKey: string | undefined): DataKeys {
  const keys = new Map<string, Buffer>();
  const current: string[] = [];
  for (const item of dataKeys.split(',').map((entry) => entry.trim())) {
    const match = /^([^:]+):(.+?)(\*?)$/.exec(item);
    if (!match || !KEY_ID.test(match[1])) {
      throw new Error('DATA_KEYS must be a comma-separated list of <key id>:<base64 key>, the current one ending in *.');
    }
    if (keys.has(match[1])) throw new Error(`DATA_KEYS names key id ${match[1]} twice.`);
    keys.set(match[1], key32('DATA_KEYS', match[2]));
    if (match[3]) current.push(match[1]);
  }
  if (current.length !== 1) throw new Error('DATA_KEYS must mark exactly one key as current with a trailing *.');
  if (!indexKey?.trim()) throw new Error('DATA_INDEX_KEY must be set with DATA_KEYS: the blind index of ID numbers is keyed by it.');
  return { current: current[0], keys, indexKey: key32('DATA_INDEX_KEY', indexKey.trim()) };
}

/**
 * Outside production only: fixed keys, so a development database stays readable across
 * restarts. Production refuses to start without DATA_KEYS (settings/config.ts).
 */
export const DEVELOPMENT_DATA_KEYS: DataKeys = {
  current: 'dev',
  keys: new Map([['dev', createHash('sha256').update('instalment development data key').digest()]]),
  indexKey: createHash('sha256').update('instalment development index key').digest(),
};

/** AES-256-GCM for personal fields at rest, and the HMAC blind index that lets a unique rule see them. */
export class FieldCipher {
  constructor(private readonly dataKeys: DataKeys) {}

  get currentKeyId(): string {
    return this.dataKeys.current;
  }

  /** Every key id of DATA_KEYS, the current one first. */
  get keyIds(): string[] {
    return [this.dataKeys.current, ...[...this.dataKeys.keys.keys()].filter((id) => id !== this.dataKeys.current)];
  }

  /** The check value of a key id of DATA_KEYS, or of the index key (`null`): what the database keeps to recognise it. */
  keyCheck(keyId: string | null): string {
    return keyId === null
      ? checkOf(this.dataKeys.indexKey, CHECK_LABELS.index)
      : checkOf(this.dataKeys.keys.get(keyId)!, CHECK_LABELS.data);
  }

  /** Whether `check` was made with the bytes this process holds under that key id (`null`: the index key). */
  proves(keyId: string | null, check: string): boolean {
    return sameCheck(this.keyCheck(keyId), check);
  }

  /** Whether a sealed value opens: under a key id of the same name but other bytes, GCM's tag refuses it. */
  opens(sealed: Sealed): boolean {
    try {
      this.open(sealed);
      return true;
    } catch {
      return false;
    }
  }

  seal(clear: string): Sealed {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.dataKeys.keys.get(this.dataKeys.current)!, iv);
    const body = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
    return `${this.dataKeys.current}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}` as unknown as Sealed;
  }

  open(sealed: Sealed): string {
    const text = sealed as unknown as string;
    const at = text.indexOf(':');
    const key = this.dataKeys.keys.get(text.slice(0, at));
    // Names the key id only: the value itself stays out of every message and log.
    if (at < 1 || !key)
      throw new Error(`A personal field is sealed under key id "${text.slice(0, Math.max(at, 0))}", which DATA_KEYS lacks.`);
    const bytes = Buffer.from(text.slice(at + 1), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  /** The value sealed again under the current key (unchanged in meaning). */
  reseal(sealed: Sealed): Sealed {
    return this.seal(this.open(sealed));
  }

  /** Equal for equal values, and useless without the index key: what a unique index compares instead of the clear value. */
  blindIndex(clear: string): string {
    return createHmac('sha256', this.dataKeys.indexKey).update(clear, 'utf8').digest('base64');
  }
}

/** The key id a sealed value was written under. */
export const keyIdOf = (sealed: string): string => sealed.slice(0, sealed.indexOf(':'));
