import { type Said, say } from '../services/refusals';

/** No valid token: HTTP 401 with envelope code 401, which makes the client clear its session. */
export class Unauthorized extends Error {
  constructor(readonly said: Said = say('loginFirst')) {
    super(said('en'));
    this.name = 'Unauthorized';
  }
}
