import { UsageError } from '../errors.js';

/** The streams prompts use: they run only when `stdin` is a terminal. */
export interface PromptIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream;
}

/** Options common to every prompt: the flag that gives the same answer without a prompt. */
interface Ask {
  message: string;
  flag: string;
}

/** A free-text question; a blank answer returns '' unless `required`. */
export interface TextAsk extends Ask {
  default?: string;
  required?: boolean;
  /** Returns an error message for a bad answer, or true. */
  validate?: (value: string) => string | true;
}

/** The one way commands ask the user something. */
export interface Prompter {
  /** True when prompts may run (stdin is a terminal and prompts are not turned off). */
  readonly interactive: boolean;
  text(ask: TextAsk): Promise<string>;
  password(ask: Ask & { confirm?: boolean }): Promise<string>;
  select<T extends string>(ask: Ask & { choices: readonly T[]; default?: T }): Promise<T>;
  confirm(ask: Ask & { default?: boolean }): Promise<boolean>;
}

/** The error for an answer that is needed when prompts cannot run: it names the flag to pass. */
export function cannotAsk(what: string, flag: string): UsageError {
  const subject = what.replace(/[\s:?]+$/, '').toLowerCase();
  return new UsageError(`${subject} is needed and stdin is not a terminal (or --no-input), so tj cannot ask: pass ${flag}`);
}

function refuse(ask: Ask): never {
  throw cannotAsk(ask.message, ask.flag);
}

/**
 * The prompt wrapper over @inquirer/prompts. It refuses to prompt when stdin is not a terminal
 * (or `enabled` is false, as with --no-input), with an error naming the flag to pass instead.
 * Prompts write to stderr so that stdout keeps only the command's output.
 */
export function createPrompter(io: PromptIo, enabled: boolean): Prompter {
  const interactive = enabled && io.stdin.isTTY === true;
  const context = { input: io.stdin, output: io.stderr };
  const lib = () => import('@inquirer/prompts');
  return {
    interactive,
    async text(ask) {
      if (!interactive) refuse(ask);
      const { input } = await lib();
      const answer = await input(
        {
          message: ask.message,
          ...(ask.default !== undefined && { default: ask.default }),
          required: ask.required === true,
          validate: (v: string) => (ask.validate && v.trim() !== '' ? ask.validate(v.trim()) : true),
        },
        context,
      );
      return answer.trim();
    },
    async password(ask) {
      if (!interactive) refuse(ask);
      const { password } = await lib();
      const validate = (v: string) => (v.length >= 8 ? true : 'at least 8 characters');
      for (;;) {
        const first = await password({ message: ask.message, mask: '*', ...(ask.confirm && { validate }) }, context);
        if (!ask.confirm) return first;
        const again = await password({ message: 'Repeat the password', mask: '*' }, context);
        if (again === first) return first;
        io.stderr.write('The two passwords differ; type them again.\n');
      }
    },
    async select(ask) {
      if (!interactive) refuse(ask);
      const { select } = await lib();
      const choices = ask.choices.map((value) => ({ value, name: value }));
      return select({ message: ask.message, choices, ...(ask.default !== undefined && { default: ask.default }) }, context);
    },
    async confirm(ask) {
      if (!interactive) refuse(ask);
      const { confirm } = await lib();
      return confirm({ message: ask.message, default: ask.default ?? false }, context);
    },
  };
}
