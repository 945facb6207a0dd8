import { Argument, Command, CommanderError, Option } from 'commander'
import { err } from './colors.ts'
import {
  collectionsCommand,
  copyCommand,
  exportCommand,
  fillCommand,
  loginCommand,
  logoutCommand,
  saveCommand,
  savedCommand,
  searchCommand,
  showCommand,
  unsaveCommand,
  voteCommand,
  whoamiCommand,
  widgetCommand,
} from './commands.ts'
import { type Context, createContext } from './context.ts'
import { CliError, EXIT } from './errors.ts'
import { WIDGET_SHELLS } from './widget.ts'

const collect = (value: string, previous: string[] = []): string[] => [...previous, value]
const jsonOption = (): Option => new Option('--json', 'machine-readable output (stable JSON on stdout)')
const setOption = (): Option =>
  new Option('-s, --set <name=value>', 'value for a placeholder (repeat for each)').argParser(collect)

/** Runs a command with a fresh context, writing the cache afterwards. */
function withContext<A extends unknown[]>(run: (context: Context, ...args: A) => Promise<void>) {
  return async (...args: A): Promise<void> => {
    const context = await createContext()
    try {
      await run(context, ...args)
    } finally {
      await context.finish()
    }
  }
}

const program = new Command()
  .name('bashboard')
  .description(
    'Find, fill, copy, vote on and save Bashboard commands from the terminal.\n' +
      'Site: BASHBOARD_URL (default http://localhost:3000). Token: `bashboard login` or BASHBOARD_TOKEN.',
  )
  .version('0.1.0')
  .showHelpAfterError('(run with --help for usage)')
  // Parse failures come back as exceptions, so they can exit 2 rather than commander's 1.
  .exitOverride()
  .configureOutput({ outputError: (text, write) => write(err.red(text)) })
  .addHelpText(
    'after',
    '\nExit codes: 0 ok, 1 error, 2 usage, 4 not found.\n' +
      'Examples:\n  bashboard search find large files\n  bashboard fill pack-a-directory-into-a-gzipped-tarball\n' +
      '  eval "$(bashboard widget bash)"   # Ctrl-X Ctrl-B searches from the prompt',
  )

program
  .command('search')
  .description('search commands (best matches first); --pick opens an interactive picker')
  .argument('[words...]', 'what to look for')
  .option('-n, --limit <n>', 'how many results (1-50)', undefined)
  .option('--pick', 'choose a result interactively, fill its placeholders and print the command')
  .addOption(setOption())
  .addOption(jsonOption())
  .action(withContext((context, words: string[], options) => searchCommand(context, words, options)))

program
  .command('show')
  .description('show a command: title, command, placeholders, description, votes and link')
  .argument('<slug|id>', "the command's slug (from search) or id")
  .addOption(jsonOption())
  .action(withContext((context, slug: string, options) => showCommand(context, slug, options)))

for (const name of ['fill', 'run']) {
  program
    .command(name)
    .description(
      name === 'fill'
        ? 'ask for each placeholder, then print the filled command (never runs it)'
        : 'the same as fill: prints the filled command for you to run',
    )
    .argument('<slug|id>', "the command's slug or id")
    .addOption(setOption())
    .option('-c, --copy', 'copy the filled command to the clipboard instead of printing it')
    .addOption(jsonOption())
    .addHelpText(
      'after',
      '\nExample:\n  bashboard fill pack-a-directory-into-a-gzipped-tarball --set archive.tar.gz=out.tgz --set path/to/directory=src',
    )
    .action(withContext((context, slug: string, options) => fillCommand(context, slug, options)))
}

program
  .command('copy')
  .description('copy a command to the clipboard (OSC 52, wl-copy, xclip or pbcopy; else prints it)')
  .argument('<slug|id>', "the command's slug or id")
  .addOption(setOption())
  .action(withContext((context, slug: string, options) => copyCommand(context, slug, options)))

for (const direction of ['up', 'down'] as const) {
  program
    .command(direction)
    .description(`${direction}vote a command (token scope "vote")`)
    .argument('<slug|id>', "the command's slug or id")
    .addOption(jsonOption())
    .action(withContext((context, slug: string, options) => voteCommand(context, direction, slug, options)))
}

program
  .command('save')
  .description('save a command, or add it to one of your collections (token scope "save")')
  .argument('<slug|id>', "the command's slug or id")
  .option('-t, --to <collection>', 'a collection (name, slug or id); a new private one is made if needed')
  .addOption(jsonOption())
  .action(withContext((context, slug: string, options) => saveCommand(context, slug, options)))

program
  .command('unsave')
  .description('remove a command from your saved commands (token scope "save")')
  .argument('<slug|id>', "the command's slug or id")
  .addOption(jsonOption())
  .action(withContext((context, slug: string, options) => unsaveCommand(context, slug, options)))

program
  .command('saved')
  .description('list your saved commands (kept for offline use)')
  .addOption(jsonOption())
  .action(withContext((context, options) => savedCommand(context, options)))

program
  .command('collections')
  .description('list your collections, or the commands of one (kept for offline use)')
  .argument('[collection]', 'a collection name, slug or id')
  .addOption(jsonOption())
  .action(
    withContext((context, name: string | undefined, options) => collectionsCommand(context, name, options)),
  )

program
  .command('export')
  .description('export your saved commands or a collection as a navi cheat, tldr page or JSON')
  .option('--collection <name|id>', 'export this collection instead of all saved commands')
  .addOption(
    new Option('-f, --format <format>', 'output format').choices(['navi', 'tldr', 'json']).default('navi'),
  )
  .option('-o, --output <file>', 'write to a file instead of stdout')
  .addHelpText(
    'after',
    '\nExample:\n  bashboard export --format navi -o ~/.local/share/navi/cheats/bashboard.cheat',
  )
  .action(withContext((context, options) => exportCommand(context, options)))

program
  .command('login')
  .description('store a personal access token (paste it; never your password)')
  .option('--token <token>', 'the token (else BASHBOARD_TOKEN, else asked for, hidden, or read from stdin)')
  .addOption(jsonOption())
  .action(withContext((context, options) => loginCommand(context, options)))

program
  .command('whoami')
  .description('show who the stored token belongs to')
  .addOption(jsonOption())
  .action(withContext((context, options) => whoamiCommand(context, options)))

program
  .command('logout')
  .description('remove the stored token from the config file')
  .action(() => logoutCommand())

program
  .command('widget')
  .description('print a shell widget: Ctrl-X Ctrl-B searches and puts the chosen command on your prompt')
  .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(WIDGET_SHELLS))
  .addHelpText(
    'after',
    '\nSetup:\n  bash: eval "$(bashboard widget bash)"     (in ~/.bashrc)\n' +
      '  zsh:  eval "$(bashboard widget zsh)"      (in ~/.zshrc)\n' +
      '  fish: bashboard widget fish | source      (in ~/.config/fish/config.fish)',
  )
  .action((shell: string) => widgetCommand(shell))

try {
  await program.parseAsync(process.argv)
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and --version end with code 0; every other parse failure is a usage error.
    process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage
  } else if (error instanceof CliError) {
    process.stderr.write(`${err.red('bashboard:')} ${error.message}\n`)
    process.exitCode = error.exitCode
  } else {
    process.stderr.write(
      `${err.red('bashboard: unexpected error:')} ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
    process.exitCode = EXIT.error
  }
}
