/**
 * `tj completion bash|zsh|fish`: each script holds the completion table of the command tree (see
 * completionTable) as one lookup function, and the same small walker: follow the words typed so
 * far down the subcommands (skipping flags and their values), then offer the subcommands, the
 * flags, or the values of the flag or argument at the cursor. Values only a running `tj` knows are
 * asked of `tj __complete KIND -- WORDS…`. A new command or flag needs no edit here.
 */
import { completionTable } from './spec.js';
import type { Command } from 'commander';

/** The shells `tj completion` writes a script for. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;

/** One of {@link SHELLS}. */
export type Shell = (typeof SHELLS)[number];

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The lookup function of bash and zsh: `_tj_spec KEY` sets REPLY, or fails for an unknown key. */
function posixLookup(table: Map<string, string>): string {
  const cases = [...table].map(([key, value]) => `    ${quote(key)}) REPLY=${quote(value)} ;;`);
  return ['_tj_spec() {', '  case $1 in', ...cases, '    *) return 1 ;;', '  esac', '}'].join('\n');
}

/** What bash and zsh share: the lookup, a flag's spec, and the step of the walk over one word. */
function posixFunctions(table: Map<string, string>): string {
  return `${posixLookup(table)}

# The spec of flag $2 of the command at $1 (the root's flags apply everywhere), in REPLY.
_tj_flag() {
  _tj_spec "val:$1 $2" || _tj_spec "val:tj $2"
}

# One word typed before the cursor, in the caller's cmdpath, n and value: a subcommand moves
# cmdpath, a flag that takes a value makes the next word its value, anything else is argument n.
_tj_word() {
  if ((value)); then value=0; return 0; fi
  case $1 in
    -*=*) ;;
    -*) _tj_flag "$cmdpath" "$1" && [[ $REPLY == '='* ]] && value=1 ;;
    *) if _tj_spec "subs:$cmdpath" && [[ " $REPLY " == *" $1 "* ]]; then cmdpath="$cmdpath $1"; n=0; else n=$((n + 1)); fi ;;
  esac
  return 0
}`;
}

function bash(table: Map<string, string>, version: string): string {
  return `# bash completion for tj ${version}, written by: tj completion bash
# Load it in ~/.bashrc with:  source <(tj completion bash)
${posixFunctions(table)}

# COMPREPLY: the values of spec $1 that start with $2 (@KIND: asked of tj; none: file names).
_tj_values() {
  local spec=$1 cur=$2 values IFS=$'\\n'
  if [[ $spec == @* ]]; then
    values=$("\${COMP_WORDS[0]}" __complete "\${spec#@}" -- "\${COMP_WORDS[@]:1:COMP_CWORD-1}" 2>/dev/null)
    COMPREPLY=($(compgen -W "$values" -- "$cur"))
  elif [[ -n $spec ]]; then
    COMPREPLY=($(compgen -W "\${spec// /$'\\n'}" -- "$cur"))
  else
    compopt -o default 2>/dev/null
    COMPREPLY=()
  fi
}

_tj() {
  local cur=\${COMP_WORDS[COMP_CWORD]} cmdpath=tj i w n=0 value=0 flag REPLY
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    w=\${COMP_WORDS[i]}
    [[ $w == = ]] || _tj_word "$w"
  done
  [[ $cur == = ]] && cur=
  if ((value)); then
    flag=\${COMP_WORDS[COMP_CWORD-1]}
    [[ $flag == = ]] && flag=\${COMP_WORDS[COMP_CWORD-2]}
    _tj_flag "$cmdpath" "$flag"
    _tj_values "\${REPLY#=}" "$cur"
  elif [[ $cur == -* ]]; then
    local flags=
    _tj_spec "opts:$cmdpath" && flags=$REPLY
    [[ $cmdpath != tj ]] && _tj_spec globals && flags="$flags $REPLY"
    COMPREPLY=($(compgen -W "$flags" -- "$cur"))
  elif _tj_spec "subs:$cmdpath"; then
    COMPREPLY=($(compgen -W "$REPLY" -- "$cur"))
  else
    REPLY=
    _tj_spec "arg:$cmdpath $n"
    _tj_values "$REPLY" "$cur"
  fi
  return 0
}

complete -F _tj tj
`;
}

function zsh(table: Map<string, string>, version: string): string {
  return `#compdef tj
# zsh completion for tj ${version}, written by: tj completion zsh
# Load it in ~/.zshrc, after compinit, with:  source <(tj completion zsh)
${posixFunctions(table)}

# Offers the values of spec $1 (@KIND: asked of tj; none: file names).
_tj_values() {
  local spec=$1
  local -a values
  if [[ $spec == @* ]]; then
    values=(\${(f)"$(\${words[1]} __complete \${spec#@} -- \${words[2,CURRENT-1]} 2>/dev/null)"})
    compadd -a values
  elif [[ -n $spec ]]; then
    values=(\${=spec})
    compadd -a values
  else
    _files
  fi
}

_tj() {
  local cmdpath=tj cur=\${words[CURRENT]} i n=0 value=0 REPLY
  local -a flags
  for ((i = 2; i < CURRENT; i++)); do
    _tj_word "\${words[i]}"
  done
  if ((value)); then
    _tj_flag "$cmdpath" "\${words[CURRENT-1]}"
    _tj_values "\${REPLY#=}"
  elif [[ $cur == -*=* ]]; then
    REPLY=
    _tj_flag "$cmdpath" "\${cur%%=*}"
    compset -P '*='
    _tj_values "\${REPLY#=}"
  elif [[ $cur == -* ]]; then
    _tj_spec "opts:$cmdpath" && flags=(\${=REPLY})
    [[ $cmdpath != tj ]] && _tj_spec globals && flags+=(\${=REPLY})
    compadd -a flags
  elif _tj_spec "subs:$cmdpath"; then
    flags=(\${=REPLY})
    compadd -a flags
  else
    REPLY=
    _tj_spec "arg:$cmdpath $n"
    _tj_values "$REPLY"
  fi
}

(( $+functions[compdef] )) && compdef _tj tj
`;
}

function fish(table: Map<string, string>, version: string): string {
  const cases = [...table].map(([key, value]) => `        case ${quote(key)}\n            echo ${quote(value)}`);
  return `# fish completion for tj ${version}, written by: tj completion fish
# Load it with:  tj completion fish | source
# or keep it:    tj completion fish > ~/.config/fish/completions/tj.fish
function __tj_spec
    switch $argv[1]
${cases.join('\n')}
        case '*'
            return 1
    end
end

# The spec of flag $argv[2] of the command at $argv[1] (the root's flags apply everywhere).
function __tj_flag
    __tj_spec "val:$argv[1] $argv[2]"; or __tj_spec "val:tj $argv[2]"
end

# The values of spec $argv[1] (@KIND: asked of tj; none: paths starting with $argv[2]).
function __tj_values
    set -l spec $argv[1]
    if string match -q -- '@*' "$spec"
        set -l tokens (commandline -opc)
        command $tokens[1] __complete (string sub -s 2 -- $spec) -- $tokens[2..-1] 2>/dev/null
    else if test -n "$spec"
        string split ' ' -- $spec
    else
        __fish_complete_path $argv[2]
    end
end

function __tj_complete
    set -l tokens (commandline -opc)
    set -l cur (commandline -ct)
    set -l cmdpath tj
    set -l n 0
    set -l value 0
    for w in $tokens[2..-1]
        if test $value = 1
            set value 0
            continue
        end
        switch $w
            case '-*=*'
            case '-*'
                set -l spec (__tj_flag $cmdpath $w)
                string match -q -- '=*' "$spec"; and set value 1
            case '*'
                set -l subs (__tj_spec "subs:$cmdpath")
                if contains -- $w (string split ' ' -- "$subs")
                    set cmdpath "$cmdpath $w"
                    set n 0
                else
                    set n (math $n + 1)
                end
        end
    end
    if test $value = 1
        set -l spec (__tj_flag $cmdpath $tokens[-1])
        __tj_values (string sub -s 2 -- "$spec") $cur
    else if string match -q -- '-*=*' $cur
        set -l flag (string split -m 1 = -- $cur)[1]
        set -l spec (__tj_flag $cmdpath $flag)
        for v in (__tj_values (string sub -s 2 -- "$spec") '')
            echo "$flag=$v"
        end
    else if string match -q -- '-*' $cur
        set -l flags (__tj_spec "opts:$cmdpath")
        test $cmdpath != tj; and set -a flags (__tj_spec globals)
        string split ' ' -- $flags
    else if set -l subs (__tj_spec "subs:$cmdpath")
        string split ' ' -- $subs
    else
        set -l spec (__tj_spec "arg:$cmdpath $n")
        __tj_values "$spec" $cur
    end
end

complete -c tj -f -a '(__tj_complete)'
`;
}

/** The completion script of `shell` for the command tree of `program`. */
export function completionScript(shell: Shell, program: Command, version: string): string {
  const table = completionTable(program);
  return { bash, zsh, fish }[shell](table, version);
}
