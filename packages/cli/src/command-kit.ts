import type { Command } from 'commander';
import { Context, type GlobalOptions, type Io } from './context.js';

/** Options of a command merged with the global ones. */
export type Opts = GlobalOptions & Record<string, any>;

/** A command's body: a plain function of its context, options and positional arguments. */
export type Handler = (ctx: Context, opts: Opts, args: string[]) => Promise<void>;

/**
 * Adapts a handler to commander's action signature: builds the context from the global and
 * command options, runs the handler, and always closes what it opened.
 */
export function action(io: Io, handler: Handler): (...params: unknown[]) => Promise<void> {
  return async (...params) => {
    const cmd = params[params.length - 1] as Command;
    const args = params.slice(0, -2).flat() as string[];
    const opts = cmd.optsWithGlobals() as Opts;
    const ctx = new Context(io, opts);
    try {
      await handler(ctx, opts, args);
    } finally {
      await ctx.close();
    }
  };
}

/** Appends an Examples section to a command's help. */
export function examples(cmd: Command, lines: string[]): Command {
  return cmd.addHelpText('after', `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`);
}
