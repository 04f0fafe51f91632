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

/** A person's agreement as a request carries it: the version of each text they were shown. */
export type AgreedVersions = { [Name in AgreementName as `${Name}_version`]: string };

/** The agreement to the texts this build of the app shows; sent only once the person ticked it. */
export const CURRENT_AGREEMENT: AgreedVersions = {
  terms_version: AGREEMENT_VERSIONS.terms,
  privacy_version: AGREEMENT_VERSIONS.privacy,
};

/**
 * The data of a refusal that needs the person's agreement first (a sign-up by SMS login, an
 * application from an account that has not agreed to the texts in force): the versions asked for.
 */
export interface ConsentRequired {
  consent_required: Record<AgreementName, string>;
}

/** Whether a refusal's data asks for agreement, so that the app asks the person instead of only saying no. */
export function isConsentRequired(data: unknown): data is ConsentRequired {
  return typeof data === 'object' && data !== null && 'consent_required' in data;
}
