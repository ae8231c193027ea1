/**
 * Command-line options of the repository's scripts (`npm run soak`, `npm run trials`): node's
 * parseArgs with `--help` / `-h` printing the usage (exit 0), and an unknown or malformed option
 * answered with one line and the usage (exit 2) instead of a stack trace.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

export function parseScriptArgs<O extends Options>(name: string, usage: string, options: O): ReturnType<typeof parseArgs<{ options: O }>>['values'] {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  try {
    return parseArgs({ args: argv, options }).values;
  } catch (e) {
    process.stderr.write(`${name}: ${e instanceof Error ? e.message : String(e)}\n${usage}\n`);
    process.exit(2);
  }
}
