/**
 * Reads a `.cheat` file the way navi does, to check the files the navi export writes (the server's
 * exports test and the CLI's). Written from navi's own source (denisidoro/navi, `src/parser.rs`
 * `read_lines`, `src/deser/mod.rs` `VAR_REGEX`, `src/env_var.rs` `escape`, `src/commands/core/actor.rs`
 * `replace_variables_from_snippet`), independently of the export's code:
 *
 * - `%` starts a cheat's tags, `#` a description, `;` a comment, `@` a dependency; a `$` line holding a
 *   `:` (outside a fence) defines a variable's suggestions; a line starting with three backticks opens or
 *   closes a fence and is dropped; the text after `% ` / `# ` (from the third character) is the value;
 * - every other line belongs to the current command; a blank line inside one joins it (older navi
 *   dropped it); a command is kept only with a description and some non-blank text;
 * - a variable is any `\\?<(\w[\w\d\-_]*)>` in a command (Unicode `\w`, a backslash before it
 *   included, redirections not told apart), and its value is kept under its name with `-` as `_`;
 * - filling replaces each variable, in order, with the value chosen for it.
 */

export interface NaviCommand {
  tags: string
  description: string
  /** The command's lines, as navi joins them. */
  lines: string[]
  /** Every variable navi finds in it, in order, repeats included, as matched (`<name>`). */
  variables: string[]
}

export interface NaviFile {
  commands: NaviCommand[]
  /** What navi would read otherwise than the export meant (an empty list for a good file). */
  problems: string[]
}

const WORD = String.raw`[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}]`
/** navi's VAR_REGEX with Rust's Unicode `\w`. */
export const NAVI_VARIABLE = new RegExp(String.raw`\\?<(${WORD}(?:${WORD}|-)*)>`, 'gu')

/** The environment variable navi keeps a variable's value in. */
export function naviKey(name: string): string {
  return name.replaceAll('-', '_')
}

/** Reads a cheat file line by line as navi's parser does, noting what the export should never write. */
export function readNaviCheat(text: string): NaviFile {
  const commands: NaviCommand[] = []
  const problems: string[] = []
  let tags = ''
  let description = ''
  let lines: string[] = []
  let insideFence = false
  const finish = () => {
    const command = { tags, description, lines, variables: [] as string[] }
    lines = []
    if (command.lines.join('').trim() === '') return
    if (description === '') {
      problems.push(`a command without a description is dropped by navi: ${command.lines.join('\\n')}`)
      return
    }
    command.variables = [...command.lines.join('\n').matchAll(NAVI_VARIABLE)].map((m) => m[0])
    for (const variable of command.variables)
      if (variable.startsWith('\\')) problems.push(`navi reads the backslash into ${variable}`)
    const names = [...new Set(command.variables)].map((v) => v.replace(/^\\?<|>$/g, ''))
    if (new Set(names.map(naviKey)).size !== names.length)
      problems.push(`two variables share one value in navi: ${names.join(', ')}`)
    commands.push(command)
  }
  const rows = text.split('\n')
  if (text.endsWith('\n')) rows.pop()
  else problems.push('the file does not end with a line break')
  for (const [index, line] of rows.entries()) {
    const at = `line ${index + 1}`
    if (line === '') {
      if (lines.length > 0) lines.push('')
    } else if (line.startsWith('%')) {
      finish()
      if (!line.startsWith('% ')) problems.push(`${at}: navi drops the character after %`)
      tags = line.slice(2).trim()
    } else if (line.startsWith('@')) {
      problems.push(`${at}: a dependency line: ${line}`)
    } else if (line.startsWith(';')) {
      // A comment navi ignores.
    } else if (line.startsWith('#')) {
      finish()
      if (!line.startsWith('# ')) problems.push(`${at}: navi drops the character after #`)
      description = line.slice(2).trim()
    } else if (line.startsWith('$') && line.includes(':') && !insideFence) {
      problems.push(`${at}: navi reads this as a variable's suggestions: ${line}`)
    } else if (line.startsWith('```')) {
      insideFence = !insideFence
      problems.push(`${at}: navi drops this line as a fence: ${line}`)
    } else {
      lines.push(line)
    }
  }
  finish()
  if (commands.some((command) => command.tags === '')) problems.push('a command has no tags line before it')
  return { commands, problems }
}

/** A command as navi runs it once each variable has its value (by name). */
export function fillAsNavi(command: NaviCommand, values: Readonly<Record<string, string>>): string {
  return command.lines
    .filter((line) => line !== '')
    .join('\n')
    .replace(NAVI_VARIABLE, (variable: string, name: string) => {
      const value = values[naviKey(name)]
      return value === undefined ? variable : value
    })
}
