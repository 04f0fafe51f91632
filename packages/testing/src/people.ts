/**
 * Borrowers no other test has met: phone numbers and ID card numbers unique within a process and
 * apart from the processes running beside it (jest workers, browser journey workers, a bench run
 * against a database an earlier run filled). The process id picks the block, the clock where
 * inside it the count starts.
 */
const block = String(process.pid % 10_000).padStart(4, '0');
let count = Date.now() % 10_000;

/** A valid mainland mobile number (SPEC §4) no other test uses. */
export function newPhone(): string {
  count = (count + 1) % 10_000;
  return `139${block}${String(count).padStart(4, '0')}`;
}

/** The ID card number that goes with a phone number: one ID card belongs to one account. */
export const idCardOf = (mobile: string): string => `11010119900307${mobile.slice(-4)}`;

/** An ID card number no other test uses. */
export const newIdCard = (): string => idCardOf(newPhone());
