/**
 * The agreements a borrower consents to at registration, by the date of their text in force.
 * The app shows these texts and the server records these versions: one owner, so that what a
 * person read and what is on record cannot drift apart. A new text is a new date here.
 */
export const AGREEMENT_VERSIONS = {
  terms: '2026-11-23',
  privacy: '2026-11-23',
} as const;

export type AgreementName = keyof typeof AGREEMENT_VERSIONS;
