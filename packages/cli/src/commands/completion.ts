import { Argument, type Command } from 'commander';
import { examples } from '../command-kit.js';
import { DYNAMIC_KINDS, type DynamicKind, typedGlobals } from '../completion/spec.js';
import { completionScript, SHELLS, type Shell } from '../completion/scripts.js';
import { Context, type Io } from '../context.js';

/** The format names `tj import --format` takes: the API's formats, then the user's saved profiles. */
async function formatNames(ctx: Context): Promise<string[]> {
  const { knownFormats } = await import('./import.js');
  const formats = (await knownFormats(ctx)).map((f) => f.name);
  return [...formats, ...(await profileNames(ctx).catch(() => []))];
}

async function profileNames(ctx: Context): Promise<string[]> {
  return (await (await ctx.client()).imports.profiles.list()).profiles.map((p) => p.name);
}

const VALUES: Record<DynamicKind, (ctx: Context) => Promise<string[]>> = {
  formats: formatNames,
  profiles: profileNames,
  zones: async () => Intl.supportedValuesOf('timeZone'),
};

/**
 * `tj __complete KIND -- WORDS…` (hidden): the values of KIND, one a line, for the completion
 * scripts; the words typed so far name the database (--db) and user (--user). Never prompts, and
 * prints nothing when the values cannot be had (no database yet, logged out).
 */
async function complete(io: Io, kind: string, words: string[]): Promise<void> {
  const values = VALUES[kind as DynamicKind];
  if (values === undefined) return;
  const ctx = new Context(io, { ...typedGlobals(words), input: false });
  try {
    const list = await values(ctx);
    if (list.length > 0) io.stdout.write(`${list.join('\n')}\n`);
  } catch {
    // Nothing to offer: the shell completes nothing rather than print an error under the prompt.
  } finally {
    await ctx.close();
  }
}

/** Registers `tj completion bash|zsh|fish` and the hidden `tj __complete` its scripts call. */
export function registerCompletion(program: Command, io: Io): void {
  const cmd = program
    .command('completion')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
    .description('print the shell completion script: commands, flags, format and saved profile names')
    .action((shell: Shell) => {
      io.stdout.write(completionScript(shell, program, program.version() ?? ''));
    });
  examples(cmd, [
    'tj completion bash > ~/.local/share/bash-completion/completions/tj',
    'tj completion fish > ~/.config/fish/completions/tj.fish',
    'source <(tj completion zsh)      # in ~/.zshrc, after compinit',
    'source <(tj completion bash)     # or this line in ~/.bashrc',
  ]);
  program
    .command('__complete', { hidden: true })
    .addArgument(new Argument('<kind>').choices(DYNAMIC_KINDS))
    .argument('[words...]')
    .action((kind: string, words: string[]) => complete(io, kind, words));
}
