import type { FastifyRequest } from 'fastify';
import { detectLocale, type Locale } from '@instalment/contract/i18n';
import type { ServerMessageKey } from '../i18n/server';
import { sentenceOf } from '../services/refusals';

type Params = Parameters<typeof sentenceOf>[1];

/** The request's language from Accept-Language ("zh-CN,zh;q=0.9,en;q=0.8"), English when it names none we speak. */
export function localeOf(request: Pick<FastifyRequest, 'headers'>): Locale {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string' || header === '') return 'en';
  const languages = header
    .split(',')
    .map((part) => {
      const [tag, ...rest] = part.trim().split(';');
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag);
  return detectLocale(languages);
}

/** A sentence of the catalogue in the request's language, for a success message. */
export function sentenceIn(request: Pick<FastifyRequest, 'headers'>, key: ServerMessageKey, params?: Params): string {
  return sentenceOf(key, params)(localeOf(request));
}
