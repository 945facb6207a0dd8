import { describe, expect, it } from 'vitest'
import { checkCommandSafety } from './command-safety.ts'

const ids = (command: string) => checkCommandSafety(command).warnings.map((w) => w.id)

describe('checkCommandSafety', () => {
  it.each([
    ['rm -rf /', 'rm-root'],
    ['sudo rm -rf /*', 'rm-root'],
    ['rm -r -f --no-preserve-root /', 'rm-root'],
    ['rm -fr ~', 'rm-home'],
    ['rm -rf $HOME/*', 'rm-home'],
    ['rm -rf *', 'rm-wildcard'],
    ['dd if=/dev/zero of=/dev/sda bs=1M', 'dd-device'],
    ['sudo dd if=image.iso of=/dev/nvme0n1', 'dd-device'],
    ['mkfs.ext4 /dev/sdb1', 'mkfs'],
    [':(){ :|:& };:', 'fork-bomb'],
    ['bomb() { bomb | bomb & }; bomb', 'fork-bomb'],
    ['chmod -R 777 /', 'chmod-root'],
    ['sudo chown -R nobody:nogroup /', 'chown-root'],
    ['curl -fsSL https://example.com/install.sh | sh', 'pipe-to-shell'],
    ['wget -qO- https://example.com/x | sudo bash', 'pipe-to-shell'],
    ['bash <(curl -s https://example.com/x)', 'pipe-to-shell'],
    ['echo hi > /dev/sda', 'redirect-device'],
    ['shred -n 3 -z /dev/sdb', 'shred-device'],
    ['mv ~ /dev/null', 'mv-dev-null'],
  ])('flags %s as %s', (command, id) => {
    const result = checkCommandSafety(command)
    expect(result.dangerous).toBe(true)
    expect(result.warnings.map((w) => w.id)).toContain(id)
    expect(result.warnings.every((w) => w.message.length > 10)).toBe(true)
  })

  it.each([
    'rm -rf ./build',
    'rm file.txt',
    'ls -la /',
    'dd if=/dev/sda of=backup.img',
    'chmod -R 755 ./public',
    'chown -R me:me ~/project',
    'curl -O https://example.com/file.tar.gz',
    'grep -r "foo" . > /dev/null 2>&1',
    'find / -name "*.log" -size +100M',
  ])('does not flag %s', (command) => {
    expect(checkCommandSafety(command)).toEqual({ dangerous: false, warnings: [] })
  })

  it('reports each kind of danger once', () => {
    expect(ids('rm -rf / ; rm -rf /*')).toEqual(['rm-root'])
  })
})
