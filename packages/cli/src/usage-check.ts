import type { Command } from 'commander';

const HELP_FLAGS = new Set(['-h', '--help']);

/**
 * Commander shows the help of the nearest known command when `--help` is given, even after a word
 * that is no command (`tj nosuchcommand --help`, `tj trades nosuch --help`), and exits 0. Asked
 * before the real parse (on a program of its own, as parsing sets option values): such a word is an
 * unknown command, a usage error with commander's own message and suggestion, help or not (and
 * `tj help WORD` too).
 */
export function rejectUnknownCommand(program: Command, argv: string[]): void {
  if (!argv.some((a) => HELP_FLAGS.has(a) || a === 'help')) return;
  let cmd = program;
  let rest = argv;
  for (;;) {
    let operands: string[];
    let unknown: string[];
    try {
      ({ operands, unknown } = cmd.parseOptions(rest));
    } catch {
      return; // a bad flag value: the real parse says so
    }
    // `tj help WORD` is `tj WORD --help`.
    const skip = operands[0] === 'help' ? 1 : 0;
    const word = operands[skip];
    if (word === undefined) return;
    const sub = cmd.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (sub === undefined) {
      if (cmd.commands.length === 0 || cmd.registeredArguments.length > 0) return;
      cmd.args = [word];
      (cmd as unknown as { unknownCommand(): never }).unknownCommand();
    }
    cmd = sub as Command;
    rest = [...operands.slice(skip + 1), ...unknown];
  }
}
