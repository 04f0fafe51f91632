import fs from 'node:fs/promises';
import path from 'node:path';
import { RELEASES_FOLDER, type TelemetryFrame } from '@instalment/contract/api';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

/** Parsed maps kept per file: a release has a few dozen chunks, a handful of releases are live. */
const CACHED_MAPS = 32;

/** A built file's path as a URL may name it: no escaped character that could climb out of its folder or carry a value. */
const BUILT_PATH = /^[A-Za-z0-9_.\-/]+$/;

/** The path of a frame's file, without origin, query or hash; null when it is not a URL or a path. */
function framePath(file: string): string | null {
  try {
    return new URL(file, 'http://frame.invalid').pathname;
  } catch {
    return null;
  }
}

/** Where an error's code is: its first frame in the release's files, as the release's source map names it. */
export interface Located {
  /** The frame's built file, path only, and position: `/releases/1.5.0/main.1a2b3c4d.js:1:2345`. */
  frame: string;
  /** `src/NewsList.tsx:42:7`; the built file's place when no source map maps it. */
  source: string;
}

/**
 * Maps browsers' stack frames to the remotes' own files and lines, through the source maps each
 * release's build left beside its files (RELEASE_FILES: `<dist>/releases/<name>/*.js.map`, or
 * `<dist>/*.js.map` for the build served at the origin's root). The maps are read here only,
 * never served. Frames count lines and columns from 1, as browsers' stacks print them.
 */
export class SourceMaps {
  private readonly cache = new Map<string, SourceMapConsumer>();

  constructor(private readonly releaseFiles: Readonly<Record<string, string>>) {}

  /**
   * The first of `frames` in the release's files, mapped; null when none is. Where this machine
   * holds the remote's builds, a frame is the release's only if its file is there.
   */
  async locate(remote: string, release: string, frames: readonly TelemetryFrame[]): Promise<Located | null> {
    for (const frame of frames) {
      const built = this.builtFile(remote, release, frame.file);
      if (built === undefined) continue;
      const place = `${framePath(frame.file)}:${frame.line}:${frame.column}`;
      if (built === null) return { frame: place, source: place };
      if (!(await exists(built))) continue;
      return { frame: place, source: (await this.map(built, frame)) ?? place };
    }
    return null;
  }

  /**
   * The file a frame names in the release's folder on this machine: undefined when the frame is
   * not the release's (another release's, the host's, or a path that leaves the folder), null
   * when it is but this machine does not hold the remote's builds.
   */
  private builtFile(remote: string, release: string, file: string): string | null | undefined {
    const urlPath = framePath(file);
    if (urlPath === null || !BUILT_PATH.test(urlPath)) return undefined;
    const versioned = new RegExp(`/${RELEASES_FOLDER}/([^/]+)/(.+)$`).exec(urlPath);
    if (release === 'unversioned' ? versioned !== null : versioned?.[1] !== release) return undefined;
    const dist = this.releaseFiles[remote];
    if (!dist) return null;
    const folder = release === 'unversioned' ? path.resolve(dist) : path.resolve(dist, RELEASES_FOLDER, release);
    const built = path.resolve(folder, versioned ? versioned[2] : urlPath.slice(1));
    return built.startsWith(folder + path.sep) ? built : undefined;
  }

  /** `src/NewsList.tsx:42:7` for a frame of a built file, or null without a map or a mapping. */
  private async map(built: string, frame: TelemetryFrame): Promise<string | null> {
    const consumer = await this.consumerOf(`${built}.map`);
    if (!consumer) return null;
    const original = consumer.originalPositionFor({ line: frame.line, column: Math.max(0, frame.column - 1) });
    if (original.source === null || original.line === null) return null;
    return `${repoPath(original.source)}:${original.line}:${original.column + 1}`;
  }

  private async consumerOf(file: string): Promise<SourceMapConsumer | null> {
    const cached = this.cache.get(file);
    if (cached) {
      // The most recently used last: the first is the one to drop.
      this.cache.delete(file);
      this.cache.set(file, cached);
      return cached;
    }
    let raw: RawSourceMap;
    try {
      raw = JSON.parse(await fs.readFile(file, 'utf8')) as RawSourceMap;
    } catch {
      return null;
    }
    const consumer = new SourceMapConsumer(raw);
    this.cache.set(file, consumer);
    if (this.cache.size > CACHED_MAPS) this.cache.delete(this.cache.keys().next().value!);
    return consumer;
  }
}

const exists = (file: string) =>
  fs.stat(file).then(
    (stat) => stat.isFile(),
    () => false,
  );

/** `webpack://mf_news/./src/NewsList.tsx` → `src/NewsList.tsx`: the remote's file as its repository names it. */
function repoPath(source: string): string {
  return source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^(\.\.?\/)+/, '');
}
