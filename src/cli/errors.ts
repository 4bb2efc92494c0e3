/** Turns any error into the one line the CLI prints (never a stack trace). */
import { PhysicsError } from '../core/errors.js';
import { CliError } from './context.js';

const ERRNO_TEXT: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'is a folder, not a file',
  EEXIST: 'already exists',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
};

export function describeError(e: unknown): { line: string; exitCode: number } {
  if (e instanceof CliError) return { line: e.message, exitCode: e.exitCode };
  if (e instanceof PhysicsError) return { line: e.message, exitCode: 1 };
  const err = e as NodeJS.ErrnoException;
  if (err && typeof err === 'object' && typeof err.code === 'string' && err.code in ERRNO_TEXT) {
    const what =
      err.syscall === 'open' || err.syscall === 'mkdir' ? `cannot ${err.syscall}` : 'cannot access';
    const path = err.path ? ` '${err.path}'` : '';
    return { line: `${what}${path}: ${ERRNO_TEXT[err.code]}`, exitCode: 1 };
  }
  const message = err instanceof Error ? err.message : String(e);
  return { line: message.split('\n')[0]!.trim() || 'unknown error', exitCode: 1 };
}
