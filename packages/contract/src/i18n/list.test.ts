import { commonMessages } from './common';
import { listMessages } from './list';
import { LOCALES } from './locale';

// The UI kit speaks these few words without the whole common catalogue in its chunk; the common
// catalogue holds them as they are, so that a word is written once.
it('gives the common catalogue the list words unchanged, in every language', () => {
  for (const locale of LOCALES) expect(commonMessages[locale]).toEqual(expect.objectContaining(listMessages[locale]));
});
