import { Type } from '@sinclair/typebox';

/**
 * Releases of a remote and what borrowers' browsers report of them (issue 51). A release is a
 * remote's build published under its name (`<remote's origin>/releases/<name>/mf-manifest.json`);
 * the hosts' config.json names, per remote, the release every device loads, or two with a share.
 */

/** A release's name: a version or a build's hash, as it appears in its folder. */
export const ReleaseName = Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$', maxLength: 40 });
/** A federation container's name (`mf_loan`). */
export const RemoteName = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,39}$', maxLength: 40 });
const ManifestUrl = Type.String({ minLength: 1, maxLength: 500 });

/** A remote's canary: `percent` of devices load `canary`, the rest `stable`. */
export const CanaryRelease = Type.Object(
  {
    stable: ManifestUrl,
    canary: ManifestUrl,
    percent: Type.Integer({ minimum: 0, maximum: 100 }),
  },
  { additionalProperties: false },
);

/** What a host's config.json names for a remote: its manifest's URL, or a canary beside its stable. */
export const RemoteRelease = Type.Union([ManifestUrl, CanaryRelease]);

/** One change of a remote's releases: who (an operator, a team's command `cli:<user>`, or `system`), when, from and to. */
export const ReleaseChange = Type.Object({
  id: Type.Integer(),
  remote: RemoteName,
  action: Type.Union([
    Type.Literal('release'),
    Type.Literal('canary'),
    Type.Literal('promote'),
    Type.Literal('rollback'),
    Type.Literal('abort'),
  ]),
  /** The config's entry for the remote before and after (a URL or the canary form), as JSON. */
  from: Type.Union([RemoteRelease, Type.Null()]),
  to: RemoteRelease,
  by: Type.String(),
  /** An automatic abort's reason, in figures: `canary 12.5 errors per 1,000 views over 200 views; stable 1.0`. */
  reason: Type.Union([Type.String(), Type.Null()]),
  at: Type.String({ format: 'date-time' }),
});

/** A top error of a release: its message and where its code is, mapped through the release's source maps. */
export const ReleaseError = Type.Object({
  message: Type.String(),
  kind: Type.Union([Type.Literal('render'), Type.Literal('load'), Type.Literal('unhandled')]),
  count: Type.Integer(),
  /** `src/NewsList.tsx:42:7`, or the built file's when no source map maps it. */
  source: Type.Union([Type.String(), Type.Null()]),
  last_at: Type.String({ format: 'date-time' }),
});

/** A release's figures over the last hour, from browsers' reports. */
export const ReleaseFigures = Type.Object({
  release: Type.String(),
  views: Type.Integer(),
  errors: Type.Integer(),
  /** Errors per 1,000 views; null without views. */
  errors_per_1000: Type.Union([Type.Number(), Type.Null()]),
  /** 75th percentiles in milliseconds; null without samples. */
  lcp_p75_ms: Type.Union([Type.Number(), Type.Null()]),
  inp_p75_ms: Type.Union([Type.Number(), Type.Null()]),
  /** Devices that fell back from this release (a canary) to stable because it failed to load. */
  fallbacks: Type.Integer(),
  top_errors: Type.Array(ReleaseError),
});

/** One remote as the Releases screen shows it. */
export const RemoteReleases = Type.Object({
  remote: RemoteName,
  stable: Type.Object({
    release: Type.String(),
    url: Type.String(),
    since: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  }),
  canary: Type.Union([
    Type.Object({
      release: Type.String(),
      url: Type.String(),
      percent: Type.Integer(),
      since: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    }),
    Type.Null(),
  ]),
  /**
   * The last hour, per release live now (stable, then canary) and then each release live at some
   * moment of that hour (an aborted canary's errors among them).
   */
  figures: Type.Array(ReleaseFigures),
  /** The newest changes first (at most 10); an abort says why. */
  history: Type.Array(ReleaseChange),
  /** Releases published and still served, newest first: what a release or rollback may name. */
  published: Type.Array(Type.String()),
});

/** GET /admin/api/releases. */
export const ReleasesView = Type.Object({ remotes: Type.Array(RemoteReleases) });

/** POST /admin/api/releases/:remote: what to do with the remote's releases. */
export const ReleaseAction = Type.Union([
  /** Point every device at `release` (already published), or `percent` of them as a canary. */
  Type.Object(
    { action: Type.Literal('release'), release: ReleaseName, percent: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })) },
    { additionalProperties: false },
  ),
  Type.Object({ action: Type.Literal('promote') }, { additionalProperties: false }),
  Type.Object({ action: Type.Literal('rollback') }, { additionalProperties: false }),
]);
