import { describe, expect, it } from 'vitest'
import { checkCommandSafety } from './command-safety'

const ids = (command: string): string[] => checkCommandSafety(command).map((warning) => warning.id)

describe('checkCommandSafety', () => {
  it('flags recursive deletes of the root, home or current directory', () => {
    expect(ids('sudo rm -rf /')).toEqual(['recursive-delete-root'])
    expect(ids('rm -fr ~')).toEqual(['recursive-delete-root'])
    expect(ids('rm --recursive --force /*')).toEqual(['recursive-delete-root'])
    expect(ids('rm -r -f *')).toEqual(['recursive-delete-root'])
  })

  it('leaves recursive deletes of a named directory alone', () => {
    expect(ids('rm -rf ./build')).toEqual([])
    expect(ids('rm -rf /tmp/cache')).toEqual([])
    expect(ids('find . -name "*.log" -delete')).toEqual([])
  })

  it('flags fork bombs, formatting, raw disk writes and piping downloads into a shell', () => {
    expect(ids(':(){ :|:& };:')).toEqual(['fork-bomb'])
    expect(ids('mkfs.ext4 /dev/sdb1')).toEqual(['format-filesystem'])
    expect(ids('dd if=/dev/zero of=/dev/sda bs=1M')).toEqual(['raw-disk-write'])
    expect(ids('echo hi > /dev/sda')).toEqual(['redirect-to-disk'])
    expect(ids('curl -fsSL https://example.com/install.sh | sudo bash')).toEqual(['pipe-to-shell'])
    expect(ids('chmod -R 777 /')).toEqual(['world-writable-root'])
  })

  it('finds nothing in everyday commands', () => {
    expect(ids('ls -la')).toEqual([])
    expect(ids('dd if=disk.img of=backup.img')).toEqual([])
    expect(ids('curl -O https://example.com/file.tar.gz')).toEqual([])
    expect(ids('echo done > /dev/null')).toEqual([])
  })
})
