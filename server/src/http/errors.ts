import { type Sentence, sentenceOf } from '../services/refusals';

/** No valid token: HTTP 401 with envelope code 401, which makes the client clear its session. */
export class Unauthorized extends Error {
  constructor(readonly sentence: Sentence = sentenceOf('loginFirst')) {
    super(sentence('en'));
    this.name = 'Unauthorized';
  }
}
