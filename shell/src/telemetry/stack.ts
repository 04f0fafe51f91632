import type { TelemetryFrame } from '@instalment/contract/api';

/** What a report keeps of a stack: the top frames, as many as the telemetry schema takes. */
const MAX_FRAMES = 20;
/** The longest file URL the telemetry schema takes; a longer one is left out rather than cut into another file's name. */
const MAX_FILE = 300;

/**
 * A frame's `url:line:column` at the end of its line: Chrome's `at fn (url:1:2)` and `at url:1:2`,
 * and Firefox's and Safari's `fn@url:1:2`. Frames of code without a URL (`<anonymous>`, eval) have none.
 */
const FRAME = /(https?:\/\/[^\s()]+):(\d+):(\d+)\)?\s*$/;

/** The frames of an error's stack that name a built file, top first; the file without its query or hash. */
export function framesOf(error: unknown): TelemetryFrame[] {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  const frames: TelemetryFrame[] = [];
  for (const line of stack.split('\n')) {
    const match = FRAME.exec(line);
    const file = match?.[1].split(/[?#]/)[0];
    if (!match || !file || file.length > MAX_FILE) continue;
    frames.push({ file, line: Number(match[2]), column: Number(match[3]) });
    if (frames.length === MAX_FRAMES) break;
  }
  return frames;
}
