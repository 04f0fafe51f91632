import path from 'node:path';

/**
 * The file named after `flag` on the command line, read from where `npm run` was typed
 * (npm runs a workspace's script in the workspace's folder, and says where it started in INIT_CWD).
 */
export function archivePath(args: readonly string[], flag: '--to' | '--from'): string | null {
  const at = args.indexOf(flag);
  const file = at < 0 ? undefined : args[at + 1];
  return file ? path.resolve(process.env.INIT_CWD ?? process.cwd(), file) : null;
}

/** Runs a command's main and exits with its code; a failure prints its sentence alone. */
export function run(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
