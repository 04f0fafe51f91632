/**
 * Which release of a remote this device loads while a canary runs, and whether it reports
 * (issue 51). A device is a random id made once and kept in the browser's storage: nothing links
 * it to the borrower, and it stays the same across reloads and sessions, so the device stays on
 * its side.
 */

/** Where the device's id is kept (localStorage), named as the session's keys are (@instalment/host-sdk/session). */
export const DEVICE_ID_KEY = 'deviceId';

export type Side = 'stable' | 'canary';

let unkept: string | undefined;

/** 128 random bits in hex: `crypto.getRandomValues` also answers on a page served over plain HTTP, `randomUUID` does not. */
function newDeviceId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** This device's id, made on its first visit. A browser that keeps nothing gets one for the page's life. */
export function deviceId(storage: Pick<Storage, 'getItem' | 'setItem'> = window.localStorage): string {
  try {
    let id = storage.getItem(DEVICE_ID_KEY);
    if (!id) {
      id = newDeviceId();
      storage.setItem(DEVICE_ID_KEY, id);
    }
    return id;
  } catch {
    unkept ??= newDeviceId();
    return unkept;
  }
}

/** FNV-1a (32 bits) of `key`, scaled to 0 … buckets-1 by its high bits (its low bits mix poorly). */
function bucket(key: string, buckets: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return Math.floor((hash / 2 ** 32) * buckets);
}

/**
 * The side of `remote`'s canary this device is on: `percent` of 100 devices draw the canary. The
 * remote's name comes first, the random id after: hashed last, the id mixes the whole hash, so
 * each remote's canary draws its own devices (ids hashed first leave remotes' sides alike).
 */
export const sideOf = (device: string, remote: string, percent: number): Side =>
  bucket(`${remote}:${device}`, 100) < percent ? 'canary' : 'stable';

const SAMPLE_BUCKETS = 10_000;

/**
 * Whether this device is among the `share` (0 … 1) that report. Salted with a character no
 * remote's name holds, so being sampled says nothing of the device's sides.
 */
export const sampled = (device: string, share: number): boolean =>
  bucket(`telemetry/${device}`, SAMPLE_BUCKETS) < Math.round(share * SAMPLE_BUCKETS);
