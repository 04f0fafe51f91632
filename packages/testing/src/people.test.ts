import { validateIdCard, validatePhone } from '@instalment/contract/validation';
import { idCardOf, newIdCard, newPhone } from './people';

it('gives phone numbers the app accepts, never the same one twice', () => {
  const phones = Array.from({ length: 500 }, () => newPhone());
  expect(new Set(phones).size).toBe(phones.length);
  for (const phone of phones) expect(validatePhone(phone)).toBeNull();
});

it('gives ID card numbers the app accepts, one for each phone number', () => {
  const phones = Array.from({ length: 50 }, () => newPhone());
  expect(new Set(phones.map(idCardOf)).size).toBe(phones.length);
  for (const phone of phones) expect(validateIdCard(idCardOf(phone))).toBeNull();
  expect(validateIdCard(newIdCard())).toBeNull();
});
