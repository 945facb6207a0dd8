import { code, p, ul } from './html.ts'
import type { SeedCommand } from './seed-command.ts'

/*
 * Commands written with placeholders, in tldr's `{{name}}` and navi's `<name>` forms, so a newcomer
 * sees the detail page's "Fill placeholders" form. Some sit next to real redirections (`</dev/null`,
 * `2>/dev/null`), which are never placeholders.
 */
export const PLACEHOLDER_COMMANDS: readonly SeedCommand[] = [
  {
    title: 'Pack a directory into a gzipped tarball',
    command: 'tar -czf {{archive.tar.gz}} {{path/to/directory}}',
    category: 'archives-compression',
    author: 'sed_sally',
    tags: ['tar'],
    daysAgo: 3,
    description: [
      p(
        `The everyday way to bundle a folder into one file you can copy, mail or keep. Fill in the archive's name and the directory, then copy the finished command.`,
      ),
      ul(
        `${code('-c')} creates a new archive, ${code('-z')} runs it through gzip and ${code('-f')} names the file to write.`,
        `Paths inside the archive are relative to what you pass: give ${code('project')} rather than ${code('/home/me/project')} to avoid long paths when it is unpacked.`,
        `Check the result with ${code('tar -tzf archive.tar.gz')} before deleting the original.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'tty_tom',
        text: 'Swap -z for -J and the name to .tar.xz when the archive has to be as small as possible.',
        after: 5,
      },
    ],
  },
  {
    title: 'Cut a clip out of a video without re-encoding',
    command: 'ffmpeg -ss {{00:01:00}} -i {{input.mp4}} -t {{30}} -c copy {{clip.mp4}}',
    category: 'file-management',
    author: 'zsh_zoe',
    tags: ['ffmpeg'],
    daysAgo: 9,
    description: [
      p(
        `Copies a stretch of a video into a new file in a second or two, because nothing is decoded: the audio and video streams are copied as they are (${code('-c copy')}).`,
      ),
      ul(
        `${code('-ss')} before ${code('-i')} seeks in the input, which is fast; the start is written as ${code('HH:MM:SS')} or in seconds.`,
        `${code('-t')} is the length of the clip in seconds (use ${code('-to')} for an end time instead).`,
        `Without re-encoding the cut snaps to the nearest keyframe, so the clip may start a moment early. Drop ${code('-c copy')} for a frame-exact cut that takes longer.`,
      ),
    ].join(''),
  },
  {
    title: 'List files modified in the last N minutes',
    command: 'find {{path/to/directory}} -type f -mmin -{{60}} 2>/dev/null',
    category: 'file-management',
    author: 'awk_ward',
    tags: ['find'],
    daysAgo: 16,
    description: [
      p(
        `Answers "what just changed?" after an install, a deploy or a misbehaving script. ${code('-mmin -60')} matches files whose content changed less than 60 minutes ago.`,
      ),
      ul(
        `Use ${code('-mtime -1')} to count in days instead of minutes.`,
        `${code('2>/dev/null')} is a redirection, not a placeholder: it hides the ${code('Permission denied')} lines.`,
        `Add ${code('-newer reference-file')} to compare against a file's time instead of the clock.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'cron_jon',
        text: 'Ran it on /etc right after an upgrade and found the two configs that had been replaced.',
        after: 12,
      },
    ],
  },
  {
    title: 'Install your public key on a server for password-less SSH',
    command: 'ssh-copy-id -i ~/.ssh/<key_name>.pub <user>@<host>',
    category: 'networking',
    author: 'pipe_dream',
    tags: ['ssh-copy-id'],
    daysAgo: 2,
    description: [
      p(
        `Appends your public key to ${code('~/.ssh/authorized_keys')} on the server, creating the file with the right permissions if needed. You type the password one last time; after that ${code('ssh user@host')} logs in with the key.`,
      ),
      ul(
        `Without ${code('-i')} it offers every key your agent holds; naming one keeps the server's list short.`,
        `Add ${code('-p 2222')} when SSH listens on another port.`,
        `No key yet? Create one with ${code('ssh-keygen -t ed25519')}.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'grep_guru',
        text: 'Once this works, set PasswordAuthentication no in sshd_config and the brute-force noise stops.',
        after: 4,
      },
    ],
  },
  {
    title: 'Show the whole certificate chain a server sends',
    command: 'openssl s_client -connect <host>:<port> -servername <host> -showcerts </dev/null',
    category: 'networking',
    author: 'grep_guru',
    tags: ['openssl'],
    daysAgo: 6,
    description: [
      p(
        `Prints every certificate the server presents, leaf first, each as a PEM block with its subject and issuer. The first thing to check when one client trusts a site and another does not: a missing intermediate shows up at once.`,
      ),
      ul(
        `The host appears twice: once to connect and once as SNI (${code('-servername')}), so you type it once in the form.`,
        `${code('</dev/null')} is a redirection that ends the session after the handshake; it is not a placeholder.`,
        `The ${code('Verify return code')} line at the end says whether the chain checks out.`,
      ),
    ].join(''),
  },
  {
    title: "List someone's commits since a date",
    command: "git log --author='<name>' --since='<date>' --oneline",
    category: 'git-dev-tools',
    author: 'kernel_kate',
    tags: ['git'],
    daysAgo: 4,
    description: [
      p(`A quick "what did I do this week" for a stand-up or a timesheet, one line per commit.`),
      ul(
        `${code('--author')} matches part of the name or email, so ${code('kate')} is enough.`,
        `${code('--since')} takes dates like ${code('2024-05-01')} or phrases like ${code('2 weeks ago')}; the quotes keep the spaces together.`,
        `Add ${code('--all')} to include commits on every branch.`,
      ),
    ].join(''),
    comments: [
      {
        author: 'sed_sally',
        text: 'I alias this as git mine with my own name filled in. Saves a minute every Monday.',
        after: 9,
      },
    ],
  },
  {
    title: 'Try a project inside a throwaway container',
    command: 'docker run --rm -it -v "$PWD":/src -w /src <image> sh',
    category: 'docker-containers',
    author: 'zsh_zoe',
    tags: ['docker'],
    daysAgo: 11,
    description: [
      p(
        `Opens a shell in a fresh container with the current directory mounted at ${code('/src')}, so you can build or test with another toolchain without installing it. Pick the image, for example ${code('node:20')} or ${code('python:3.12-slim')}.`,
      ),
      ul(
        `${code('--rm')} deletes the container when you exit; files written under ${code('/src')} stay on your disk.`,
        `${code('-w /src')} starts the shell in the mounted folder.`,
        `Images without ${code('sh')} (distroless ones) need another command in its place.`,
      ),
    ].join(''),
  },
]
