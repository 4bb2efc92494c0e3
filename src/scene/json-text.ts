/**
 * Parsing a scene file's text: `JSON.parse` with the place of a syntax error as line and column
 * (1-based, counted in characters) rather than the engine's character offset, so that a message
 * reads the same in Node and in every browser: `my.json: not valid JSON at line 3, column 5: …`.
 */
import { PhysicsError } from '../core/errors.js';

/** Line and column (both 1-based) of the character at `offset` of `text`. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const end = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let start = 0;
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: end - start + 1 };
}

const WS = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
const DIGIT = (c: number) => c >= 48 && c <= 57;

/**
 * The offset of the first character at which `text` stops being JSON (RFC 8259), or -1 if it is
 * JSON. Iterative — a stack of open containers, no recursion — so any nesting depth is safe.
 * Used only after `JSON.parse` failed, to say where (engines' messages differ, and V8's
 * "Unexpected token" has no position).
 */
export function jsonErrorOffset(text: string): number {
  const n = text.length;
  let i = 0;
  const stack: number[] = []; // 0: array, 1: object
  const skip = () => {
    while (i < n && WS(text.charCodeAt(i))) i++;
  };
  const literal = (word: string) => {
    for (let k = 0; k < word.length; k++, i++) if (text[i] !== word[k]) return false;
    return true;
  };
  const string = (): boolean => {
    i++; // opening quote
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return true;
      }
      if (c < 32) return false;
      if (c === 92) {
        i++;
        const e = text[i];
        if (e === 'u') {
          for (let k = 1; k <= 4; k++) {
            if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) {
              i += k;
              return false;
            }
          }
          i += 5;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i++;
        else return false;
      } else i++;
    }
    return false;
  };
  const number = (): boolean => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else if (DIGIT(text.charCodeAt(i))) while (DIGIT(text.charCodeAt(i))) i++;
    else return false;
    if (text[i] === '.') {
      i++;
      if (!DIGIT(text.charCodeAt(i))) return false;
      while (DIGIT(text.charCodeAt(i))) i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!DIGIT(text.charCodeAt(i))) return false;
      while (DIGIT(text.charCodeAt(i))) i++;
    }
    return true;
  };
  // a value is expected at i; after it, a separator or a closing bracket
  for (;;) {
    skip();
    if (i >= n) return n;
    const c = text[i]!;
    if (c === '{' || c === '[') {
      i++;
      skip();
      const close = c === '{' ? '}' : ']';
      if (text[i] === close) {
        i++;
      } else {
        stack.push(c === '{' ? 1 : 0);
        if (c === '{') {
          if (text[i] !== '"') return i;
          if (!string()) return i;
          skip();
          if (text[i] !== ':') return i;
          i++;
        }
        continue;
      }
    } else if (c === '"') {
      if (!string()) return i;
    } else if (c === '-' || DIGIT(c.charCodeAt(0))) {
      if (!number()) return i;
    } else if (c === 't' || c === 'f' || c === 'n') {
      if (!literal(c === 't' ? 'true' : c === 'f' ? 'false' : 'null')) return i;
    } else return i;
    // after a value: close containers or move to the next element
    for (;;) {
      skip();
      if (stack.length === 0) {
        return i < n ? i : -1;
      }
      const top = stack[stack.length - 1]!;
      if (i >= n) return n;
      const ch = text[i]!;
      if (ch === ',') {
        i++;
        if (top === 1) {
          skip();
          if (text[i] !== '"') return i;
          if (!string()) return i;
          skip();
          if (text[i] !== ':') return i;
          i++;
        }
        break;
      }
      if ((top === 0 && ch === ']') || (top === 1 && ch === '}')) {
        stack.pop();
        i++;
        continue;
      }
      return i;
    }
  }
}

/** Where a JSON.parse error is, as line and column: found by {@link jsonErrorOffset}. */
function errorPlace(text: string, message: string): { line: number; column: number } {
  const at = jsonErrorOffset(text);
  if (at >= 0) return lineColumn(text, at);
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  const pos = /position (\d+)/.exec(message);
  return lineColumn(text, pos ? Number(pos[1]) : text.length);
}

/** The reason without the engine's own place and quoting of the text ("… in JSON at position 12 (line 2 …)"). */
function errorReason(message: string): string {
  const cut = message.search(/ in JSON at position| at position \d+| \(line \d+ column \d+\)|, "/);
  const reason = (cut > 0 ? message.slice(0, cut) : message).replace(/^JSON\.parse: /, '').trim();
  return reason.length > 120 ? `${reason.slice(0, 117)}...` : reason;
}

/**
 * `JSON.parse(text)`, or a `PhysicsError('invalid-scene')` naming `source` and the line and column
 * of the syntax error: `scene.json: not valid JSON at line 3, column 5: Expected double-quoted property name`.
 */
export function parseJsonText(text: string, source = 'scene'): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const { line, column } = errorPlace(text, message);
    throw new PhysicsError(
      'invalid-scene',
      `${source}: not valid JSON at line ${line}, column ${column}: ${errorReason(message)}`,
    );
  }
}
