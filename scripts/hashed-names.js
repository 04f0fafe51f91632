// One owner of what a content-hashed file name looks like (webpack's `[contenthash:8]`, a
// remote entry's build hash, an asset's `[hash]`): such a file never changes, so the static
// server caches it for good and the shell's service worker serves it from its cache.
const HASHED_NAME = /(^|[./])[0-9a-f]{8,}\.(js|css|png|svg|jpe?g|webp|woff2?)$/;

module.exports = { HASHED_NAME };
