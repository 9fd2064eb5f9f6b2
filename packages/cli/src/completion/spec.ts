/**
 * What shell completion knows of `tj`, read from the commander command tree: each command's
 * subcommands, flags, the values a flag or argument takes (its choices), and the values only a
 * running `tj` knows (format and profile names), which the scripts ask of `tj __complete KIND`.
 */
import type { Argument, Command, Option } from 'commander';

/** Values only a running `tj` knows: format names (with saved profiles), saved profile names, time zones. */
export const DYNAMIC_KINDS = ['formats', 'profiles', 'zones'] as const;

/** One kind of value `tj __complete` answers. */
export type DynamicKind = (typeof DYNAMIC_KINDS)[number];

const dynamic = new WeakMap<Option | Argument, DynamicKind>();

/** Completes the value of `cmd`'s option `flag` (`--format`) with the values of `kind`; answers `cmd`. */
export function completeOption(cmd: Command, flag: string, kind: DynamicKind): Command {
  const option = cmd.options.find((o) => o.long === flag || o.short === flag);
  if (option === undefined) throw new Error(`${cmd.name()} has no option ${flag}`);
  dynamic.set(option, kind);
  return cmd;
}

/** Completes `cmd`'s argument number `index` (from 0) with the values of `kind`; answers `cmd`. */
export function completeArgument(cmd: Command, index: number, kind: DynamicKind): Command {
  const argument = cmd.registeredArguments[index];
  if (argument === undefined) throw new Error(`${cmd.name()} has no argument ${index}`);
  dynamic.set(argument, kind);
  return cmd;
}

/**
 * A value spec: `@KIND` (asked of `tj __complete KIND`), words to choose from, or empty for
 * anything (the shell completes file names).
 */
function valueSpec(item: Option | Argument): string {
  const kind = dynamic.get(item);
  if (kind !== undefined) return `@${kind}`;
  // A choice with a space would split into two words in the scripts' lists: such choices are left out.
  return (item.argChoices ?? []).filter((c) => !/\s/.test(c)).join(' ');
}

/**
 * The completion table: keys and values the scripts look up (the same in every shell).
 * - `subs:PATH`: the subcommands of the command at PATH (`tj trades`), space-separated;
 * - `opts:PATH`: its flags; `globals`: the root's that apply everywhere (not --help, --version);
 * - `val:PATH FLAG`: `-` when the flag takes no value, else `=` and the value spec;
 * - `arg:PATH N`: the value spec of its argument N (from 0), where it has one (else file names).
 */
export function completionTable(program: Command): Map<string, string> {
  const table = new Map<string, string>();
  const walk = (cmd: Command, path: string) => {
    const help = cmd.createHelp();
    const subs = help.visibleCommands(cmd).filter((c) => c.name() !== 'help');
    if (subs.length > 0) table.set(`subs:${path}`, subs.map((c) => c.name()).join(' '));
    const options = help.visibleOptions(cmd);
    const flags: string[] = [];
    for (const o of options) {
      for (const flag of [o.long, o.short]) {
        if (flag === undefined) continue;
        flags.push(flag);
        table.set(`val:${path} ${flag}`, o.required || o.optional ? `=${valueSpec(o)}` : '-');
      }
    }
    if (flags.length > 0) table.set(`opts:${path}`, flags.join(' '));
    if (cmd === program) table.set('globals', flags.filter((f) => !['-h', '--help', '-V', '--version'].includes(f)).join(' '));
    cmd.registeredArguments.forEach((a, i) => {
      const spec = valueSpec(a);
      if (spec !== '') table.set(`arg:${path} ${i}`, spec);
    });
    for (const sub of subs) walk(sub, `${path} ${sub.name()}`);
  };
  walk(program, program.name());
  return table;
}

/**
 * The global flags `tj __complete` reads from the words typed so far (`--db PATH`, `--user EMAIL`),
 * so that profile names come from the database the command line names. Bash splits `--db=PATH`
 * into `--db`, `=`, `PATH`; that form is read too.
 */
export function typedGlobals(words: string[]): { db?: string; user?: string } {
  const found: { db?: string; user?: string } = {};
  for (let i = 0; i < words.length; i++) {
    const match = /^--(db|user)(?:=(.*))?$/.exec(words[i] ?? '');
    if (match === null) continue;
    const key = match[1] as 'db' | 'user';
    let value = match[2];
    if (value === undefined) {
      if (words[i + 1] === '=') i++;
      value = words[++i];
    }
    if (value !== undefined && value !== '') found[key] = value;
  }
  return found;
}
