import { realpathSync } from 'node:fs'
import { UsageError } from './errors.ts'

export const WIDGET_SHELLS = ['bash', 'zsh', 'fish'] as const
export type WidgetShell = (typeof WIDGET_SHELLS)[number]

/** Single-quotes a word for POSIX shells and fish (a quote inside becomes '\''). */
function quote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`
}

/**
 * The program the widget runs: this very executable, by absolute path, so the widget works whether
 * `bashboard` is on PATH (global install) or only reachable through `npx` in a clone.
 */
function executable(): string {
  const script = process.argv[1]
  if (!script) return 'bashboard'
  try {
    return realpathSync(script)
  } catch {
    return 'bashboard'
  }
}

/**
 * A shell function bound to Ctrl-X Ctrl-B that opens `bashboard search --pick` on the terminal (the
 * current line is the first query), asks for the placeholders, and puts the filled command on the
 * prompt line to edit or run. Like navi's widget, it is meant for `eval "$(bashboard widget bash)"`.
 */
export function widgetScript(shell: string): string {
  const bin = quote(executable())
  switch (shell) {
    case 'bash':
      return `# Bashboard: Ctrl-X Ctrl-B searches Bashboard and puts the chosen command on the prompt line.
# Add to ~/.bashrc:  eval "$(bashboard widget bash)"
__bashboard_widget() {
  local selected
  selected="$(${bin} search --pick -- "$READLINE_LINE" </dev/tty)" || return 0
  if [ -n "$selected" ]; then
    READLINE_LINE="$selected"
    READLINE_POINT=\${#READLINE_LINE}
  fi
}
bind -x '"\\C-x\\C-b": __bashboard_widget'
`
    case 'zsh':
      return `# Bashboard: Ctrl-X Ctrl-B searches Bashboard and puts the chosen command on the prompt line.
# Add to ~/.zshrc:  eval "$(bashboard widget zsh)"
__bashboard_widget() {
  local selected
  selected="$(${bin} search --pick -- "$LBUFFER" </dev/tty)"
  if [[ -n "$selected" ]]; then
    LBUFFER="$selected"
  fi
  zle reset-prompt
}
zle -N __bashboard_widget
bindkey '^X^B' __bashboard_widget
`
    case 'fish':
      return `# Bashboard: Ctrl-X Ctrl-B searches Bashboard and puts the chosen command on the prompt line.
# Add to ~/.config/fish/config.fish:  bashboard widget fish | source
function __bashboard_widget -d 'Search Bashboard and put the chosen command on the prompt line'
    set -l selected (${bin} search --pick -- (commandline) </dev/tty | string collect)
    if test -n "$selected"
        commandline --replace -- $selected
    end
    commandline -f repaint
end
bind \\cx\\cb __bashboard_widget
if bind -M insert >/dev/null 2>&1
    bind -M insert \\cx\\cb __bashboard_widget
end
`
    default:
      throw new UsageError(`unknown shell "${shell}": choose one of ${WIDGET_SHELLS.join(', ')}`)
  }
}
