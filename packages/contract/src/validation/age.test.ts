import { ageOnIdCard, BORROWER_AGE, isBorrowerAge } from './rules';

test('the age on a day is in full years from the birth date the ID number carries', () => {
  // Born 1990-03-07.
  expect(ageOnIdCard('11010119900307123X', '2026-03-06')).toBe(35);
  expect(ageOnIdCard('11010119900307123X', '2026-03-07')).toBe(36);
  expect(ageOnIdCard('11010119900307123X', '2026-12-31')).toBe(36);
});

test('a number that is not an ID number has no age', () => {
  expect(ageOnIdCard('11010119901307123X', '2026-03-07')).toBeNull();
  expect(ageOnIdCard('', '2026-03-07')).toBeNull();
});

test('the product lends from 18 to 60 inclusive', () => {
  expect(BORROWER_AGE).toEqual({ min: 18, max: 60 });
  expect([17, 18, 60, 61].map(isBorrowerAge)).toEqual([false, true, true, false]);
});
