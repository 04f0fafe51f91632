/**
 * The answers a route gives outside its own schema, each in the envelope with `data: null`.
 * Refusals of the API's rules (a wrong code, a loan that is not yours, a request its schema
 * refuses) are not among them: they answer HTTP 200 with `code: 0`, in the route's own answer.
 */
const refusal = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['code', 'msg', 'time', 'data'],
        properties: {
          code: { type: 'integer', description: 'The HTTP status again (0 for 400, 413, 415 and 429).' },
          msg: { type: 'string', description: 'What went wrong, in the language of Accept-Language.' },
          time: { type: 'integer', description: 'When it was answered, epoch seconds.' },
          data: { type: 'null' },
        },
      },
    },
  },
});

export const REFUSALS = {
  '400': refusal('The request could not be read (not valid JSON, or not a form the route reads).'),
  '401': refusal('No token, or one that expired or was logged out: the client drops its session.'),
  '403': refusal('The operator’s roles do not open this route.'),
  '413': refusal('The request body is over the limit.'),
  '415': refusal('The content type is not one the route reads.'),
  '429': refusal('Too many requests from this address: msg says when to try again.'),
};

export type Refusal = keyof typeof REFUSALS;
