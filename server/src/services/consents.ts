import { AGREEMENT_VERSIONS, type AgreedVersions, type AgreementName, type Consent, type ConsentRequired } from '@instalment/contract/api';
import { iso, type Context } from '../runtime/context';
import type { Store } from '../db/store';
import { ConsentRecords } from '../repositories/consents';
import { Refusal, sentenceOf, type Sentence } from './refusals';

/** The version of each text a person sent as agreed to; one not sent was not agreed to. */
export type Agreed = Partial<Record<AgreementName, string>>;

const NAMES = Object.keys(AGREEMENT_VERSIONS) as AgreementName[];

/** What a refusal for consent carries, so that the app asks the person rather than only saying no. */
const ASKED: ConsentRequired = { consent_required: AGREEMENT_VERSIONS };

/** The versions a request carries, as the person sent them. */
export function agreedIn(body: Partial<AgreedVersions>): Agreed {
  return Object.fromEntries(NAMES.map((name) => [name, body[`${name}_version`]?.trim() || undefined]));
}

/**
 * Consent to the terms of service and the privacy policy: only ever to the texts in force and
 * only as the person sent it, never implied; recorded with its time and address.
 */
export class ConsentService {
  constructor(private readonly ctx: Context) {}

  /** Refuses unless `agreed` names every text in force; `missing` is what to tell a person who sent none. */
  static check(agreed: Agreed, missing: Sentence): void {
    if (NAMES.some((name) => agreed[name] === undefined)) throw new Refusal(missing, ASKED);
    // Consent to an older text is not consent to the one in force: the person reads it again.
    if (NAMES.some((name) => agreed[name] !== AGREEMENT_VERSIONS[name])) throw new Refusal(sentenceOf('agreementsChanged'), ASKED);
  }

  /** On `store`, a sign-up's own transaction, so that an account never exists without its consent. */
  async record(userId: number, address: string, store: Store = this.ctx.store): Promise<void> {
    const agreedAt = this.ctx.now();
    await new ConsentRecords(store).add(
      NAMES.map((document) => ({ user_id: userId, document, version: AGREEMENT_VERSIONS[document], agreed_at: agreedAt, address })),
    );
  }

  /** What the account agreed to, oldest first. */
  async of(userId: number): Promise<Consent[]> {
    return (await new ConsentRecords(this.ctx.store).of(userId)).map((row) => ({ ...row, agreed_at: iso(row.agreed_at) }));
  }

  /** A signed-in person agrees to the texts in force: recorded once, however often it is sent. */
  async agree(userId: number, agreed: Agreed, address: string): Promise<Consent[]> {
    ConsentService.check(agreed, sentenceOf('agreementsRequired'));
    // A write, which reads the signed-in session again (http/session-writes.ts).
    if (!(await this.agreedToCurrent(userId))) await this.ctx.store.write([], (tx) => this.record(userId, address, tx));
    return this.of(userId);
  }

  /** Refuses, saying `why`, an account that has not agreed to every text in force (it signed up without, or a text changed since). */
  async requireCurrent(userId: number, why: Sentence): Promise<void> {
    if (!(await this.agreedToCurrent(userId))) throw new Refusal(why, ASKED);
  }

  private async agreedToCurrent(userId: number): Promise<boolean> {
    const rows = await new ConsentRecords(this.ctx.store).of(userId);
    return NAMES.every((name) => rows.some((row) => row.document === name && row.version === AGREEMENT_VERSIONS[name]));
  }
}
