import type { Command } from 'commander';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';

/**
 * `tj mcp`: a Model Context Protocol server on stdio for the trader's own LLM client, on the
 * journal every command works on (local, or a server through TJ_SERVER and TJ_API_KEY or `tj
 * login`). The journal is opened before the protocol starts, so a journal that cannot be reached
 * fails as any command does (`tj: …` on stderr, exit 1 or 2); stdout carries the protocol only.
 */
async function mcp(ctx: Context, opts: Opts, version: string): Promise<void> {
  const client = await ctx.client();
  const [{ mcpTools }, { serveMcp }] = await Promise.all([import('../mcp/tools.js'), import('../mcp/server.js')]);
  const tools = mcpTools(ctx.tz).filter((t) => t.kind === 'read' || opts.readOnly !== true);
  await serveMcp({ tools, client, stdin: ctx.io.stdin, stdout: ctx.io.stdout, env: ctx.env, version });
}

/** Registers `tj mcp`. */
export function registerMcp(program: Command, io: Io): void {
  const cmd = program
    .command('mcp')
    .description(
      'serve your journal to an LLM client over the Model Context Protocol (stdio): read tools, journal and trade notes',
    )
    .option('--read-only', 'offer the read tools only (no journal writing, no trade notes)')
    .action(action(io, (ctx, opts) => mcp(ctx, opts, program.version() ?? '')));
  examples(cmd, [
    'tj mcp                                   # in the LLM client\'s config: "command": "tj", "args": ["mcp"]',
    'tj --db ~/journal.db --tz America/New_York mcp --read-only',
    'TJ_SERVER=https://journal.example.com TJ_API_KEY=tj_live_… tj mcp',
  ]);
}
