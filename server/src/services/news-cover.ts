import { ILLUSTRATION_NAMES, illustrationPath } from '../static/images';
import { Refusal, sentenceOf } from './refusals';
import { isStoredImage } from './uploads';

/**
 * What a news article's cover may be (issue 36): none (''), an image this server serves (an
 * illustration, an uploaded image) by its path, or an https image on a host the platform allows
 * (NEWS_IMAGE_HOSTS). Anything else is refused: a path is joined to this server's URL, so
 * `@evil.example/x.png` would have sent every borrower's browser to another host.
 */
export function checkedCover(cover: string, allowedHosts: readonly string[]): string {
  if (cover === '' || servedHere(cover)) return cover;
  const url = httpsUrl(cover);
  if (url && !url.username && !url.password && url.port === '' && allowedHosts.includes(url.hostname)) return url.href;
  throw new Refusal(
    allowedHosts.length === 0 ? sentenceOf('coverUploadOnly') : sentenceOf('coverHostsAllowed', { hosts: allowedHosts.join(', ') }),
  );
}

/** The cover as the app is shown it: a path made absolute on this server, an allowed URL as it is, anything else none. */
export function coverUrl(cover: string, base: string): string {
  if (servedHere(cover)) return `${base}${cover}`;
  return httpsUrl(cover) ? cover : '';
}

function servedHere(cover: string): boolean {
  return isStoredImage(cover) || ILLUSTRATION_NAMES.some((name) => illustrationPath(name) === cover);
}

function httpsUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
