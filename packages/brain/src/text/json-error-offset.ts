/**
 * @module Where JSON text first goes wrong. Node's JSON.parse names the position only for
 * some errors ("Unexpected token '}', ... is not valid JSON" has none); a creator editing
 * clone.json by hand deserves a line and column.
 */

/** The offset of the first character that makes `text` invalid JSON; null when it is valid. */
export function jsonErrorOffset(text: string): number | null {
  let i = 0;
  const space = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i] ?? '')) i += 1;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string): void => {
    for (const char of word) {
      if (text[i] !== char) fail();
      i += 1;
    }
  };
  const string = (): void => {
    i += 1;
    while (i < text.length && text[i] !== '"') {
      const char = text[i] ?? '';
      if (char < ' ') fail();
      if (char === '\\') {
        i += 1;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail();
      }
      i += 1;
    }
    if (i >= text.length) fail();
    i += 1;
  };
  const number = (): void => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match?.[0]) fail();
    i += match?.[0].length ?? 0;
  };
  const value = (): void => {
    space();
    const char = text[i];
    if (char === '{') {
      i += 1;
      space();
      if (text[i] === '}') {
        i += 1;
        return;
      }
      for (;;) {
        space();
        if (text[i] !== '"') fail();
        string();
        space();
        if (text[i] !== ':') fail();
        i += 1;
        value();
        space();
        if (text[i] === '}') break;
        if (text[i] !== ',') fail();
        i += 1;
      }
      i += 1;
    } else if (char === '[') {
      i += 1;
      space();
      if (text[i] === ']') {
        i += 1;
        return;
      }
      for (;;) {
        value();
        space();
        if (text[i] === ']') break;
        if (text[i] !== ',') fail();
        i += 1;
      }
      i += 1;
    } else if (char === '"') string();
    else if (char === 't') literal('true');
    else if (char === 'f') literal('false');
    else if (char === 'n') literal('null');
    else number();
  };
  try {
    value();
    space();
    if (i < text.length) fail();
    return null;
  } catch (offset) {
    return typeof offset === 'number' ? offset : 0;
  }
}
